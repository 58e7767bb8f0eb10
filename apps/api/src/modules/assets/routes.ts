import {
  type AssetPurchaseRow,
  type AssetRow,
  addAssetPurchase,
  amendAssetPurchase,
  assetCategories,
  assetItems,
  assetLocations,
  assetPurchaseAmendmentList,
  type assetPurchaseInput,
  assetPurchases,
  assetRegister,
  assets,
  counters,
  disposeAsset,
  listAssetPurchases,
  moneyStatusReply,
  paymentModes,
  printAssetLabels,
  purchaseLabels,
  schools,
  suppliers,
  updateAssetLabel,
  viewAssetPurchases,
  viewAssets,
  voidAssetPurchase,
} from '@somero/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, type SQL, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import { now, today } from '../../core/dates.js';
import { Conflict, Invalid, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { activeMode } from '../fees/index.js';
import { moneyDocument } from '../journal/index.js';
import type { ModuleContext } from '../module.js';
import { sendSheet } from '../reports.js';
import { assetTag, depreciation, schoolTagCode, tagCode } from './asset-rules.js';
import { assetLabelsPdf } from './labels-pdf.js';

type PurchaseInput = z.infer<typeof assetPurchaseInput>;
const by = (scope: SchoolScope) => scope.actor.name ?? 'System';

/** Purchases with their item, category, location, supplier and mode names, newest first. */
async function purchaseRows(
  scope: SchoolScope,
  where: SQL,
  page?: { limit: number; offset: number },
): Promise<AssetPurchaseRow[]> {
  let q = scope.db
    .select({
      p: assetPurchases,
      itemName: assetItems.name,
      categoryId: assetCategories.id,
      categoryName: assetCategories.name,
      locationName: assetLocations.name,
      supplierName: suppliers.name,
      modeName: paymentModes.name,
    })
    .from(assetPurchases)
    .innerJoin(
      assetItems,
      and(eq(assetItems.schoolId, assetPurchases.schoolId), eq(assetItems.id, assetPurchases.itemId)),
    )
    .innerJoin(
      assetCategories,
      and(eq(assetCategories.schoolId, assetItems.schoolId), eq(assetCategories.id, assetItems.categoryId)),
    )
    .innerJoin(
      assetLocations,
      and(eq(assetLocations.schoolId, assetPurchases.schoolId), eq(assetLocations.id, assetPurchases.locationId)),
    )
    .leftJoin(
      suppliers,
      and(eq(suppliers.schoolId, assetPurchases.schoolId), eq(suppliers.id, assetPurchases.supplierId)),
    )
    .leftJoin(
      paymentModes,
      and(eq(paymentModes.schoolId, assetPurchases.schoolId), eq(paymentModes.id, assetPurchases.modeId)),
    )
    .where(where)
    .orderBy(desc(assetPurchases.purchasedOn), desc(assetPurchases.id))
    .$dynamic();
  if (page) q = q.limit(page.limit).offset(page.offset);
  return (await q).map(({ p, itemName, categoryId, categoryName, locationName, supplierName, modeName }) => ({
    id: p.id,
    item_id: p.itemId,
    item_name: itemName,
    category_id: categoryId,
    category_name: categoryName,
    quantity: p.quantity,
    unit_cost: p.unitCost,
    amount: p.amount,
    purchased_on: p.purchasedOn,
    supplier_id: p.supplierId,
    supplier_name: supplierName,
    location_id: p.locationId,
    location_name: locationName,
    condition: p.condition,
    on_credit: p.onCredit,
    mode_id: p.modeId,
    mode_name: modeName,
    reference: p.reference,
    description: p.description,
    recorded_by: p.recordedBy,
    amend_reason: p.amendReason,
    ...moneyStatusReply(p),
  }));
}

async function purchaseRow(scope: SchoolScope, id: number) {
  const [row] = await purchaseRows(scope, scope.mine(assetPurchases, eq(assetPurchases.id, id)));
  if (!row) throw new NotFound('asset purchase');
  return row;
}

const purchaseFrom = () =>
  [
    assetItems,
    and(eq(assetItems.schoolId, assetPurchases.schoolId), eq(assetItems.id, assetPurchases.itemId)),
  ] as const;

type PurchaseFilters = {
  from?: string;
  to?: string;
  item_id?: number;
  location_id?: number;
  status?: 'valid' | 'void';
  search?: string | null;
};

/** The paged purchases list with the totals of the valid ones (GET asset_purchases and POST view_asset_purchases). */
async function purchaseList(scope: SchoolScope, input: PurchaseFilters & { page: number; per_page: number }) {
  const search = input.search ? `%${input.search}%` : undefined;
  const where = scope.mine(
    assetPurchases,
    input.from ? gte(assetPurchases.purchasedOn, input.from) : undefined,
    input.to ? lte(assetPurchases.purchasedOn, input.to) : undefined,
    input.item_id ? eq(assetPurchases.itemId, input.item_id) : undefined,
    input.location_id ? eq(assetPurchases.locationId, input.location_id) : undefined,
    input.status ? eq(assetPurchases.status, input.status) : undefined,
    search
      ? or(
          ilike(assetItems.name, search),
          ilike(assetPurchases.reference, search),
          ilike(assetPurchases.description, search),
        )
      : undefined,
  );
  const [rows, [counted], [valid]] = await Promise.all([
    purchaseRows(scope, where, { limit: input.per_page, offset: (input.page - 1) * input.per_page }),
    scope.db
      .select({ n: count() })
      .from(assetPurchases)
      .innerJoin(...purchaseFrom())
      .where(where),
    scope.db
      .select({ n: count(), quantity: sum(assetPurchases.quantity), amount: sum(assetPurchases.amount) })
      .from(assetPurchases)
      .innerJoin(...purchaseFrom())
      .where(and(where, eq(assetPurchases.status, 'valid'))),
  ]);
  return {
    data: rows,
    page: input.page,
    per_page: input.per_page,
    total: counted?.n ?? 0,
    totals: { count: valid?.n ?? 0, quantity: Number(valid?.quantity ?? 0), amount: Number(valid?.amount ?? 0) },
  };
}

/**
 * A purchase's fields, checked: a unit cost above zero, a date not in the future, this school's item,
 * location, supplier and mode; paid from a mode in use, or on credit from a supplier.
 */
async function checked(scope: SchoolScope, input: PurchaseInput) {
  if (input.unit_cost <= 0) throw new Refusal('Enter a unit cost above zero, in whole shillings.');
  const amount = input.quantity * input.unit_cost;
  if (amount > 2_000_000_000) throw new Invalid('unit_cost', 'The total is too large for one purchase');
  const on = input.purchased_on ?? today();
  if (on > today()) throw new Refusal('The purchase date cannot be in the future.');
  const [item] = await scope.db
    .select({ categoryId: assetItems.categoryId, code: assetCategories.code })
    .from(assetItems)
    .innerJoin(
      assetCategories,
      and(eq(assetCategories.schoolId, assetItems.schoolId), eq(assetCategories.id, assetItems.categoryId)),
    )
    .where(scope.mine(assetItems, eq(assetItems.id, input.item_id)));
  if (!item) throw new NotFound('asset item');
  await location(scope, input.location_id);
  if (input.supplier_id) {
    const [found] = await scope.db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(scope.mine(suppliers, eq(suppliers.id, input.supplier_id)));
    if (!found) throw new NotFound('supplier');
  }
  if (input.on_credit) {
    if (!input.supplier_id) throw new Invalid('supplier_id', 'Choose the supplier who gave it on credit');
  } else {
    if (!input.mode_id) throw new Invalid('mode_id', 'Choose the payment mode it was paid from');
    await activeMode(scope, input.mode_id);
  }
  return {
    category: item,
    values: {
      itemId: input.item_id,
      quantity: input.quantity,
      unitCost: input.unit_cost,
      amount,
      purchasedOn: on,
      supplierId: input.supplier_id ?? null,
      locationId: input.location_id,
      condition: input.condition,
      onCredit: input.on_credit,
      modeId: input.on_credit ? null : (input.mode_id ?? null),
      reference: input.reference ?? null,
      description: input.description ?? null,
    },
  };
}

async function location(scope: SchoolScope, id: number) {
  const [found] = await scope.db
    .select({ id: assetLocations.id })
    .from(assetLocations)
    .where(scope.mine(assetLocations, eq(assetLocations.id, id)));
  if (!found) throw new NotFound('asset location');
}

/** A purchase: Dr fixed assets, Cr the mode it was paid from or suppliers payable, dated the purchase. */
export const assetPurchaseDocument = moneyDocument({
  kind: 'asset_purchase',
  table: assetPurchases,
  module: 'assets',
  noun: 'purchase',
  async postings(scope, ids) {
    const rows = await scope.db
      .select({ p: assetPurchases, item: assetItems.name })
      .from(assetPurchases)
      .innerJoin(
        assetItems,
        and(eq(assetItems.schoolId, assetPurchases.schoolId), eq(assetItems.id, assetPurchases.itemId)),
      )
      .where(scope.mine(assetPurchases, inArray(assetPurchases.id, ids), eq(assetPurchases.status, 'valid')));
    return rows.map(({ p, item }) => ({
      date: p.purchasedOn,
      source: { kind: 'asset_purchase', id: p.id },
      memo: `Asset purchase ${p.id}: ${p.quantity} × ${item}`,
      reference: p.reference,
      lines: [
        { account: 'fixed_assets', debit: p.amount },
        { account: p.onCredit ? 'suppliers_payable' : `mode:${p.modeId}`, credit: p.amount },
      ],
    }));
  },
});

/** Tags and rows for `n` new units of a purchase: the category code's next numbers, taken at once. */
async function addUnits(
  scope: SchoolScope,
  purchaseId: number,
  code: string,
  n: number,
  at: { locationId: number; condition: string },
) {
  if (n <= 0) return;
  const series = `asset_tag:${tagCode(code)}`;
  const [counter] = await scope.db
    .insert(counters)
    .values({ schoolId: scope.schoolId, name: series, value: n })
    .onConflictDoUpdate({ target: [counters.schoolId, counters.name], set: { value: sql`${counters.value} + ${n}` } })
    .returning({ last: counters.value });
  const [school] = await scope.db.select({ name: schools.name }).from(schools).where(eq(schools.id, scope.schoolId));
  const prefix = schoolTagCode(school?.name ?? '');
  const first = (counter?.last ?? n) - n + 1;
  const made = await scope.db
    .insert(assets)
    .values(
      Array.from({ length: n }, (_, i) => ({
        schoolId: scope.schoolId,
        purchaseId,
        tag: assetTag(prefix, code, first + i),
        locationId: at.locationId,
        condition: at.condition,
      })),
    )
    .returning();
  await scope.auditMany(
    made.map((a) => ({ action: 'create', module: 'assets', entity: 'assets', entityId: a.id, after: a })),
  );
}

/** Sets some of a purchase's assets' fields, one audit row each. */
async function setAssets(
  scope: SchoolScope,
  ids: number[],
  values: Partial<typeof assets.$inferInsert>,
  action: string,
) {
  if (!ids.length) return;
  const mine = scope.mine(assets, inArray(assets.id, ids));
  const before = await scope.db.select().from(assets).where(mine);
  const after = await scope.db.update(assets).set(values).where(mine).returning();
  const was = new Map(before.map((b) => [b.id, b]));
  await scope.auditMany(
    after.map((a) => ({ action, module: 'assets', entity: 'assets', entityId: a.id, before: was.get(a.id), after: a })),
  );
}

/** Assets with their purchase's item, category, cost and date, and their location. */
function assetQuery(scope: SchoolScope) {
  return scope.db
    .select({
      a: assets,
      itemId: assetItems.id,
      itemName: assetItems.name,
      categoryId: assetCategories.id,
      categoryName: assetCategories.name,
      rate: assetCategories.depreciationRate,
      locationName: assetLocations.name,
      cost: assetPurchases.unitCost,
      purchasedOn: assetPurchases.purchasedOn,
    })
    .from(assets)
    .innerJoin(
      assetPurchases,
      and(eq(assetPurchases.schoolId, assets.schoolId), eq(assetPurchases.id, assets.purchaseId)),
    )
    .innerJoin(
      assetItems,
      and(eq(assetItems.schoolId, assetPurchases.schoolId), eq(assetItems.id, assetPurchases.itemId)),
    )
    .innerJoin(
      assetCategories,
      and(eq(assetCategories.schoolId, assetItems.schoolId), eq(assetCategories.id, assetItems.categoryId)),
    )
    .innerJoin(
      assetLocations,
      and(eq(assetLocations.schoolId, assets.schoolId), eq(assetLocations.id, assets.locationId)),
    )
    .$dynamic();
}
type AssetJoined = Awaited<ReturnType<ReturnType<typeof assetQuery>['execute']>>[number];

const toAssetRow = (r: AssetJoined): AssetRow => ({
  id: r.a.id,
  tag: r.a.tag,
  purchase_id: r.a.purchaseId,
  item_id: r.itemId,
  item_name: r.itemName,
  category_id: r.categoryId,
  category_name: r.categoryName,
  location_id: r.a.locationId,
  location_name: r.locationName,
  condition: r.a.condition,
  note: r.a.note,
  cost: r.cost,
  purchased_on: r.purchasedOn,
  status: r.a.status,
  disposed_on: r.a.disposedOn,
  dispose_reason: r.a.disposeReason,
});

async function assetRow(scope: SchoolScope, id: number) {
  const [row] = await assetQuery(scope).where(scope.mine(assets, eq(assets.id, id)));
  if (!row) throw new NotFound('asset');
  return toAssetRow(row);
}

/** A purchase's assets not voided, by tag. */
async function liveAssets(scope: SchoolScope, purchaseId: number) {
  return scope.db
    .select()
    .from(assets)
    .where(scope.mine(assets, eq(assets.purchaseId, purchaseId), ne(assets.status, 'void')))
    .orderBy(asc(assets.id));
}

export function assetRoutes({ serve }: ModuleContext) {
  serve(listAssetPurchases, ({ input, scope }) => purchaseList(scope, input));
  serve(viewAssetPurchases, ({ input, scope }) => purchaseList(scope, input));

  serve(addAssetPurchase, async ({ input, scope }) => {
    const created = await scope.transaction(async (tx) => {
      const { category, values } = await checked(tx, input);
      const p = await tx.table(assetPurchases, 'assets').insert({ ...values, recordedBy: by(tx) });
      await addUnits(tx, p.id, category.code, values.quantity, values);
      await assetPurchaseDocument.post(tx, [p.id]);
      return p;
    });
    return { data: await purchaseRow(scope, created.id), message: 'Purchase recorded Successfully' };
  });

  serve(amendAssetPurchase, async ({ id, input, scope }) => {
    const { reason, ...fields } = input;
    await assetPurchaseDocument.amend(scope, id, reason, async (tx, before) => {
      const { category, values } = await checked(tx, fields);
      const [old] = await tx.db
        .select({ categoryId: assetItems.categoryId })
        .from(assetItems)
        .where(tx.mine(assetItems, eq(assetItems.id, before.itemId)));
      if (old?.categoryId !== category.categoryId)
        throw new Refusal('Its assets are tagged under another category: void this purchase and record it again.');
      const live = await liveAssets(tx, id);
      const inUse = live.filter((a) => a.status === 'in_use');
      const fewer = live.length - values.quantity;
      if (fewer > inUse.length)
        throw new Refusal(
          `Only ${inUse.length} of this purchase's assets are still in use; it cannot drop to ${values.quantity}.`,
        );
      if (fewer > 0)
        await setAssets(
          tx,
          inUse.slice(-fewer).map((a) => a.id),
          { status: 'void' },
          'void',
        );
      else await addUnits(tx, id, category.code, -fewer, values);
      const moved: Partial<typeof assets.$inferInsert> = {};
      if (values.locationId !== before.locationId) moved.locationId = values.locationId;
      if (values.condition !== before.condition) moved.condition = values.condition;
      if (Object.keys(moved).length)
        await setAssets(
          tx,
          inUse.slice(0, inUse.length - Math.max(fewer, 0)).map((a) => a.id),
          moved,
          'update',
        );
      return { ...values, amendReason: reason, amendedAt: now(), amendedBy: by(tx) };
    });
    return { data: await purchaseRow(scope, id), message: 'Purchase updated Successfully' };
  });

  serve(assetPurchaseAmendmentList, async ({ id, scope }) => ({
    data: await assetPurchaseDocument.history(scope, id),
  }));
  serve(voidAssetPurchase, async ({ id, input, scope }) => {
    await scope.transaction(async (tx) => {
      await assetPurchaseDocument.void(tx, id, input.reason);
      const live = await liveAssets(tx, id);
      await setAssets(
        tx,
        live.map((a) => a.id),
        { status: 'void' },
        'void',
      );
    });
    return { data: await purchaseRow(scope, id), message: 'Purchase voided Successfully' };
  });

  serve(viewAssets, async ({ input, scope }) => {
    const search = input.search ? `%${input.search}%` : undefined;
    const where = scope.mine(
      assets,
      input.category_id ? eq(assetCategories.id, input.category_id) : undefined,
      input.item_id ? eq(assetItems.id, input.item_id) : undefined,
      input.location_id ? eq(assets.locationId, input.location_id) : undefined,
      input.purchase_id ? eq(assets.purchaseId, input.purchase_id) : undefined,
      input.status ? eq(assets.status, input.status) : ne(assets.status, 'void'),
      search ? or(ilike(assets.tag, search), ilike(assetItems.name, search)) : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      assetQuery(scope)
        .where(where)
        .orderBy(asc(assets.tag))
        .limit(input.per_page)
        .offset((input.page - 1) * input.per_page),
      scope.db
        .select({ n: count() })
        .from(assets)
        .innerJoin(
          assetPurchases,
          and(eq(assetPurchases.schoolId, assets.schoolId), eq(assetPurchases.id, assets.purchaseId)),
        )
        .innerJoin(...purchaseFrom())
        .innerJoin(
          assetCategories,
          and(eq(assetCategories.schoolId, assetItems.schoolId), eq(assetCategories.id, assetItems.categoryId)),
        )
        .where(where),
    ]);
    return { data: rows.map(toAssetRow), page: input.page, per_page: input.per_page, total: counted?.n ?? 0 };
  });

  serve(assetRegister, async ({ input, scope, reply }) => {
    const asAt = input.as_at ?? today();
    const rows = await assetQuery(scope)
      .where(
        scope.mine(
          assets,
          eq(assetPurchases.status, 'valid'),
          ne(assets.status, 'void'),
          lte(assetPurchases.purchasedOn, asAt),
          // Disposed assets are held until the day they were written off.
          or(eq(assets.status, 'in_use'), sql`${assets.disposedOn} > ${asAt}`),
          input.category_id ? eq(assetCategories.id, input.category_id) : undefined,
          input.location_id ? eq(assets.locationId, input.location_id) : undefined,
        ),
      )
      .orderBy(asc(assets.tag));
    const register = rows.map((r) => {
      const d = depreciation(r.cost, r.rate, r.purchasedOn, asAt);
      return {
        ...toAssetRow(r),
        depreciation_rate: r.rate,
        months: d.months,
        accumulated_depreciation: d.accumulated,
        book_value: d.bookValue,
      };
    });
    const totals = {
      count: register.length,
      cost: register.reduce((n, r) => n + r.cost, 0),
      accumulated_depreciation: register.reduce((n, r) => n + r.accumulated_depreciation, 0),
      book_value: register.reduce((n, r) => n + r.book_value, 0),
    };
    if (input.format !== 'xlsx') return { data: { as_at: asAt, rows: register, totals } };
    return sendSheet(
      reply,
      'asset_register.xlsx',
      `Asset register as at ${asAt}`,
      [
        { header: 'Tag', key: 'tag', width: 18 },
        { header: 'Item', key: 'item_name', width: 26 },
        { header: 'Category', key: 'category_name', width: 18 },
        { header: 'Location', key: 'location_name', width: 20 },
        { header: 'Condition', key: 'condition', width: 10 },
        { header: 'Purchased', key: 'purchased_on', width: 12 },
        { header: 'Cost (UGX)', key: 'cost', width: 14 },
        { header: 'Rate (%)', key: 'depreciation_rate', width: 9 },
        { header: 'Depreciation (UGX)', key: 'accumulated_depreciation', width: 18 },
        { header: 'Book value (UGX)', key: 'book_value', width: 16 },
      ],
      [
        ...register,
        {
          tag: 'Total',
          cost: totals.cost,
          accumulated_depreciation: totals.accumulated_depreciation,
          book_value: totals.book_value,
        },
      ],
    );
  });

  serve(purchaseLabels, async ({ id, scope }) => {
    const purchase = await purchaseRow(scope, id);
    const rows = await assetQuery(scope)
      .where(scope.mine(assets, eq(assets.purchaseId, id), ne(assets.status, 'void')))
      .orderBy(asc(assets.id));
    return { data: { purchase, assets: rows.map(toAssetRow) } };
  });

  serve(printAssetLabels, async ({ input, scope, reply }) => {
    await purchaseRow(scope, input.purchase_id);
    const chosen = [...new Set(input.asset_ids ?? [])];
    const rows = await assetQuery(scope)
      .where(
        scope.mine(
          assets,
          eq(assets.purchaseId, input.purchase_id),
          ne(assets.status, 'void'),
          chosen.length ? inArray(assets.id, chosen) : undefined,
        ),
      )
      .orderBy(asc(assets.id));
    if (chosen.length && rows.length < chosen.length) throw new NotFound('asset');
    if (!rows.length) throw new Refusal('This purchase has no assets to label.');
    const [school] = await scope.db.select({ name: schools.name }).from(schools).where(eq(schools.id, scope.schoolId));
    const pdf = await assetLabelsPdf(
      school?.name ?? '',
      rows.map((r) => ({ tag: r.a.tag, itemName: r.itemName })),
    );
    return reply.type('application/pdf').header('content-disposition', 'inline; filename="asset-labels.pdf"').send(pdf);
  });

  serve(updateAssetLabel, async ({ id, input, scope }) => {
    await scope.transaction(async (tx) => {
      const a = await tx.table(assets, 'assets').find(id, 'asset');
      if (a.status === 'void') throw new Conflict('This asset’s purchase was voided.');
      await location(tx, input.location_id);
      await tx
        .table(assets, 'assets')
        .update(id, { locationId: input.location_id, condition: input.condition, note: input.note ?? null });
    });
    return { data: await assetRow(scope, id), message: 'Asset updated Successfully' };
  });

  serve(disposeAsset, async ({ id, input, scope }) => {
    await scope.transaction(async (tx) => {
      const a = await tx.table(assets, 'assets').find(id, 'asset');
      if (a.status !== 'in_use') throw new Conflict('This asset is no longer in use.');
      const on = input.disposed_on ?? today();
      if (on > today()) throw new Refusal('The date written off cannot be in the future.');
      const [p] = await tx.db
        .select({ purchasedOn: assetPurchases.purchasedOn })
        .from(assetPurchases)
        .where(tx.mine(assetPurchases, eq(assetPurchases.id, a.purchaseId)));
      if (p && on < p.purchasedOn) throw new Refusal('The date written off is before the asset was bought.');
      await tx
        .table(assets, 'assets')
        .update(id, { status: 'disposed', disposedOn: on, disposeReason: input.reason, disposedBy: by(tx) }, 'dispose');
    });
    return { data: await assetRow(scope, id), message: 'Asset written off Successfully' };
  });
}
