import {
  addRevenue,
  amendRevenue,
  listRevenues,
  moneyStatusReply,
  paymentModes,
  type RevenueRow,
  revenueAmendmentList,
  revenueCategories,
  type revenueInput,
  revenueReport,
  revenueSources,
  revenues,
  voidRevenue,
} from '@somero/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sum } from 'drizzle-orm';
import type { z } from 'zod';
import { now, today } from '../../core/dates.js';
import { NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { activeMode } from '../fees/index.js';
import { moneyDocument } from '../journal/index.js';
import type { ModuleContext } from '../module.js';
import { checkRange, sendSheet } from '../reports.js';

type RevenueInput = z.infer<typeof revenueInput>;

/** Revenues with their source, category and mode names, newest first. */
async function revenueRows(
  scope: SchoolScope,
  where: SQL,
  page?: { limit: number; offset: number },
): Promise<RevenueRow[]> {
  let q = scope.db
    .select({
      r: revenues,
      sourceName: revenueSources.name,
      categoryId: revenueCategories.id,
      categoryName: revenueCategories.name,
      modeName: paymentModes.name,
    })
    .from(revenues)
    .innerJoin(
      revenueSources,
      and(eq(revenueSources.schoolId, revenues.schoolId), eq(revenueSources.id, revenues.sourceId)),
    )
    .innerJoin(
      revenueCategories,
      and(eq(revenueCategories.schoolId, revenueSources.schoolId), eq(revenueCategories.id, revenueSources.categoryId)),
    )
    .innerJoin(paymentModes, and(eq(paymentModes.schoolId, revenues.schoolId), eq(paymentModes.id, revenues.modeId)))
    .where(where)
    .orderBy(desc(revenues.receivedOn), desc(revenues.id))
    .$dynamic();
  if (page) q = q.limit(page.limit).offset(page.offset);
  return (await q).map(({ r, sourceName, categoryId, categoryName, modeName }) => ({
    id: r.id,
    source_id: r.sourceId,
    source_name: sourceName,
    category_id: categoryId,
    category_name: categoryName,
    amount: r.amount,
    received_on: r.receivedOn,
    mode_id: r.modeId,
    mode_name: modeName,
    received_from: r.receivedFrom,
    reference: r.reference,
    description: r.description,
    recorded_by: r.recordedBy,
    amend_reason: r.amendReason,
    ...moneyStatusReply(r),
  }));
}

async function revenueRow(scope: SchoolScope, id: number) {
  const [row] = await revenueRows(scope, scope.mine(revenues, eq(revenues.id, id)));
  if (!row) throw new NotFound('revenue');
  return row;
}

/** A revenue's fields, checked: a positive amount, a date not in the future, this school's source and mode. */
async function checked(scope: SchoolScope, input: RevenueInput) {
  if (input.amount <= 0) throw new Refusal('Enter an amount above zero, in whole shillings.');
  const on = input.received_on ?? today();
  if (on > today()) throw new Refusal('The date received cannot be in the future.');
  const [source] = await scope.db
    .select({ id: revenueSources.id })
    .from(revenueSources)
    .where(scope.mine(revenueSources, eq(revenueSources.id, input.source_id)));
  if (!source) throw new NotFound('revenue source');
  await activeMode(scope, input.mode_id);
  return {
    sourceId: input.source_id,
    amount: input.amount,
    receivedOn: on,
    modeId: input.mode_id,
    receivedFrom: input.received_from ?? null,
    reference: input.reference ?? null,
    description: input.description ?? null,
  };
}

/** The valid revenues of a range, summed per source and per mode (one query each). */
async function reportOf(scope: SchoolScope, from: string, to: string, categoryId?: number) {
  const where = scope.mine(
    revenues,
    eq(revenues.status, 'valid'),
    gte(revenues.receivedOn, from),
    lte(revenues.receivedOn, to),
    categoryId ? eq(revenueSources.categoryId, categoryId) : undefined,
  );
  const [bySource, byMode] = await Promise.all([
    scope.db
      .select({
        categoryId: revenueCategories.id,
        categoryName: revenueCategories.name,
        sourceId: revenueSources.id,
        sourceName: revenueSources.name,
        count: count(),
        amount: sum(revenues.amount),
      })
      .from(revenues)
      .innerJoin(
        revenueSources,
        and(eq(revenueSources.schoolId, revenues.schoolId), eq(revenueSources.id, revenues.sourceId)),
      )
      .innerJoin(
        revenueCategories,
        and(
          eq(revenueCategories.schoolId, revenueSources.schoolId),
          eq(revenueCategories.id, revenueSources.categoryId),
        ),
      )
      .where(where)
      .groupBy(revenueCategories.id, revenueCategories.name, revenueSources.id, revenueSources.name)
      .orderBy(asc(revenueCategories.name), asc(revenueSources.name)),
    scope.db
      .select({ modeId: paymentModes.id, modeName: paymentModes.name, count: count(), amount: sum(revenues.amount) })
      .from(revenues)
      .innerJoin(
        revenueSources,
        and(eq(revenueSources.schoolId, revenues.schoolId), eq(revenueSources.id, revenues.sourceId)),
      )
      .innerJoin(paymentModes, and(eq(paymentModes.schoolId, revenues.schoolId), eq(paymentModes.id, revenues.modeId)))
      .where(where)
      .groupBy(paymentModes.id, paymentModes.name)
      .orderBy(asc(paymentModes.name)),
  ]);
  const categories: {
    category_id: number;
    category_name: string;
    count: number;
    amount: number;
    sources: { source_id: number; source_name: string; count: number; amount: number }[];
  }[] = [];
  for (const s of bySource) {
    let c = categories.at(-1);
    if (c?.category_id !== s.categoryId) {
      c = { category_id: s.categoryId, category_name: s.categoryName, count: 0, amount: 0, sources: [] };
      categories.push(c);
    }
    const amount = Number(s.amount ?? 0);
    c.sources.push({ source_id: s.sourceId, source_name: s.sourceName, count: s.count, amount });
    c.count += s.count;
    c.amount += amount;
  }
  return {
    from,
    to,
    categories,
    modes: byMode.map((m) => ({ mode_id: m.modeId, mode_name: m.modeName, count: m.count, amount: Number(m.amount) })),
    total: {
      count: categories.reduce((n, c) => n + c.count, 0),
      amount: categories.reduce((n, c) => n + c.amount, 0),
    },
  };
}

/** A revenue: Dr the mode it was received into, Cr the income of its source's category. */
export const revenueDocument = moneyDocument({
  kind: 'revenue',
  table: revenues,
  module: 'revenues',
  noun: 'revenue',
  async postings(scope, ids) {
    const rows = await scope.db
      .select({ r: revenues, source: revenueSources.name, categoryId: revenueSources.categoryId })
      .from(revenues)
      .innerJoin(
        revenueSources,
        and(eq(revenueSources.schoolId, revenues.schoolId), eq(revenueSources.id, revenues.sourceId)),
      )
      .where(scope.mine(revenues, inArray(revenues.id, ids), eq(revenues.status, 'valid')));
    return rows.map(({ r, source, categoryId }) => ({
      date: r.receivedOn,
      source: { kind: 'revenue', id: r.id },
      memo: `Revenue: ${source}${r.receivedFrom ? ` from ${r.receivedFrom}` : ''}`,
      reference: r.reference,
      lines: [
        { account: `mode:${r.modeId}`, debit: r.amount },
        { account: `revenue:${categoryId}`, credit: r.amount },
      ],
    }));
  },
});

/** Revenue screens show no notice on success (specification), so writes answer an empty message. */
const silently = <T>(data: T) => ({ data, message: '' });

export function revenueRoutes({ serve }: ModuleContext) {
  serve(listRevenues, async ({ input, scope }) => {
    const search = input.search ? `%${input.search}%` : undefined;
    const filters = [
      input.from ? gte(revenues.receivedOn, input.from) : undefined,
      input.to ? lte(revenues.receivedOn, input.to) : undefined,
      input.category_id ? eq(revenueSources.categoryId, input.category_id) : undefined,
      input.source_id ? eq(revenues.sourceId, input.source_id) : undefined,
      input.mode_id ? eq(revenues.modeId, input.mode_id) : undefined,
      search
        ? or(
            ilike(revenues.receivedFrom, search),
            ilike(revenues.reference, search),
            ilike(revenues.description, search),
            ilike(revenueSources.name, search),
          )
        : undefined,
    ];
    const where = scope.mine(revenues, input.status ? eq(revenues.status, input.status) : undefined, ...filters);
    const [rows, [counted], [valid]] = await Promise.all([
      revenueRows(scope, where, { limit: input.per_page, offset: (input.page - 1) * input.per_page }),
      scope.db
        .select({ n: count() })
        .from(revenues)
        .innerJoin(
          revenueSources,
          and(eq(revenueSources.schoolId, revenues.schoolId), eq(revenueSources.id, revenues.sourceId)),
        )
        .where(where),
      // The totals leave void revenues out, whatever the status filter.
      scope.db
        .select({ n: count(), amount: sum(revenues.amount) })
        .from(revenues)
        .innerJoin(
          revenueSources,
          and(eq(revenueSources.schoolId, revenues.schoolId), eq(revenueSources.id, revenues.sourceId)),
        )
        .where(and(where, eq(revenues.status, 'valid'))),
    ]);
    return {
      data: rows,
      page: input.page,
      per_page: input.per_page,
      total: counted?.n ?? 0,
      totals: { count: valid?.n ?? 0, amount: Number(valid?.amount ?? 0) },
    };
  });

  serve(addRevenue, async ({ input, scope }) => {
    const created = await scope.transaction(async (tx) => {
      const values = await checked(tx, input);
      const made = await tx.table(revenues, 'revenues').insert({ ...values, recordedBy: tx.actor.name ?? 'System' });
      await revenueDocument.post(tx, [made.id]);
      return made;
    });
    return silently(await revenueRow(scope, created.id));
  });

  serve(amendRevenue, async ({ id, input, scope }) => {
    const { reason, ...fields } = input;
    // The row is locked first: a void at the same moment is applied before or after, never overwritten.
    await revenueDocument.amend(scope, id, reason, async (tx) => ({
      ...(await checked(tx, fields)),
      amendReason: reason,
      amendedAt: now(),
      amendedBy: tx.actor.name ?? 'System',
    }));
    return silently(await revenueRow(scope, id));
  });

  serve(revenueAmendmentList, async ({ id, scope }) => ({ data: await revenueDocument.history(scope, id) }));
  serve(voidRevenue, async ({ id, input, scope }) => {
    await revenueDocument.void(scope, id, input.reason);
    return silently(await revenueRow(scope, id));
  });

  serve(revenueReport, async ({ input, scope, reply }) => {
    checkRange(input.from, input.to);
    const report = await reportOf(scope, input.from, input.to, input.category_id);
    if (input.format !== 'xlsx') return { data: report };
    const rows: Record<string, unknown>[] = [];
    for (const c of report.categories) {
      for (const s of c.sources)
        rows.push({ category: c.category_name, source: s.source_name, count: s.count, amount: s.amount });
      rows.push({ category: `${c.category_name} total`, source: '', count: c.count, amount: c.amount });
    }
    rows.push({ category: 'Total', source: '', count: report.total.count, amount: report.total.amount });
    return sendSheet(
      reply,
      'revenue_report.xlsx',
      `Revenues ${input.from} to ${input.to}`,
      [
        { header: 'Category', key: 'category', width: 28 },
        { header: 'Source', key: 'source', width: 32 },
        { header: 'Count', key: 'count', width: 8 },
        { header: 'Amount (UGX)', key: 'amount', width: 16 },
      ],
      rows,
    );
  });
}
