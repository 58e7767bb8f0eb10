import { classes, feesCategories, feesPayments, streams, students } from '@somero/contract';
import { and, eq, inArray, sum } from 'drizzle-orm';
import { today } from '../../core/dates.js';
import type { SchoolScope } from '../../core/scope.js';
import { currentTerm } from '../settings/index.js';
import { type BalanceFilter, classBalances, type StudentBalance } from './ledger.js';

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
    .innerJoin(classes, eq(classes.id, students.classId))
    .leftJoin(streams, eq(streams.id, students.streamId))
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
  year: number;
  term: number;
  /** This term: what current students were expected to pay (brought forward + charges − reductions) and paid. */
  term_expected: number;
  term_collected: number;
  /** Current students who owe something now. */
  students_owing: number;
}

/** The fee tiles of the dashboard, from the same ledger function as every other balance. */
export async function feesTiles(scope: SchoolScope): Promise<FeesTiles> {
  const [list, [paidToday], now] = await Promise.all([
    classBalances(scope, { figuresOnly: true }),
    scope.db
      .select({ amount: sum(feesPayments.amount) })
      .from(feesPayments)
      .where(scope.mine(feesPayments, and(eq(feesPayments.paidOn, today()), eq(feesPayments.status, 'valid')))),
    currentTerm(scope),
  ]);
  return {
    collected_today: Number(paidToday?.amount ?? 0),
    year: now.year,
    term: now.term,
    term_expected: list.reduce((a, b) => a + expectedOf(b), 0),
    term_collected: list.reduce((a, b) => a + b.term.paid, 0),
    students_owing: list.filter((b) => b.balance > 0).length,
  };
}
