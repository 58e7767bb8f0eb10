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
import { calendarOf } from '../settings/index.js';

/** One line of a student's fees ledger, oldest first. */
export interface LedgerLine {
  date: string;
  year: number;
  term: number;
  kind: 'previous_debt' | 'charge' | 'addition' | 'deduction' | 'bursary' | 'payment' | 'reversal';
  description: string;
  /** Positive raises what the student owes; negative lowers it. */
  amount: number;
  /** What is owed after this line (negative: credit). */
  balance: number;
  receiptNo?: number;
  paymentId?: number;
  /** The fees category of a charge, addition or bursary line (demand notes group by it). */
  categoryId?: number | null;
}

/** A student's position: per term and overall, from the entries only. */
export interface StudentPosition {
  studentId: number;
  terms: {
    year: number;
    term: number;
    opening: number;
    charged: number;
    reduced: number;
    paid: number;
    closing: number;
  }[];
  lines: LedgerLine[];
  /** What is owed now (negative: credit). */
  balance: number;
}

const key = (year: number, term: number) => year * 3 + term - 1;
const dateOf = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d ?? '').slice(0, 10));
const order: Record<LedgerLine['kind'], number> = {
  previous_debt: 0,
  charge: 1,
  addition: 2,
  deduction: 3,
  bursary: 4,
  payment: 5,
  reversal: 5,
};

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

interface Entry {
  studentId: number;
  year: number;
  term: number;
  kind: LedgerLine['kind'];
  description: string;
  amount: number;
  date?: string;
  receiptNo?: number;
  paymentId?: number;
  categoryId?: number | null;
}

/** One term of a student's ledger while it is being worked out: its sums, and its entries by kind. */
interface TermEntries {
  charged: number;
  reduced: number;
  paid: number;
  /** Null when only the figures were asked for. */
  entries: Entry[][] | null;
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
  const result = new Map<number, StudentPosition>();
  if (ids.length === 0) return result;
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

  const opens = new Map(dates.map((d) => [key(d.year, d.term), dateOf(d.opensOn)]));
  const opening = (year: number, term: number) => {
    const k = key(year, term);
    let date = opens.get(k);
    if (date === undefined) {
      date = calendarOf(year)[term - 1]?.[0] ?? `${year}-01-01`;
      opens.set(k, date);
    }
    return date;
  };
  const category = new Map(categories.map((c) => [c.id, c]));
  const categoryName = (id: number | null) => (id ? (category.get(id)?.name ?? 'Fees') : 'Fees');

  // Each student's terms (enrolled or with an entry), each with its sums and, when lines are asked for, its
  // entries by kind in ledger order. Each bucket keeps the order entries were added (structure lines by
  // category, payments by receipt number with a reversal after its payment), so no sort is needed. A
  // school's summary has about 200,000 entries: figures only keep the sums and no entries.
  const per = new Map<number, Map<number, TermEntries>>(ids.map((id) => [id, new Map()]));
  const debtsOf = new Map<number, Entry[]>();
  const termOf = (studentId: number, k: number) => {
    const terms = per.get(studentId);
    if (!terms) return undefined;
    let t = terms.get(k);
    if (!t) {
      t = { charged: 0, reduced: 0, paid: 0, entries: withLines ? [[], [], [], [], [], []] : null };
      terms.set(k, t);
    }
    return t;
  };
  const add = (e: Entry) => {
    if (e.kind === 'previous_debt') {
      debtsOf.set(e.studentId, [...(debtsOf.get(e.studentId) ?? []), e]);
      return;
    }
    const t = termOf(e.studentId, key(e.year, e.term));
    if (!t) return;
    if (e.kind === 'charge' || e.kind === 'addition') t.charged += e.amount;
    else if (e.kind === 'deduction' || e.kind === 'bursary') t.reduced -= e.amount;
    else t.paid -= e.amount;
    t.entries?.[order[e.kind]].push(e);
  };
  for (const e of enrolments) termOf(e.studentId, key(e.year, e.term));

  // Structure lines in document order (category rank, then the order they were entered), by class and term.
  structure.sort(
    (a, b) => (category.get(a.categoryId)?.rank ?? 0) - (category.get(b.categoryId)?.rank ?? 0) || a.id - b.id,
  );
  const linesFor = new Map<string, typeof structure>();
  for (const line of structure) {
    const k = `${line.year}:${line.term}:${line.classId}`;
    linesFor.set(k, [...(linesFor.get(k) ?? []), line]);
  }
  // The lines an enrolment is charged: its class and term's lines that match its section, nationality group
  // and new-entrant flag. Many students share an enrolment's shape, so each shape is matched once.
  const matched = new Map<string, { lines: typeof structure; total: number }>();
  const chargesOf = (e: (typeof enrolments)[number]) => {
    const shape = `${e.year}:${e.term}:${e.classId}:${e.section}:${e.nationalityGroup}:${e.isNew}`;
    let found = matched.get(shape);
    if (!found) {
      const lines = (linesFor.get(`${e.year}:${e.term}:${e.classId}`) ?? []).filter(
        (c) =>
          (c.section === 'all' || c.section === e.section) &&
          (c.nationality === 'all' || c.nationality === e.nationalityGroup) &&
          (c.entrants === 'all' || (c.entrants === 'new' && e.isNew)),
      );
      found = { lines, total: lines.reduce((sum, c) => sum + c.amount, 0) };
      matched.set(shape, found);
    }
    return found;
  };
  // Charged amount per student, term and category: what percentage bursaries apply to (kept only for the
  // students who have one).
  const chargedBy = new Map<string, number>();
  const withPercent = new Set(grants.filter((g) => g.kind === 'percent').map((g) => g.studentId));
  // Entries are written out field by field: spreading a row into each one cost 60 ms of a school's summary.
  for (const e of enrolments) {
    const charges = chargesOf(e);
    const { studentId, year, term } = e;
    if (withLines) {
      for (const c of charges.lines) {
        const description = categoryName(c.categoryId);
        add({ studentId, year, term, kind: 'charge', description, amount: c.amount, categoryId: c.categoryId });
      }
    } else if (charges.total !== 0) {
      add({ studentId, year, term, kind: 'charge', description: '', amount: charges.total });
    }
    if (!withPercent.has(e.studentId)) continue;
    for (const c of charges.lines)
      for (const k of [
        `${e.studentId}:${key(e.year, e.term)}:${c.categoryId}`,
        `${e.studentId}:${key(e.year, e.term)}:*`,
      ])
        chargedBy.set(k, (chargedBy.get(k) ?? 0) + c.amount);
  }
  for (const a of additions.sort((x, y) => x.id - y.id)) {
    const { studentId, year, term, description, amount, categoryId } = a;
    add({ studentId, year, term, kind: 'addition', description, amount, categoryId });
  }
  for (const d of deductions.sort((x, y) => x.id - y.id))
    add({
      studentId: d.studentId,
      year: d.year,
      term: d.term,
      kind: 'deduction',
      description: d.description,
      amount: -d.amount,
    });
  for (const p of payments.sort((x, y) => x.receiptNo - y.receiptNo)) {
    const { studentId, year, term, receiptNo, id: paymentId } = p;
    add({
      studentId,
      year,
      term,
      kind: 'payment',
      description: withLines ? `Payment, receipt ${receiptNo}` : '',
      amount: -p.amount,
      date: withLines ? dateOf(p.paidOn) : undefined,
      receiptNo,
      paymentId,
    });
    if (p.status !== 'valid')
      add({
        studentId,
        year,
        term,
        kind: 'reversal',
        description: `Receipt ${receiptNo} voided${p.voidReason ? `: ${p.voidReason}` : ''}`,
        amount: p.amount,
        date: p.voidedAt ? dateOf(p.voidedAt) : dateOf(p.paidOn),
        receiptNo,
        paymentId,
      });
  }
  for (const d of debts)
    add({
      studentId: d.studentId,
      year: 0,
      term: 0,
      kind: 'previous_debt',
      description: d.note || 'Balance brought forward',
      amount: d.amount,
    });

  // Bursaries apply in the terms the student has (enrolled or with an entry) within their range.
  for (const b of grants) {
    const start = key(b.startYear, b.startTerm);
    const end = b.everyTerm ? (b.endYear != null && b.endTerm != null ? key(b.endYear, b.endTerm) : Infinity) : start;
    for (const k of [...(per.get(b.studentId)?.keys() ?? [])]) {
      if (k < start || k > end) continue;
      const year = Math.floor(k / 3);
      const term = (k % 3) + 1;
      const amount =
        b.kind === 'percent'
          ? Math.round(((chargedBy.get(`${b.studentId}:${k}:${b.categoryId ?? '*'}`) ?? 0) * b.percent) / 100)
          : b.amount;
      if (amount === 0) continue;
      const of =
        b.kind === 'percent' ? `${b.percent}% of ${b.categoryId ? categoryName(b.categoryId) : 'fees'}` : 'fixed';
      add({
        studentId: b.studentId,
        year,
        term,
        kind: 'bursary',
        description: `Bursary (${of})${b.note ? `: ${b.note}` : ''}`,
        amount: -amount,
        categoryId: b.categoryId,
      });
    }
  }

  for (const id of ids) {
    const byTerm = per.get(id) ?? new Map<number, TermEntries>();
    const terms: StudentPosition['terms'] = [];
    const lines: LedgerLine[] = [];
    let balance = 0;
    const keys = [...byTerm.keys()].sort((a, b) => a - b);
    const debt = debtsOf.get(id) ?? [];
    const firstKey = keys[0];
    for (const d of debt) {
      balance += d.amount;
      const year = firstKey == null ? 0 : Math.floor(firstKey / 3);
      const term = firstKey == null ? 0 : (firstKey % 3) + 1;
      if (withLines)
        lines.push({
          date: firstKey == null ? '' : opening(year, term),
          year,
          term,
          kind: 'previous_debt',
          description: d.description,
          amount: d.amount,
          balance,
        });
    }
    for (const k of keys) {
      const year = Math.floor(k / 3);
      const term = (k % 3) + 1;
      const t = byTerm.get(k) as TermEntries;
      const openedWith = balance;
      let running = openedWith;
      for (const e of t.entries?.flat() ?? []) {
        running += e.amount;
        const line: LedgerLine = {
          date: e.date ?? opening(year, term),
          year,
          term,
          kind: e.kind,
          description: e.description,
          amount: e.amount,
          balance: running,
        };
        if (e.receiptNo != null) line.receiptNo = e.receiptNo;
        if (e.paymentId != null) line.paymentId = e.paymentId;
        if (e.categoryId !== undefined) line.categoryId = e.categoryId;
        lines.push(line);
      }
      balance = openedWith + t.charged - t.reduced - t.paid;
      terms.push({
        year,
        term,
        opening: openedWith,
        charged: t.charged,
        reduced: t.reduced,
        paid: t.paid,
        closing: balance,
      });
    }
    result.set(id, { studentId: id, terms, lines, balance });
  }
  return result;
}
