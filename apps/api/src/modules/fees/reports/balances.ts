import { classes, feesCategories, feesPayments, paymentModes, streams, students, termDates } from '@somero/contract';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { today, addDays } from '../../../core/dates.js';
import type { SchoolScope } from '../../../core/scope.js';
import { sqlRows } from '../../../db/open.js';
import { currentTerm } from '../../settings/index.js';
import { type BalanceFilter, classBalances, type StudentBalance } from '../ledger/balances.js';
import { type ClassTotal, classTotals } from '../ledger/totals.js';

/** What each category of one student's current term stands at, after payments are shared out. */
export interface CategoryShare {
  /** A fees category id, or 'forward' (brought forward), 'other' (uncategorised adjustments), 'credit'. */
  key: number | 'forward' | 'other' | 'credit';
  name: string;
  expected: number;
  collected: number;
  outstanding: number;
}

export const categoryKinds = new Set(['charge', 'addition', 'deduction', 'bursary']);

/**
 * Shares a student's payments of the term among what they owe, in a fixed order: the balance brought
 * forward first, then the fees categories by their order on documents; what is left is credit.
 * Adjustments with no category (most deductions, fixed bursaries) are their own row, which lowers
 * the total owed. The rows always add up: Σ expected − Σ collected = the term's closing balance, and
 * Σ collected = the term's payments.
 */
export function shareOut(b: StudentBalance, categories: Map<number, { name: string; rank: number }>): CategoryShare[] {
  const { year, term } = b.term;
  const byCategory = new Map<number | 'other', number>();
  for (const line of b.position.lines) {
    if (line.year !== year || line.term !== term || !categoryKinds.has(line.kind)) continue;
    const k = line.categoryId ?? 'other';
    byCategory.set(k, (byCategory.get(k) ?? 0) + line.amount);
  }
  const rows: CategoryShare[] = [];
  if (b.term.opening !== 0) {
    rows.push({
      key: 'forward',
      name: 'Balance brought forward',
      expected: b.term.opening,
      collected: 0,
      outstanding: 0,
    });
  }
  const ordered = [...byCategory.entries()]
    .filter(([k]) => k !== 'other')
    .sort(
      ([a], [c]) =>
        (categories.get(a as number)?.rank ?? 0) - (categories.get(c as number)?.rank ?? 0) ||
        (a as number) - (c as number),
    );
  for (const [k, amount] of ordered) {
    rows.push({
      key: k as number,
      name: categories.get(k as number)?.name ?? 'Fees',
      expected: amount,
      collected: 0,
      outstanding: 0,
    });
  }
  const other = byCategory.get('other');
  if (other) rows.push({ key: 'other', name: 'Other adjustments', expected: other, collected: 0, outstanding: 0 });
  let pool = b.term.paid;
  for (const r of rows) {
    const take = r.expected > 0 && pool > 0 ? Math.min(pool, r.expected) : 0;
    r.collected = take;
    pool -= take;
  }
  if (pool !== 0)
    rows.push({ key: 'credit', name: 'Paid in advance (credit)', expected: 0, collected: pool, outstanding: 0 });
  for (const r of rows) r.outstanding = r.expected - r.collected;
  return rows;
}

/** The school's fees categories by id, with their order on documents. */
export async function categoriesOf(scope: SchoolScope) {
  const rows = await scope.db
    .select({ id: feesCategories.id, name: feesCategories.name, rank: feesCategories.rank })
    .from(feesCategories)
    .where(scope.mine(feesCategories));
  return new Map(rows.map((r) => [r.id, { name: r.name, rank: r.rank }]));
}

export interface StudentFacts {
  id: number;
  name: string;
  admissionNo: string;
  paymentCode: string | null;
  classId: number;
  className: string;
  streamId: number | null;
  streamName: string | null;
}

/** Names, class and stream of the given students (one query). */
export async function studentFacts(scope: SchoolScope, ids: number[]): Promise<Map<number, StudentFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await scope.db
    .select({
      id: students.id,
      surname: students.surname,
      otherNames: students.otherNames,
      admissionNo: students.admissionNo,
      paymentCode: students.paymentCode,
      classId: students.classId,
      className: classes.name,
      streamId: students.streamId,
      streamName: streams.name,
    })
    .from(students)
    .innerJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
    .leftJoin(streams, and(eq(streams.schoolId, students.schoolId), eq(streams.id, students.streamId)))
    .where(scope.mine(students, inArray(students.id, ids)));
  return new Map(rows.map(({ surname, otherNames, ...r }) => [r.id, { ...r, name: `${surname} ${otherNames}` }]));
}

/** The current term's figures of many students: what they were expected to pay, paid, and owe. */
export const expectedOf = (b: StudentBalance) => b.term.opening + b.term.charged - b.term.reduced;

export async function balancesOf(scope: SchoolScope, filter: BalanceFilter) {
  const list = await classBalances(scope, filter);
  return {
    list,
    facts: await studentFacts(
      scope,
      list.map((b) => b.studentId),
    ),
  };
}

/** The dashboard's fee tiles. */
export interface FeesTiles {
  /** Valid fees payments dated today (Kampala), in shillings. */
  collected_today: number;
  /** Today's and this week's (from Monday) payments by payment mode, largest first. */
  today_by_mode: { mode: string; amount: number }[];
  collected_week: number;
  week_by_mode: { mode: string; amount: number }[];
  year: number;
  term: number;
  /** This term: what current students were expected to pay (brought forward + charges − reductions) and paid. */
  term_expected: number;
  term_collected: number;
  /** The day the term opened (its term dates), or null when none are set. */
  term_opens_on: string | null;
  /** The part of `term_collected` paid before the term opened (in the holiday, ahead of the term). */
  paid_before_opening: number;
  /** Current students who owe something now. */
  students_owing: number;
  /**
   * The rest of `term_collected`, by the week it was paid (from the week the term opened, or the last 12
   * weeks), oldest first: `paid_before_opening` + Σ weeks = `term_collected`.
   */
  weeks: { week: string; amount: number }[];
  /** The five classes whose current students owe the most. */
  debt_classes: { class_id: number; name: string; owed: number; students: number }[];
}

/** The Monday (YYYY-MM-DD) of the week of a YYYY-MM-DD day. */
export function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}


/**
 * The fee tiles of the dashboard. The term's figures and the classes owing most are `classTotals`: the
 * ledger's rules summed by class in the database (proved equal to `classBalances` by ledger-totals.test.ts).
 * The term's collection is split by the day paid with the same students and payments as `classTotals`
 * counts (receipts of the current term, by current students and those who left while enrolled in it), so
 * the part paid before the term opened and the weekly bars add up to the headline.
 */
export async function feesTiles(scope: SchoolScope): Promise<FeesTiles> {
  const day = today();
  const monday = mondayOf(day);
  const now = await currentTerm(scope);
  const [classes, dates, byDayMode, termByDay] = await Promise.all([
    classTotals(scope, now),
    scope.db
      .select({ opensOn: termDates.opensOn, closesOn: termDates.closesOn })
      .from(termDates)
      .where(scope.mine(termDates, and(eq(termDates.year, now.year), eq(termDates.term, now.term))))
      .then(([d]) => d ?? null),
    // One indexed query (school, paid_on): this week's valid payments by day and mode, whatever term they are for.
    scope.db
      .select({
        day: feesPayments.paidOn,
        mode: paymentModes.name,
        amount: sql<number>`sum(${feesPayments.amount})`.mapWith(Number),
      })
      .from(feesPayments)
      .innerJoin(paymentModes, and(eq(paymentModes.schoolId, feesPayments.schoolId), eq(paymentModes.id, feesPayments.modeId)))
      .where(
        scope.mine(
          feesPayments,
          and(gte(feesPayments.paidOn, monday), lte(feesPayments.paidOn, day), eq(feesPayments.status, 'valid')),
        ),
      )
      .groupBy(feesPayments.paidOn, paymentModes.name),
    // The term's receipts by the day paid, of the students `classTotals` counts.
    sqlRows<{ day: string; amount: string }>(
      scope.db,
      sql`select p.paid_on::text as day, sum(p.amount)::text as amount
        from fees_payments p
        join students s on s.school_id = p.school_id and s.id = p.student_id
        join classes c on c.school_id = s.school_id and c.id = s.class_id
        where p.school_id = ${scope.schoolId} and p.year = ${now.year} and p.term = ${now.term}
          and p.status = 'valid'
          and (s.status = 'current' or (s.status = 'left' and exists (select 1 from student_terms e
            where e.school_id = p.school_id and e.student_id = p.student_id
              and e.year = ${now.year} and e.term = ${now.term})))
        group by p.paid_on`,
    ),
  ]);
  const modes = (rows: typeof byDayMode) => {
    const m = new Map<string, number>();
    for (const r of rows) m.set(r.mode, (m.get(r.mode) ?? 0) + r.amount);
    return [...m].map(([mode, amount]) => ({ mode, amount })).sort((a, b) => b.amount - a.amount);
  };
  const todayRows = byDayMode.filter((r) => r.day === day);
  // The bars start the Monday of the week the term opened, or twelve weeks back without term dates, and run to
  // this week, or to the week the term closed once it has (a receipt for it paid later has a bar of its own);
  // a term not open yet has no bars (all it has is paid before it opened).
  const opensOn = dates?.opensOn ?? null;
  const notOpen = opensOn !== null && opensOn > day;
  const first = opensOn !== null ? mondayOf(opensOn) : addDays(monday, -7 * 11);
  const last = dates && dates.closesOn < day ? mondayOf(dates.closesOn) : monday;
  const weeks = new Map<string, number>();
  if (!notOpen) for (let w = first; w <= last; w = addDays(w, 7)) weeks.set(w, 0);
  let before = 0;
  for (const r of termByDay) {
    const amount = Number(r.amount);
    if (notOpen || (opensOn !== null ? r.day < opensOn : r.day < first)) before += amount;
    else weeks.set(mondayOf(r.day), (weeks.get(mondayOf(r.day)) ?? 0) + amount);
  }
  const byWeek = [...weeks].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const sum = (f: (c: ClassTotal) => number) => classes.reduce((a, c) => a + f(c), 0);
  return {
    collected_today: todayRows.reduce((a, r) => a + r.amount, 0),
    today_by_mode: modes(todayRows),
    collected_week: byDayMode.reduce((a, r) => a + r.amount, 0),
    week_by_mode: modes(byDayMode),
    year: now.year,
    term: now.term,
    term_expected: sum((c) => c.expected),
    term_collected: sum((c) => c.collected),
    term_opens_on: opensOn,
    paid_before_opening: before,
    students_owing: sum((c) => c.owing),
    weeks: byWeek.map(([week, amount]) => ({ week, amount })),
    debt_classes: classes
      .filter((c) => c.owing > 0)
      .sort((a, b) => b.owed - a.owed || a.name.localeCompare(b.name))
      .slice(0, 5)
      .map((c) => ({ class_id: c.classId, name: c.name, owed: c.owed, students: c.owing })),
  };
}
