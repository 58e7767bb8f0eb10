import {
  addBursary,
  bursaries,
  bursaryCategories,
  classes,
  deleteBursary,
  feesCategories,
  listBursaries,
  students,
  updateBursary,
  viewBursaries,
} from '@somero/contract';
import { and, asc, count, eq, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { now as clockNow } from '../../../core/dates.js';
import { Invalid, NotFound } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import type { ModuleContext } from '../../module.js';
import { currentTerm } from '../../settings/index.js';
import { likeTerm } from '../../students/index.js';

const key = (year: number, term: number) => year * 3 + term - 1;

export const activeRange = (b: {
  startYear: number;
  startTerm: number;
  everyTerm: boolean;
  endYear: number | null;
  endTerm: number | null;
}) => {
  const from = `Term ${b.startTerm} ${b.startYear}`;
  if (!b.everyTerm) return from;
  if (b.endYear != null && b.endTerm != null) return `${from} – Term ${b.endTerm} ${b.endYear}`;
  return `${from} onwards`;
};

async function bursaryRows(scope: SchoolScope, where: SQL[], page?: { page: number; per_page: number }) {
  const q = scope.db
    .select({
      b: bursaries,
      student_name: sql<string>`${students.surname} || ' ' || ${students.otherNames}`,
      admission_no: students.admissionNo,
      class_name: classes.name,
      bursary_category_name: bursaryCategories.name,
      category_name: feesCategories.name,
    })
    .from(bursaries)
    .innerJoin(students, and(eq(students.schoolId, bursaries.schoolId), eq(students.id, bursaries.studentId)))
    .leftJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
    .innerJoin(
      bursaryCategories,
      and(eq(bursaryCategories.schoolId, bursaries.schoolId), eq(bursaryCategories.id, bursaries.bursaryCategoryId)),
    )
    .leftJoin(
      feesCategories,
      and(eq(feesCategories.schoolId, bursaries.schoolId), eq(feesCategories.id, bursaries.categoryId)),
    )
    .where(scope.mine(bursaries, ...where))
    .orderBy(asc(students.surname), asc(students.otherNames), asc(bursaries.id));
  const rows = page ? await q.limit(page.per_page).offset((page.page - 1) * page.per_page) : await q;
  return rows.map((r) => ({
    id: r.b.id,
    student_id: r.b.studentId,
    student_name: r.student_name,
    admission_no: r.admission_no,
    class_name: r.class_name,
    bursary_category_id: r.b.bursaryCategoryId,
    bursary_category_name: r.bursary_category_name,
    kind: r.b.kind,
    amount: r.b.amount,
    percent: r.b.percent,
    category_id: r.b.categoryId,
    category_name: r.category_name,
    start_year: r.b.startYear,
    start_term: r.b.startTerm,
    every_term: r.b.everyTerm,
    end_year: r.b.endYear,
    end_term: r.b.endTerm,
    active: activeRange(r.b),
    note: r.b.note,
  }));
}

const one = async (scope: SchoolScope, id: number) => {
  const [row] = await bursaryRows(scope, [eq(bursaries.id, id)]);
  if (!row) throw new NotFound('bursary');
  return row;
};

type BursaryValues = {
  kind?: string;
  amount?: number;
  percent?: number;
  student_id?: number;
  bursary_category_id?: number;
  category_id?: number | null;
};

/** Fixed: an amount above zero; percentage: 1–100. References must be this school's. */
async function check(
  scope: SchoolScope,
  v: Required<Pick<BursaryValues, 'kind' | 'amount' | 'percent'>> & BursaryValues,
) {
  if (v.kind === 'fixed' && !(v.amount > 0)) throw new Invalid('amount', 'Enter the amount per term (more than 0)');
  if (v.kind === 'percent' && !(v.percent >= 1 && v.percent <= 100))
    throw new Invalid('percent', 'Enter a percentage from 1 to 100');
  const refs: [
    string,
    typeof students | typeof bursaryCategories | typeof feesCategories,
    number | null | undefined,
  ][] = [
    ['student_id', students, v.student_id],
    ['bursary_category_id', bursaryCategories, v.bursary_category_id],
    ['category_id', feesCategories, v.category_id],
  ];
  for (const [field, table, id] of refs) {
    if (id == null) continue;
    const [{ n }] = await scope.db
      .select({ n: count() })
      .from(table)
      .where(scope.mine(table, eq(table.id, id)));
    if (!Number(n)) throw new Invalid(field, 'Not found in this school');
  }
}

type BursaryFilter = z.infer<typeof viewBursaries.input>;

/** One list for `POST view_bursaries` and `GET bursaries`. */
async function bursaryList(scope: SchoolScope, input: BursaryFilter) {
  const where: SQL[] = [];
  if (input.student_id) where.push(eq(bursaries.studentId, input.student_id));
  if (input.class_id) where.push(eq(students.classId, input.class_id));
  if (input.bursary_category_id) where.push(eq(bursaries.bursaryCategoryId, input.bursary_category_id));
  if (input.kind) where.push(eq(bursaries.kind, input.kind));
  if (input.search) {
    const like = likeTerm(input.search);
    where.push(
      or(
        ilike(sql`${students.surname} || ' ' || ${students.otherNames}`, like),
        ilike(sql`${students.otherNames} || ' ' || ${students.surname}`, like),
        ilike(students.admissionNo, like),
      ) as SQL,
    );
  }
  if (input.year && input.term) {
    // Active in that term.
    const k = key(input.year, input.term);
    const start = sql`${bursaries.startYear} * 3 + ${bursaries.startTerm} - 1`;
    where.push(
      and(
        lte(start, k),
        or(
          and(eq(bursaries.everyTerm, false), eq(start, k)),
          and(
            eq(bursaries.everyTerm, true),
            or(isNull(bursaries.endYear), sql`${bursaries.endYear} * 3 + ${bursaries.endTerm} - 1 >= ${k}`),
          ),
        ),
      ) as SQL,
    );
  }
  const [{ n }] = await scope.db
    .select({ n: count() })
    .from(bursaries)
    .innerJoin(students, and(eq(students.schoolId, bursaries.schoolId), eq(students.id, bursaries.studentId)))
    .where(scope.mine(bursaries, ...where));
  return {
    data: await bursaryRows(scope, where, input),
    page: input.page,
    per_page: input.per_page,
    total: Number(n),
  };
}

export function bursaryRoutes({ serve }: ModuleContext) {
  serve(viewBursaries, async ({ input, scope }) => bursaryList(scope, input));
  serve(listBursaries, async ({ input, scope }) => bursaryList(scope, input));

  serve(addBursary, async ({ input, scope }) => {
    await check(scope, input);
    const row = await scope.table(bursaries, 'fees').insert({
      studentId: input.student_id,
      bursaryCategoryId: input.bursary_category_id,
      kind: input.kind,
      amount: input.kind === 'fixed' ? input.amount : 0,
      percent: input.kind === 'percent' ? input.percent : 0,
      categoryId: input.kind === 'percent' ? (input.category_id ?? null) : null,
      startYear: input.start_year,
      startTerm: input.start_term,
      everyTerm: input.every_term,
      note: input.note ?? null,
    });
    return { data: await one(scope, row.id), message: 'Bursary added Successfully' };
  });

  serve(updateBursary, async ({ id, input, scope }) => {
    const current = await scope.table(bursaries, 'fees').find(id, 'bursary');
    const kind = input.kind ?? current.kind;
    const merged = {
      ...input,
      kind,
      amount: input.amount ?? current.amount,
      percent: input.percent ?? current.percent,
    };
    await check(scope, merged);
    await scope.table(bursaries, 'fees').update(id, {
      ...(input.student_id ? { studentId: input.student_id } : {}),
      ...(input.bursary_category_id ? { bursaryCategoryId: input.bursary_category_id } : {}),
      kind,
      amount: kind === 'fixed' ? merged.amount : 0,
      percent: kind === 'percent' ? merged.percent : 0,
      categoryId:
        kind === 'percent' ? (input.category_id !== undefined ? input.category_id : current.categoryId) : null,
      ...(input.start_year ? { startYear: input.start_year } : {}),
      ...(input.start_term ? { startTerm: input.start_term } : {}),
      ...(input.every_term !== undefined ? { everyTerm: input.every_term } : {}),
      ...(input.note !== undefined ? { note: input.note } : {}),
      updatedAt: clockNow(),
    });
    return { data: await one(scope, id), message: 'Bursary updated Successfully' };
  });

  /** A bursary that already applied in a past term ends at the current term (past balances stay); else it goes. */
  serve(deleteBursary, async ({ id, scope }) => {
    const b = await scope.table(bursaries, 'fees').find(id, 'bursary');
    const now = await currentTerm(scope);
    const startedBefore = key(b.startYear, b.startTerm) < key(now.year, now.term);
    if (!startedBefore) {
      await scope.table(bursaries, 'fees').remove(id);
      return { data: { removed: true, end_year: null, end_term: null }, message: 'Bursary removed Successfully' };
    }
    if (!b.everyTerm) {
      // A one-term bursary of a past term is history: it stays as it is.
      return {
        data: { removed: false, end_year: b.startYear, end_term: b.startTerm },
        message: `This bursary applied in Term ${b.startTerm} ${b.startYear} and stays on that term's ledger.`,
      };
    }
    await scope
      .table(bursaries, 'fees')
      .update(id, { endYear: now.year, endTerm: now.term, updatedAt: clockNow() }, 'end');
    return {
      data: { removed: false, end_year: now.year, end_term: now.term },
      message: `Bursary ended at Term ${now.term} ${now.year}; earlier terms keep it`,
    };
  });
}
