import { students, studentTerms } from '@somero/contract';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { NotFound } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import { sqlRows } from '../../../db/open.js';
import { enrolledCurrentTerm } from '../../enrolment/index.js';
import { computePositions, key, type LedgerLine, type LedgerRows, type StudentPosition } from './rules.js';

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
          sql`exists (select 1 from ${studentTerms} where ${studentTerms.schoolId} = ${students.schoolId}
            and ${studentTerms.studentId} = ${students.id}
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

/** Each student's whole balance (arrears included; negative is credit), figures only. */
export async function feesBalances(scope: SchoolScope, ids: number[]) {
  const positions = await positionsOf(scope, ids, { lines: false });
  return new Map([...positions].map(([id, p]) => [id, p.balance]));
}

/**
 * The positions of the given students, computed together (`computePositions`). Their rows are read in one
 * statement, each kind of entry as a JSON array of rows (one round trip instead of nine: the desk reads
 * these for every batch of payments, a school's summary for thousands of students).
 */
export async function positionsOf(
  scope: SchoolScope,
  ids: number[],
  /** `lines: false`: the same figures without the ledger lines (a school's summary would make 200,000). */
  { lines: withLines = true } = {},
): Promise<Map<number, StudentPosition>> {
  if (ids.length === 0) return new Map();
  const school = scope.schoolId;
  // One array parameter, not one parameter per student: a school's summary asks for thousands. Only
  // what decides the charges is read (a school has about 20,000 enrolments); the structure lines (a few
  // hundred) are matched to the enrolments in computePositions rather than joined here, which would send
  // one row per student, term and category. Term dates and category names only describe lines.
  const idList = `{${ids.join(',')}}`;
  const rowsOf = (table: string, columns: string, mine: boolean) =>
    sql`(select coalesce(json_agg(json_build_array(${sql.raw(columns)}) order by id), '[]')
      from ${sql.raw(table)} where school_id = ${school}${mine ? sql` and student_id = any(${idList}::int[])` : sql``})`;
  const none = sql`'[]'::json`;
  const statement = sql`select
    ${rowsOf('student_terms', 'student_id, year, term, class_id, section, nationality_group, is_new', true)} as enrolments,
    ${rowsOf('fees_breakdowns', 'id, year, term, class_id, section, nationality, entrants, category_id, amount', false)} as structure,
    ${rowsOf('fees_additions', 'id, student_id, year, term, description, amount, category_id', true)} as additions,
    ${rowsOf('fees_deductions', 'id, student_id, year, term, description, amount', true)} as deductions,
    ${rowsOf('bursaries', 'student_id, kind, amount, percent, category_id, start_year, start_term, every_term, end_year, end_term, note', true)} as grants,
    ${rowsOf(
      'fees_payments',
      `id, student_id, receipt_no, amount, paid_on, year, term, status, void_reason,
        to_char(voided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      true,
    )} as payments,
    ${rowsOf('previous_debts', 'student_id, amount, note', true)} as debts,
    ${withLines ? rowsOf('term_dates', 'year, term, opens_on', false) : none} as dates,
    ${withLines ? rowsOf('fees_categories', 'id, name, rank', false) : none} as categories`;
  const [r] = await sqlRows<Record<keyof LedgerRows, unknown[][]>>(scope.db, statement);
  if (!r) return new Map();
  // Each cell is what its column list above names (the ledger tests hold them to it).
  type Cell = never;
  const rows = (name: keyof LedgerRows) => r[name] as Cell[][];
  return computePositions(
    ids,
    {
      enrolments: rows('enrolments').map(([studentId, year, term, classId, section, nationalityGroup, isNew]) => ({
        studentId,
        year,
        term,
        classId,
        section,
        nationalityGroup,
        isNew,
      })),
      structure: rows('structure').map(
        ([id, year, term, classId, section, nationality, entrants, categoryId, amount]) => ({
          id,
          year,
          term,
          classId,
          section,
          nationality,
          entrants,
          categoryId,
          amount,
        }),
      ),
      additions: rows('additions').map(([id, studentId, year, term, description, amount, categoryId]) => ({
        id,
        studentId,
        year,
        term,
        description,
        amount,
        categoryId,
      })),
      deductions: rows('deductions').map(([id, studentId, year, term, description, amount]) => ({
        id,
        studentId,
        year,
        term,
        description,
        amount,
      })),
      grants: rows('grants').map(
        ([studentId, kind, amount, percent, categoryId, startYear, startTerm, everyTerm, endYear, endTerm, note]) => ({
          studentId,
          kind,
          amount,
          percent,
          categoryId,
          startYear,
          startTerm,
          everyTerm,
          endYear,
          endTerm,
          note,
        }),
      ),
      payments: rows('payments').map(
        ([id, studentId, receiptNo, amount, paidOn, year, term, status, voidReason, voidedAt]) => ({
          id,
          studentId,
          receiptNo,
          amount,
          paidOn,
          year,
          term,
          status,
          voidReason,
          voidedAt: voidedAt ? new Date(voidedAt) : null,
        }),
      ),
      debts: rows('debts').map(([studentId, amount, note]) => ({ studentId, amount, note })),
      dates: rows('dates').map(([year, term, opensOn]) => ({ year, term, opensOn })),
      categories: rows('categories').map(([id, name, rank]) => ({ id, name, rank })),
    },
    withLines,
  );
}
