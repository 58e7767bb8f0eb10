import {
  allows,
  type arrearLine,
  classes,
  downloadRequirementsReport,
  type RequirementCell,
  type RequirementReport,
  requirementArrearsList,
  requirementCollections,
  requirementGrid,
  requirements,
  requirementsReport,
  saveCollection,
  studentRequirements,
  studentTerms,
} from '@somero/contract';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { now as clockNow } from '../../core/dates.js';
import { Invalid, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { beforeRemove } from '../../resources/engine.js';
import { ensureEnrolled } from '../enrolment/index.js';
import type { ModuleContext } from '../module.js';
import { sendSheet } from '../reports.js';
import { currentTerm } from '../settings/index.js';
import { enrolledIn, type History, historiesOf, termOf } from './history.js';
import { clearedOf, type Figures, type Given, itemKey, paidProblem, receivedOf, totalsByItem } from './rules.js';

type ArrearLine = z.infer<typeof arrearLine>;

const figures = (f: Figures) => ({
  carried: f.carried,
  required: f.required,
  brought: f.brought,
  paid: f.paid,
  paid_items: f.paid_items,
  owed: f.owed,
  money_value: f.money_value,
});

/** The term asked for, or the current one; the current term's students are enrolled first. */
async function termAsked(scope: SchoolScope, input: { year?: number; term?: number }, classId?: number) {
  const now = await currentTerm(scope);
  const year = input.year ?? now.year;
  const term = input.term ?? now.term;
  if (year === now.year && term === now.term) await ensureEnrolled(scope, year, term, undefined, classId);
  return { year, term };
}

const matches = (h: History, search?: string | null) => {
  if (!search) return true;
  const s = search.toLowerCase();
  return h.who.name.toLowerCase().includes(s) || h.who.admissionNo.toLowerCase().includes(s);
};

async function classOf(scope: SchoolScope, id: number) {
  const [c] = await scope.db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(scope.mine(classes, eq(classes.id, id)));
  if (!c) throw new NotFound('class');
  return c;
}

/**
 * One page of lines worked out for the whole term: the arrears and the report need every student's
 * history for their totals anyway, so the page is cut from the sorted lines, not from the database.
 */
const pageOf = <T>(lines: T[], input: { page: number; per_page: number }) => ({
  data: lines.slice((input.page - 1) * input.per_page, input.page * input.per_page),
  page: input.page,
  per_page: input.per_page,
  total: lines.length,
});

/** The report's lines: one per student and item of the term (list, arrears or something brought). */
async function reportOf(
  scope: SchoolScope,
  input: { year: number; term: number; class_id?: number; student_id?: number; item?: string | null },
): Promise<RequirementReport> {
  if (input.class_id) await classOf(scope, input.class_id);
  const { histories, classNames } = await historiesOf(
    scope,
    enrolledIn(scope, input.year, input.term, { classId: input.class_id, studentId: input.student_id }),
    input.year,
    input.term,
  );
  const wanted = input.item ? itemKey(input.item) : undefined;
  const lines: RequirementReport['lines'] = [];
  for (const h of histories.values()) {
    const t = termOf(h, input.year, input.term);
    if (!t) continue;
    for (const [key, f] of t.items) {
      if (wanted && key !== wanted) continue;
      lines.push({
        student_id: h.who.id,
        name: h.who.name,
        admission_no: h.who.admissionNo,
        class_name: classNames.get(t.classId) ?? '',
        item: f.name,
        ...figures(f),
      });
    }
  }
  lines.sort((a, b) => a.class_name.localeCompare(b.class_name) || a.name.localeCompare(b.name));
  return { year: input.year, term: input.term, lines, items: totalsByItem(lines) };
}

function sendReport(reply: FastifyReply, report: RequirementReport) {
  return sendSheet(
    reply,
    'requirements.xlsx',
    `Requirements T${report.term} ${report.year}`,
    [
      { header: 'Student', key: 'name', width: 28 },
      { header: 'Adm. No', key: 'admission_no', width: 12 },
      { header: 'Class', key: 'class_name', width: 8 },
      { header: 'Item', key: 'item', width: 24 },
      { header: 'Arrears', key: 'carried', width: 9 },
      { header: 'Required', key: 'required', width: 9 },
      { header: 'Brought', key: 'brought', width: 9 },
      { header: 'Paid (UGX)', key: 'paid', width: 12 },
      { header: 'Owed', key: 'owed', width: 8 },
    ],
    [
      ...report.lines,
      ...report.items.map((i) => ({ ...i, name: `Total: ${i.item}`, admission_no: '', class_name: '' })),
    ],
  );
}

/**
 * A list line is not removed while students' collections of its term record its item: they would then
 * count against nothing. Collections brought down to nothing (on the grid, with a reason) do not count.
 */
async function refuseLineWithCollections(scope: SchoolScope, line: Record<string, unknown>) {
  const { year, term, classId, section, entrants, name } = line as {
    year: number;
    term: number;
    classId: number;
    section: string;
    entrants: string;
    name: string;
  };
  const students = scope.db
    .select({ id: studentTerms.studentId })
    .from(studentTerms)
    .where(
      scope.mine(
        studentTerms,
        eq(studentTerms.year, year),
        eq(studentTerms.term, term),
        eq(studentTerms.classId, classId),
        section === 'all' ? undefined : eq(studentTerms.section, section),
        entrants === 'new' ? eq(studentTerms.isNew, true) : undefined,
      ),
    );
  const n = await scope
    .table(requirementCollections, 'requirements')
    .count(
      and(
        eq(requirementCollections.year, year),
        eq(requirementCollections.term, term),
        sql`lower(${requirementCollections.item}) = ${itemKey(name)}`,
        or(gt(requirementCollections.brought, 0), gt(requirementCollections.paid, 0)),
        inArray(requirementCollections.studentId, students),
      ),
    );
  if (n > 0)
    throw new Refusal(
      `Requirement ${name} cannot be removed: ${n} ${n === 1 ? 'collection records' : 'collections record'} it. ` +
        'Set them to nothing on the collection grid first.',
    );
}

export function requirementRoutes({ serve }: ModuleContext) {
  beforeRemove('student/requirements', refuseLineWithCollections);

  serve(requirementGrid, async ({ input, scope, caller }) => {
    const cls = await classOf(scope, input.class_id);
    const { year, term } = await termAsked(scope, input, cls.id);
    const { histories } = await historiesOf(
      scope,
      enrolledIn(scope, year, term, { classId: cls.id, section: input.section }),
      year,
      term,
    );
    // Items: the class's lists for the term, then anything a student owes or brought besides.
    const listed = await scope.db
      .select({ name: requirements.name, moneyValue: requirements.moneyValue })
      .from(requirements)
      .where(
        scope.mine(
          requirements,
          eq(requirements.year, year),
          eq(requirements.term, term),
          eq(requirements.classId, cls.id),
        ),
      )
      .orderBy(asc(requirements.id));
    const items = new Map<string, { key: string; name: string; money_value: number | null }>();
    for (const l of listed)
      if (!items.has(itemKey(l.name)))
        items.set(itemKey(l.name), { key: itemKey(l.name), name: l.name, money_value: l.moneyValue });
    const rows = [];
    for (const h of histories.values()) {
      const t = termOf(h, year, term);
      if (!t || !matches(h, input.search)) continue;
      const cells: Record<string, RequirementCell> = {};
      for (const [key, f] of t.items) {
        if (!items.has(key)) items.set(key, { key, name: f.name, money_value: f.money_value });
        cells[key] = { ...figures(f), version: null };
      }
      rows.push({
        id: h.who.id,
        name: h.who.name,
        admission_no: h.who.admissionNo,
        section: t.section,
        is_new: t.isNew,
        cells,
      });
    }
    // The cells' versions.
    const saved = await scope.db
      .select({
        studentId: requirementCollections.studentId,
        item: requirementCollections.item,
        at: requirementCollections.updatedAt,
      })
      .from(requirementCollections)
      .where(
        scope.mine(
          requirementCollections,
          eq(requirementCollections.year, year),
          eq(requirementCollections.term, term),
          sql`${requirementCollections.studentId} in (${enrolledIn(scope, year, term, { classId: cls.id })})`,
        ),
      );
    const byStudent = new Map(rows.map((r) => [r.id, r]));
    for (const s of saved) {
      const cell = byStudent.get(s.studentId)?.cells[itemKey(s.item)];
      if (cell) cell.version = s.at.toISOString();
    }
    return {
      data: {
        year,
        term,
        class_id: cls.id,
        class_name: cls.name,
        editable: allows({ type: caller.type, flags: caller.flags }, 'collect_requirements'),
        items: [...items.values()],
        students: rows,
      },
    };
  });

  serve(saveCollection, async ({ input, scope }) => {
    const studentIds = [...new Set(input.cells.map((c) => c.student_id))];
    const result = await scope.transaction(async (tx) => {
      const { histories } = await historiesOf(tx, studentIds, input.year, input.term);
      const existing = await tx.db
        .select()
        .from(requirementCollections)
        .where(
          tx.mine(
            requirementCollections,
            eq(requirementCollections.year, input.year),
            eq(requirementCollections.term, input.term),
            sql`${requirementCollections.studentId} in (${sql.join(
              studentIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ),
        )
        .for('update');
      const rowOf = (studentId: number, key: string) =>
        existing.find((r) => r.studentId === studentId && itemKey(r.item) === key);
      const changes: { item: string; before: Given | null; after: Given }[] = [];
      const seen = new Set<string>();
      for (const [i, cell] of input.cells.entries()) {
        const h = histories.get(cell.student_id);
        if (!h) throw new NotFound('student');
        const t = termOf(h, input.year, input.term);
        if (!t) throw new Refusal(`${h.who.name} was not enrolled in term ${input.term} of ${input.year}.`);
        const key = itemKey(cell.item);
        if (seen.has(`${cell.student_id}:${key}`)) throw new Invalid(`cells.${i}.item`, 'This cell is sent twice');
        seen.add(`${cell.student_id}:${key}`);
        const f = t.items.get(key);
        if (!f) throw new Invalid(`cells.${i}.item`, `${cell.item} is not on ${h.who.name}'s list this term`);
        const problem = paidProblem(cell.paid, f.money_value, f.name);
        if (problem) throw new Invalid(`cells.${i}.paid`, problem);
        const before = rowOf(cell.student_id, key);
        const version = before?.updatedAt.toISOString() ?? null;
        if (version !== cell.version)
          throw new Refusal(
            `${before?.recordedBy ?? 'Someone'} changed ${h.who.name}'s ${f.name} since you loaded it (now ${before?.brought ?? 0} brought). Load the grid again.`,
          );
        if (before && before.brought === cell.brought && before.paid === cell.paid) continue;
        const lowered = before && (cell.brought < before.brought || cell.paid < before.paid);
        if (lowered && !input.reason)
          throw new Invalid('reason', `Say why ${h.who.name}'s ${f.name} goes down from ${before.brought} brought`);
        const after = { brought: cell.brought, paid: cell.paid, recordedBy: tx.actor.name ?? 'System' };
        if (before) {
          const [row] = await tx.db
            .update(requirementCollections)
            .set({ ...after, updatedAt: clockNow() })
            .where(tx.mine(requirementCollections, eq(requirementCollections.id, before.id)))
            .returning();
          await tx.audit({
            action: lowered ? 'correct' : 'update',
            module: 'requirements',
            entity: 'requirement_collections',
            entityId: before.id,
            before,
            after: lowered ? { ...row, reason: input.reason } : row,
          });
        } else {
          await tx
            .table(requirementCollections, 'requirements')
            .insert({ studentId: cell.student_id, year: input.year, term: input.term, item: f.name, ...after });
        }
        changes.push({
          item: f.name,
          before: before ?? null,
          after: { year: input.year, term: input.term, item: f.name, brought: cell.brought, paid: cell.paid },
        });
      }
      return changes;
    });
    // The cells as they now stand (what is owed follows from the new figures).
    const { histories } = await historiesOf(scope, studentIds, input.year, input.term);
    const saved = await scope.db
      .select({
        studentId: requirementCollections.studentId,
        item: requirementCollections.item,
        at: requirementCollections.updatedAt,
      })
      .from(requirementCollections)
      .where(
        scope.mine(
          requirementCollections,
          eq(requirementCollections.year, input.year),
          eq(requirementCollections.term, input.term),
        ),
      );
    const cells = input.cells.map((c) => {
      const key = itemKey(c.item);
      const f = termOf(histories.get(c.student_id) as History, input.year, input.term)?.items.get(key) as Figures;
      const v = saved.find((s) => s.studentId === c.student_id && itemKey(s.item) === key);
      return { student_id: c.student_id, key, cell: { ...figures(f), version: v?.at.toISOString() ?? null } };
    });
    return {
      data: { cells, received: receivedOf(result) },
      message: result.length ? 'Requirements saved' : 'Nothing changed',
    };
  });

  serve(studentRequirements, async ({ input, scope }) => {
    const now = await currentTerm(scope);
    await ensureEnrolled(scope, now.year, now.term, [input.student_id]);
    const { histories, classNames } = await historiesOf(scope, [input.student_id], now.year, now.term);
    const h = histories.get(input.student_id);
    if (!h) throw new NotFound('student');
    return {
      data: {
        student: { id: h.who.id, name: h.who.name, admission_no: h.who.admissionNo, class_name: h.who.className },
        terms: h.statement.map((t) => ({
          year: t.year,
          term: t.term,
          class_name: classNames.get(t.classId) ?? '',
          section: t.section,
          lines: [...t.items.values()].map((f) => ({ item: f.name, ...figures(f) })),
        })),
        opening: h.opening.map((o) => ({ id: o.id, item: o.name, quantity: o.quantity, note: o.note })),
        owed: h.statement.length
          ? [...(h.statement.at(-1)?.items.values() ?? [])]
              .filter((f) => f.owed > 0)
              .map((f) => ({ item: f.name, quantity: f.owed, money_value: f.money_value }))
          : h.opening.map((o) => ({ item: o.name, quantity: o.quantity, money_value: o.moneyValue })),
      },
    };
  });

  serve(requirementArrearsList, async ({ input, scope }) => {
    if (input.class_id) await classOf(scope, input.class_id);
    const { year, term } = await termAsked(scope, input, input.class_id);
    const { histories, classNames } = await historiesOf(
      scope,
      enrolledIn(scope, year, term, { classId: input.class_id }),
      year,
      term,
    );
    const lines: ArrearLine[] = [];
    for (const h of histories.values()) {
      const t = termOf(h, year, term);
      if (!t || !matches(h, input.search)) continue;
      for (const f of t.items.values()) {
        if (f.carried === 0 && !(input.include_current && f.owed > 0)) continue;
        lines.push({
          student_id: h.who.id,
          name: h.who.name,
          admission_no: h.who.admissionNo,
          class_name: classNames.get(t.classId) ?? '',
          item: f.name,
          carried: f.carried,
          cleared: clearedOf(f),
          owed: f.owed,
          money_value: f.money_value,
        });
      }
    }
    lines.sort((a, b) => a.class_name.localeCompare(b.class_name) || a.name.localeCompare(b.name));
    const sum = (key: 'carried' | 'cleared' | 'owed') => lines.reduce((n, l) => n + l[key], 0);
    return {
      ...pageOf(lines, input),
      totals: {
        year,
        term,
        students: new Set(lines.map((l) => l.student_id)).size,
        carried: sum('carried'),
        cleared: sum('cleared'),
        owed: sum('owed'),
        money_owed: lines.reduce((n, l) => n + l.owed * (l.money_value ?? 0), 0),
      },
    };
  });

  serve(requirementsReport, async ({ input, scope, reply }) => {
    const { lines, ...totals } = await reportOf(scope, input);
    if (input.format === 'xlsx') return sendReport(reply, { ...totals, lines });
    const paged = { ...pageOf(lines, input), totals };
    return paged;
  });

  serve(downloadRequirementsReport, async ({ input, scope, reply }) => sendReport(reply, await reportOf(scope, input)));
}
