import {
  bursaries,
  feesAdditions,
  feesBreakdowns,
  feesCategories,
  feesDeductions,
  feesPayments,
  previousDebts,
  students,
  studentTerms,
  termDates,
} from '@somero/contract';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { NotFound } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { enrolledCurrentTerm } from '../enrolment/index.js';
import { computePositions, key, type LedgerLine, type StudentPosition } from './ledger-rules.js';

export type { LedgerLine, StudentPosition };

/**
 * The one function every balance comes from (ledger, receipts, summaries, demand notes, dashboard).
 * Rules: previous debt first, then for each term (enrolled or with an entry) in order: the structure
 * lines that match the enrolment (class; section or 'all'; nationality group or 'all'; entrants 'all',
 * or 'new' when the student joined that term) + additions − deductions − bursaries active that term −
 * payments received that term (a voided payment shows as the payment and its reversal).
 */
export async function studentPosition(
  scope: SchoolScope,
  studentId: number,
  {
    lines = true,
    now,
  }: {
    /** False: the figures without the ledger lines (a receipt needs only the balance). */
    lines?: boolean;
    /** The current term when the caller has read it already. */
    now?: { year: number; term: number };
  } = {},
): Promise<StudentPosition> {
  // Side by side: enrolling touches only this school's student of that id, so another's stays untouched.
  const [[s]] = await Promise.all([
    scope.db
      .select({ id: students.id })
      .from(students)
      .where(scope.mine(students, eq(students.id, studentId))),
    enrolledCurrentTerm(scope, [studentId], now),
  ]);
  if (!s) throw new NotFound('student');
  const all = await positionsOf(scope, [studentId], { lines });
  return all.get(studentId) as StudentPosition;
}

export interface BalanceFilter {
  classId?: number;
  streamId?: number;
  studentIds?: number[];
  /** Default: current students and those who left during the current term (enrolled in it). */
  status?: string;
  /** Figures only: the positions come without their ledger lines (summaries and tiles need no lines). */
  figuresOnly?: boolean;
}

export interface StudentBalance {
  studentId: number;
  /** What is owed now (negative: credit). */
  balance: number;
  /** The current term's figures (zero when the student has nothing in it). */
  term: {
    year: number;
    term: number;
    opening: number;
    charged: number;
    reduced: number;
    paid: number;
    closing: number;
  };
  /** The same position studentPosition gives. */
  position: StudentPosition;
}

/**
 * Balances of many students at once (a class, a stream, chosen students) with the same rules as
 * studentPosition: one query per kind of entry for all of them.
 */
export async function classBalances(scope: SchoolScope, filter: BalanceFilter): Promise<StudentBalance[]> {
  const conditions: SQL[] = [];
  if (filter.classId) conditions.push(eq(students.classId, filter.classId));
  if (filter.streamId) conditions.push(eq(students.streamId, filter.streamId));
  if (filter.studentIds) conditions.push(inArray(students.id, filter.studentIds.length ? filter.studentIds : [0]));
  if (filter.status) conditions.push(eq(students.status, filter.status));
  // The whole school (or a class): every current student enrolled now, and those who left during this term
  // (leavers of a migration before the year ended), whose charges and payments stay in this term's figures.
  const known = filter.studentIds ? undefined : await enrolledCurrentTerm(scope);
  if (known && !filter.status)
    conditions.push(
      or(
        eq(students.status, 'current'),
        and(
          eq(students.status, 'left'),
          sql`exists (select 1 from ${studentTerms} where ${studentTerms.studentId} = ${students.id}
            and ${studentTerms.year} = ${known.year} and ${studentTerms.term} = ${known.term})`,
        ),
      ) as SQL,
    );
  const ids = (
    await scope.db
      .select({ id: students.id })
      .from(students)
      .where(scope.mine(students, ...conditions))
      .orderBy(students.surname, students.otherNames)
  ).map((r) => r.id);
  const now = known ?? (await enrolledCurrentTerm(scope, ids));
  const positions = await positionsOf(scope, ids, { lines: !filter.figuresOnly });
  return ids.map((id) => {
    const position = positions.get(id) as StudentPosition;
    const t = position.terms.find((x) => x.year === now.year && x.term === now.term);
    const before = position.terms.filter((x) => key(x.year, x.term) < key(now.year, now.term)).at(-1);
    const opening = before?.closing ?? 0;
    return {
      studentId: id,
      balance: position.balance,
      term: t ?? { year: now.year, term: now.term, opening, charged: 0, reduced: 0, paid: 0, closing: opening },
      position,
    };
  });
}

/** The positions of the given students, computed together (one query per kind of entry). */
/** Each student's whole balance (arrears included; negative is credit), figures only. */
export async function feesBalances(scope: SchoolScope, ids: number[]) {
  const positions = await positionsOf(scope, ids, { lines: false });
  return new Map([...positions].map(([id, p]) => [id, p.balance]));
}

export async function positionsOf(
  scope: SchoolScope,
  ids: number[],
  /** `lines: false`: the same figures without the ledger lines (a school's summary would make 200,000). */
  { lines: withLines = true } = {},
): Promise<Map<number, StudentPosition>> {
  if (ids.length === 0) return new Map();
  const db = scope.db;
  const school = scope.schoolId;
  // One array parameter, not one parameter per student: a school's summary asks for thousands.
  const idList = sql`(${`{${ids.join(',')}}`}::int[])`;
  const among = (column: PgColumn) => sql`${column} = any${idList}`;
  const [enrolments, structure, additions, deductions, grants, payments, debts, dates, categories] = await Promise.all([
    // Only what decides the charges: a school has about 20,000 of these rows, and each timestamp column
    // would cost a Date per row.
    db
      .select({
        studentId: studentTerms.studentId,
        year: studentTerms.year,
        term: studentTerms.term,
        classId: studentTerms.classId,
        section: studentTerms.section,
        nationalityGroup: studentTerms.nationalityGroup,
        isNew: studentTerms.isNew,
      })
      .from(studentTerms)
      .where(and(eq(studentTerms.schoolId, school), among(studentTerms.studentId))),
    // The school's structure lines (a few hundred): matched to the enrolments below, rather than joined
    // in SQL, which would send one row per student, term and category (about 160,000 for a school).
    db
      .select({
        id: feesBreakdowns.id,
        year: feesBreakdowns.year,
        term: feesBreakdowns.term,
        classId: feesBreakdowns.classId,
        section: feesBreakdowns.section,
        nationality: feesBreakdowns.nationality,
        entrants: feesBreakdowns.entrants,
        categoryId: feesBreakdowns.categoryId,
        amount: feesBreakdowns.amount,
      })
      .from(feesBreakdowns)
      .where(eq(feesBreakdowns.schoolId, school)),
    db
      .select()
      .from(feesAdditions)
      .where(and(eq(feesAdditions.schoolId, school), among(feesAdditions.studentId))),
    db
      .select()
      .from(feesDeductions)
      .where(and(eq(feesDeductions.schoolId, school), among(feesDeductions.studentId))),
    db
      .select()
      .from(bursaries)
      .where(and(eq(bursaries.schoolId, school), among(bursaries.studentId))),
    db
      .select({
        id: feesPayments.id,
        studentId: feesPayments.studentId,
        receiptNo: feesPayments.receiptNo,
        amount: feesPayments.amount,
        paidOn: feesPayments.paidOn,
        year: feesPayments.year,
        term: feesPayments.term,
        status: feesPayments.status,
        voidReason: feesPayments.voidReason,
        voidedAt: feesPayments.voidedAt,
      })
      .from(feesPayments)
      .where(and(eq(feesPayments.schoolId, school), among(feesPayments.studentId))),
    db
      .select()
      .from(previousDebts)
      .where(and(eq(previousDebts.schoolId, school), among(previousDebts.studentId))),
    // Term dates and category names only describe lines (and put them in order).
    withLines
      ? db
          .select({ year: termDates.year, term: termDates.term, opensOn: termDates.opensOn })
          .from(termDates)
          .where(eq(termDates.schoolId, school))
      : [],
    withLines
      ? db
          .select({ id: feesCategories.id, name: feesCategories.name, rank: feesCategories.rank })
          .from(feesCategories)
          .where(eq(feesCategories.schoolId, school))
      : [],
  ]);

  return computePositions(
    ids,
    {
      enrolments,
      structure,
      additions,
      deductions,
      grants,
      payments,
      debts,
      dates,
      categories,
    },
    withLines,
  );
}
