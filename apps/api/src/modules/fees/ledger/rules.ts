import type {
  bursaries,
  feesAdditions,
  feesBreakdowns,
  feesCategories,
  feesDeductions,
  feesPayments,
  previousDebts,
  studentTerms,
  termDates,
} from '@somero/contract';
import { calendarOf } from '../../settings/index.js';

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

export const key = (year: number, term: number) => year * 3 + term - 1;
export const dateOf = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d ?? '').slice(0, 10));
const order: Record<LedgerLine['kind'], number> = {
  previous_debt: 0,
  charge: 1,
  addition: 2,
  deduction: 3,
  bursary: 4,
  payment: 5,
  reversal: 5,
};

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

/** The rows `positionsOf` reads for the students (and the school's structure, term dates and categories). */
export interface LedgerRows {
  enrolments: Pick<
    typeof studentTerms.$inferSelect,
    'studentId' | 'year' | 'term' | 'classId' | 'section' | 'nationalityGroup' | 'isNew'
  >[];
  structure: Pick<
    typeof feesBreakdowns.$inferSelect,
    'id' | 'year' | 'term' | 'classId' | 'section' | 'nationality' | 'entrants' | 'categoryId' | 'amount'
  >[];
  additions: Pick<
    typeof feesAdditions.$inferSelect,
    'id' | 'studentId' | 'year' | 'term' | 'description' | 'amount' | 'categoryId'
  >[];
  deductions: Pick<
    typeof feesDeductions.$inferSelect,
    'id' | 'studentId' | 'year' | 'term' | 'description' | 'amount'
  >[];
  grants: Pick<
    typeof bursaries.$inferSelect,
    | 'studentId'
    | 'kind'
    | 'amount'
    | 'percent'
    | 'categoryId'
    | 'startYear'
    | 'startTerm'
    | 'everyTerm'
    | 'endYear'
    | 'endTerm'
    | 'note'
  >[];
  payments: Pick<
    typeof feesPayments.$inferSelect,
    'id' | 'studentId' | 'receiptNo' | 'amount' | 'paidOn' | 'year' | 'term' | 'status' | 'voidReason' | 'voidedAt'
  >[];
  debts: Pick<typeof previousDebts.$inferSelect, 'studentId' | 'amount' | 'note'>[];
  /** Only needed for the lines (their dates). */
  dates: Pick<typeof termDates.$inferSelect, 'year' | 'term' | 'opensOn'>[];
  /** Only needed for the lines (descriptions and the order of structure lines). */
  categories: Pick<typeof feesCategories.$inferSelect, 'id' | 'name' | 'rank'>[];
}

/**
 * The fees rules, without I/O: the positions of the given students from their rows. Previous debt first,
 * then for each term (enrolled or with an entry) in order: the structure lines that match the enrolment
 * (class; section or 'all'; nationality group or 'all'; entrants 'all', or 'new' when the student joined that
 * term) + additions − deductions − bursaries active that term − payments by receipt number (a voided one
 * shows as the payment and its reversal, dated the void). `withLines: false`: the same figures, no lines.
 */
export function computePositions(ids: number[], rows: LedgerRows, withLines = true): Map<number, StudentPosition> {
  const result = new Map<number, StudentPosition>();
  const { enrolments, structure, additions, deductions, grants, payments, debts, dates, categories } = rows;
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
