// The fees ledger's rules (fees/ledger/rules.ts), without a database: rows in, positions out, in milliseconds.
// Amounts are UGX a bursar would check by hand; every balance below is worked out in the comments.
import { describe, expect, it } from 'vitest';
import { computePositions, type LedgerRows } from '../src/modules/fees/ledger/rules.js';
import { calendarOf } from '../src/modules/settings/school.js';

type Enrolment = LedgerRows['enrolments'][number];
type Line = LedgerRows['structure'][number];
type Grant = LedgerRows['grants'][number];
type Payment = LedgerRows['payments'][number];

const DEVELOPMENT = 1;
const TUITION = 2;
const UNIFORM = 3;

const enrol = (studentId: number, year: number, term: number, e: Partial<Enrolment> = {}): Enrolment => ({
  studentId,
  year,
  term,
  classId: 1,
  section: 'day',
  nationalityGroup: 'national',
  isNew: false,
  ...e,
});
const line = (id: number, year: number, term: number, categoryId: number, amount: number, l: Partial<Line> = {}) =>
  ({
    id,
    year,
    term,
    classId: 1,
    section: 'all',
    nationality: 'all',
    entrants: 'all',
    categoryId,
    amount,
    ...l,
  }) as Line;
const grant = (studentId: number, g: Partial<Grant>): Grant => ({
  studentId,
  kind: 'fixed',
  amount: 0,
  percent: 0,
  categoryId: null,
  startYear: 2026,
  startTerm: 1,
  everyTerm: false,
  endYear: null,
  endTerm: null,
  note: null,
  ...g,
});
const payment = (id: number, studentId: number, receiptNo: number, amount: number, p: Partial<Payment> = {}) =>
  ({
    id,
    studentId,
    receiptNo,
    amount,
    paidOn: '2026-02-05',
    year: 2026,
    term: 1,
    status: 'valid',
    voidReason: null,
    voidedAt: null,
    ...p,
  }) as Payment;

const rows = (r: Partial<LedgerRows>): LedgerRows => ({
  enrolments: [],
  structure: [],
  additions: [],
  deductions: [],
  grants: [],
  payments: [],
  debts: [],
  dates: [
    { year: 2026, term: 1, opensOn: '2026-02-02' },
    { year: 2026, term: 2, opensOn: '2026-05-25' },
    { year: 2026, term: 3, opensOn: '2026-09-14' },
  ],
  // Tuition comes first on the fees structure (rank 1) although its id is higher.
  categories: [
    { id: DEVELOPMENT, name: 'Development', rank: 2 },
    { id: TUITION, name: 'Tuition', rank: 1 },
    { id: UNIFORM, name: 'Uniform', rank: 3 },
  ],
  ...r,
});

/** The same rows computed with and without lines: the figures must agree. */
const both = (ids: number[], r: LedgerRows) => {
  const full = computePositions(ids, r);
  const figures = computePositions(ids, { ...r, dates: [], categories: [] }, false);
  for (const id of ids) {
    const f = figures.get(id);
    const p = full.get(id);
    expect(f?.lines).toEqual([]);
    expect(f?.terms).toEqual(p?.terms);
    expect(f?.balance).toBe(p?.balance);
  }
  return full;
};

describe('a term of a day student, line by line', () => {
  const r = rows({
    enrolments: [enrol(1, 2026, 1)],
    structure: [
      line(10, 2026, 1, DEVELOPMENT, 50_000),
      line(11, 2026, 1, TUITION, 400_000),
      line(12, 2026, 1, TUITION, 100_000, { section: 'boarding' }),
      line(13, 2026, 1, UNIFORM, 80_000, { entrants: 'new' }),
      line(14, 2026, 1, TUITION, 30_000, { nationality: 'international' }),
      line(15, 2026, 1, TUITION, 999_000, { classId: 2 }),
      line(16, 2026, 2, TUITION, 410_000),
      line(9, 2026, 1, DEVELOPMENT, 20_000, { section: 'day' }),
      line(17, 2026, 1, UNIFORM, 5_000, { nationality: 'national' }),
    ],
    additions: [
      { id: 2, studentId: 1, year: 2026, term: 1, description: 'Trip to Jinja', amount: 30_000, categoryId: UNIFORM },
      { id: 1, studentId: 1, year: 2026, term: 1, description: 'Lab breakage', amount: 10_000, categoryId: null },
    ],
    deductions: [{ id: 1, studentId: 1, year: 2026, term: 1, description: 'Sibling discount', amount: 20_000 }],
    grants: [grant(1, { kind: 'percent', percent: 50, categoryId: TUITION })],
    payments: [
      payment(7, 1, 12, 100_000, {
        paidOn: '2026-02-10',
        status: 'voided',
        voidReason: 'wrong student',
        voidedAt: new Date('2026-02-11T09:30:00Z'),
      }),
      payment(6, 1, 11, 150_000),
    ],
    debts: [{ studentId: 1, amount: 60_000, note: null }],
  });

  it('lists debt, charges by category rank, additions, deduction, bursary, payments by receipt with the reversal', () => {
    const p = both([1], r).get(1);
    const at = { date: '2026-02-02', year: 2026, term: 1 };
    expect(p?.lines).toStrictEqual([
      { ...at, kind: 'previous_debt', description: 'Balance brought forward', amount: 60_000, balance: 60_000 },
      // Tuition (rank 1) before Development (rank 2); within Development, the line entered first (id 9).
      { ...at, kind: 'charge', description: 'Tuition', amount: 400_000, balance: 460_000, categoryId: TUITION },
      { ...at, kind: 'charge', description: 'Development', amount: 20_000, balance: 480_000, categoryId: DEVELOPMENT },
      { ...at, kind: 'charge', description: 'Development', amount: 50_000, balance: 530_000, categoryId: DEVELOPMENT },
      { ...at, kind: 'charge', description: 'Uniform', amount: 5_000, balance: 535_000, categoryId: UNIFORM },
      { ...at, kind: 'addition', description: 'Lab breakage', amount: 10_000, balance: 545_000, categoryId: null },
      { ...at, kind: 'addition', description: 'Trip to Jinja', amount: 30_000, balance: 575_000, categoryId: UNIFORM },
      { ...at, kind: 'deduction', description: 'Sibling discount', amount: -20_000, balance: 555_000 },
      // 50 % of the Tuition charged (400,000), not of the additions.
      {
        ...at,
        kind: 'bursary',
        description: 'Bursary (50% of Tuition)',
        amount: -200_000,
        balance: 355_000,
        categoryId: TUITION,
      },
      {
        ...at,
        date: '2026-02-05',
        kind: 'payment',
        description: 'Payment, receipt 11',
        amount: -150_000,
        balance: 205_000,
        receiptNo: 11,
        paymentId: 6,
      },
      {
        ...at,
        date: '2026-02-10',
        kind: 'payment',
        description: 'Payment, receipt 12',
        amount: -100_000,
        balance: 105_000,
        receiptNo: 12,
        paymentId: 7,
      },
      {
        ...at,
        date: '2026-02-11',
        kind: 'reversal',
        description: 'Receipt 12 voided: wrong student',
        amount: 100_000,
        balance: 205_000,
        receiptNo: 12,
        paymentId: 7,
      },
    ]);
    // Charged 475,000 + 40,000 added; reduced 20,000 + 200,000; paid 150,000 (the voided 100,000 nets out).
    expect(p?.terms).toStrictEqual([
      { year: 2026, term: 1, opening: 60_000, charged: 515_000, reduced: 220_000, paid: 150_000, closing: 205_000 },
    ]);
    expect(p?.balance).toBe(205_000);
    expect(p?.studentId).toBe(1);
  });
});

describe('matching the structure lines to the enrolment', () => {
  const r = rows({
    enrolments: [
      enrol(2, 2026, 1, { section: 'boarding', nationalityGroup: 'international', isNew: true }),
      enrol(2, 2026, 2, { section: 'boarding', nationalityGroup: 'international', isNew: false }),
      // Same shape as student 2 in term 1: charged the same lines.
      enrol(3, 2026, 1, { section: 'boarding', nationalityGroup: 'international', isNew: true }),
      enrol(4, 2026, 1),
    ],
    structure: [
      line(1, 2026, 1, TUITION, 400_000),
      line(2, 2026, 1, TUITION, 100_000, { section: 'boarding' }),
      line(3, 2026, 1, UNIFORM, 80_000, { entrants: 'new' }),
      line(4, 2026, 1, TUITION, 30_000, { nationality: 'international' }),
      line(5, 2026, 1, TUITION, 20_000, { section: 'day' }),
      line(6, 2026, 1, TUITION, 7_000, { nationality: 'national' }),
      line(7, 2026, 2, TUITION, 410_000),
      line(8, 2026, 2, UNIFORM, 80_000, { entrants: 'new' }),
      line(9, 2026, 2, UNIFORM, 1_000, { entrants: 'old' }),
    ],
  });
  // Computed in each test, not while collecting them: a mutant that throws must fail a test, not the file.
  it('charges a new international boarder the lines for all, boarders, internationals and new entrants', () => {
    const p = both([2, 3, 4], r);
    const amounts = (id: number, term: number) =>
      p
        .get(id)
        ?.lines.filter((l) => l.term === term)
        .map((l) => [l.description, l.amount, l.balance]);
    expect(amounts(2, 1)).toEqual([
      ['Tuition', 400_000, 400_000],
      ['Tuition', 100_000, 500_000],
      ['Tuition', 30_000, 530_000],
      ['Uniform', 80_000, 610_000],
    ]);
    // Term 2 he is no longer new: no uniform; the balance carries over.
    expect(amounts(2, 2)).toEqual([['Tuition', 410_000, 1_020_000]]);
    expect(p.get(2)?.terms.map((t) => [t.opening, t.charged, t.closing])).toEqual([
      [0, 610_000, 610_000],
      [610_000, 410_000, 1_020_000],
    ]);
    expect(p.get(3)?.balance).toBe(610_000);
  });

  it('charges a national day student the lines for all, day scholars and nationals only', () => {
    const p = both([2, 3, 4], r);
    expect(p.get(4)?.lines.map((l) => l.amount)).toEqual([400_000, 20_000, 7_000]);
    expect(p.get(4)?.balance).toBe(427_000);
  });
});

describe('terms, dates and students with little', () => {
  it('gives a student with only previous debt lines without a term, and the debts in the balance', () => {
    const r = rows({
      debts: [
        { studentId: 5, amount: 120_000, note: 'Arrears from St. Mary’s' },
        { studentId: 5, amount: 30_000, note: '' },
      ],
    });
    const p = both([5], r).get(5);
    expect(p?.terms).toEqual([]);
    expect(p?.lines).toStrictEqual([
      {
        date: '',
        year: 0,
        term: 0,
        kind: 'previous_debt',
        description: 'Arrears from St. Mary’s',
        amount: 120_000,
        balance: 120_000,
      },
      {
        date: '',
        year: 0,
        term: 0,
        kind: 'previous_debt',
        description: 'Balance brought forward',
        amount: 30_000,
        balance: 150_000,
      },
    ]);
    expect(p?.balance).toBe(150_000);
  });

  it('gives a student with nothing an empty position, and ignores rows of students not asked for', () => {
    const r = rows({
      enrolments: [enrol(9, 2026, 1)],
      structure: [line(1, 2026, 1, TUITION, 400_000)],
      payments: [payment(1, 9, 1, 50_000)],
      debts: [{ studentId: 9, amount: 10_000, note: null }],
      additions: [{ id: 1, studentId: 9, year: 2026, term: 1, description: 'x', amount: 5, categoryId: null }],
      grants: [grant(9, { amount: 1_000, everyTerm: true })],
    });
    const p = both([6], r);
    expect([...p.keys()]).toEqual([6]);
    expect(p.get(6)).toStrictEqual({ studentId: 6, terms: [], lines: [], balance: 0 });
    expect(computePositions([], r).size).toBe(0);
  });

  it('adds the terms with only an entry, in order, dated by the Ministry calendar when the school has no dates', () => {
    const r = rows({
      enrolments: [enrol(7, 2026, 1)],
      structure: [line(1, 2026, 1, TUITION, 300_000)],
      // A payment in term 2 (not enrolled yet) and an addition left from 2025 term 3.
      payments: [
        payment(1, 7, 40, 100_000, {
          year: 2026,
          term: 2,
          paidOn: new Date('2026-06-01T00:00:00Z') as unknown as string,
        }),
      ],
      additions: [
        { id: 1, studentId: 7, year: 2025, term: 3, description: 'Holiday lessons', amount: 25_000, categoryId: null },
      ],
      debts: [{ studentId: 7, amount: 5_000, note: null }],
    });
    const p = both([7], r).get(7);
    expect(p?.terms).toStrictEqual([
      { year: 2025, term: 3, opening: 5_000, charged: 25_000, reduced: 0, paid: 0, closing: 30_000 },
      { year: 2026, term: 1, opening: 30_000, charged: 300_000, reduced: 0, paid: 0, closing: 330_000 },
      { year: 2026, term: 2, opening: 330_000, charged: 0, reduced: 0, paid: 100_000, closing: 230_000 },
    ]);
    const t3of2025 = calendarOf(2025)[2][0];
    expect(p?.lines.map((l) => [l.kind, l.date, l.year, l.term, l.balance])).toEqual([
      // The debt is shown in the student's first term.
      ['previous_debt', t3of2025, 2025, 3, 5_000],
      ['addition', t3of2025, 2025, 3, 30_000],
      ['charge', '2026-02-02', 2026, 1, 330_000],
      ['payment', '2026-06-01', 2026, 2, 230_000],
    ]);
    expect(p?.balance).toBe(230_000);
  });

  it('reads the school’s term dates whether they come as text or as dates', () => {
    const r = rows({
      enrolments: [enrol(8, 2027, 1), enrol(8, 2027, 2)],
      dates: [{ year: 2027, term: 1, opensOn: new Date('2027-02-01T00:00:00Z') as unknown as string }],
    });
    expect(both([8], r).get(8)?.terms.length).toBe(2);
    const r2 = rows({
      enrolments: [enrol(8, 2027, 1), enrol(8, 2027, 2)],
      structure: [line(1, 2027, 1, TUITION, 1_000), line(2, 2027, 2, TUITION, 2_000)],
      dates: [{ year: 2027, term: 1, opensOn: new Date('2027-02-01T00:00:00Z') as unknown as string }],
    });
    expect(
      computePositions([8], r2)
        .get(8)
        ?.lines.map((l) => l.date),
    ).toEqual(['2027-02-01', calendarOf(2027)[1][0]]);
  });
});

describe('bursaries', () => {
  const terms = [enrol(1, 2026, 1), enrol(1, 2026, 2), enrol(1, 2026, 3), enrol(1, 2027, 1)];
  const tuition = [2026, 2027].flatMap((y, i) =>
    [1, 2, 3].map((t) => line(10 * y + t, y, t, TUITION, 100_000 + 1_000 * (3 * i + t))),
  );
  const bursaryLines = (r: LedgerRows) =>
    both([1], r)
      .get(1)
      ?.lines.filter((l) => l.kind === 'bursary')
      .map((l) => [l.year, l.term, l.amount, l.description]);

  it('gives a fixed bursary in its start term only, unless every term', () => {
    const r = rows({
      enrolments: terms,
      grants: [
        grant(1, { amount: 40_000, startYear: 2026, startTerm: 2, note: 'Sports' }),
        grant(1, { amount: 15_000, startYear: 2026, startTerm: 3, everyTerm: true }),
      ],
    });
    expect(bursaryLines(r)).toEqual([
      [2026, 2, -40_000, 'Bursary (fixed): Sports'],
      [2026, 3, -15_000, 'Bursary (fixed)'],
      [2027, 1, -15_000, 'Bursary (fixed)'],
    ]);
    const p = computePositions([1], r).get(1);
    expect(p?.terms.map((t) => t.reduced)).toEqual([0, 40_000, 15_000, 15_000]);
    expect(p?.balance).toBe(-70_000);
  });

  it('ends a bursary every term with its last term, and keeps one whose end is incomplete going', () => {
    const r = rows({
      enrolments: terms,
      structure: tuition,
      grants: [
        grant(1, { amount: 10_000, startYear: 2026, startTerm: 2, everyTerm: true, endYear: 2026, endTerm: 3 }),
        grant(1, { amount: 1_000, startYear: 2026, startTerm: 3, everyTerm: true, endYear: 2027, endTerm: null }),
        grant(1, { amount: 2_000, startYear: 2026, startTerm: 3, everyTerm: true, endYear: null, endTerm: 1 }),
      ],
    });
    expect(bursaryLines(r)?.map(([y, t, a]) => [y, t, a])).toEqual([
      [2026, 2, -10_000],
      [2026, 3, -10_000],
      [2026, 3, -1_000],
      [2026, 3, -2_000],
      [2027, 1, -1_000],
      [2027, 1, -2_000],
    ]);
  });

  it('takes a percentage of the category charged that term, rounded, never of additions', () => {
    const r = rows({
      enrolments: [enrol(1, 2026, 1), enrol(1, 2026, 2)],
      structure: [
        line(1, 2026, 1, TUITION, 1_001),
        line(2, 2026, 1, DEVELOPMENT, 500),
        // Term 2 charges no Tuition: 50 % of nothing is no line.
        line(3, 2026, 2, DEVELOPMENT, 800),
      ],
      additions: [
        { id: 1, studentId: 1, year: 2026, term: 1, description: 'Extra Tuition', amount: 9_000, categoryId: TUITION },
      ],
      grants: [grant(1, { kind: 'percent', percent: 50, categoryId: TUITION, everyTerm: true, note: 'Needy' })],
    });
    // 50 % of 1,001 = 500.5, rounded to 501.
    expect(bursaryLines(r)).toEqual([[2026, 1, -501, 'Bursary (50% of Tuition): Needy']]);
    const p = computePositions([1], r).get(1);
    expect(p?.terms.map((t) => [t.charged, t.reduced, t.closing])).toEqual([
      [10_501, 501, 10_000],
      [800, 0, 10_800],
    ]);
  });

  it('takes a percentage of all the fees charged when no category is named', () => {
    const r = rows({
      enrolments: [enrol(1, 2026, 1), enrol(2, 2026, 1)],
      structure: [line(1, 2026, 1, TUITION, 300_000), line(2, 2026, 1, DEVELOPMENT, 100_000)],
      additions: [
        { id: 1, studentId: 1, year: 2026, term: 1, description: 'Trip', amount: 40_000, categoryId: DEVELOPMENT },
      ],
      grants: [
        grant(1, { kind: 'percent', percent: 25 }),
        // A fixed bursary of student 2 does not make student 2's percentage figures.
        grant(2, { amount: 50_000 }),
      ],
    });
    expect(bursaryLines(r)).toEqual([[2026, 1, -100_000, 'Bursary (25% of fees)']]);
    const p = both([1, 2], r);
    expect(p.get(1)?.balance).toBe(340_000);
    expect(p.get(2)?.balance).toBe(350_000);
  });

  it('names an unknown category Fees, and puts structure lines of unknown categories first', () => {
    const r = rows({
      enrolments: [enrol(1, 2026, 1)],
      structure: [line(2, 2026, 1, TUITION, 100_000), line(1, 2026, 1, 99, 5_000)],
      grants: [grant(1, { kind: 'percent', percent: 10, categoryId: 99 })],
    });
    expect(
      computePositions([1], r)
        .get(1)
        ?.lines.map((l) => [l.description, l.amount]),
    ).toEqual([
      ['Fees', 5_000],
      ['Tuition', 100_000],
      ['Bursary (10% of Fees)', -500],
    ]);
  });
});

describe('deductions', () => {
  it('lists deductions in the order they were entered, each lowering the balance', () => {
    const r = rows({
      enrolments: [enrol(1, 2026, 1)],
      structure: [line(1, 2026, 1, TUITION, 100_000)],
      deductions: [
        { id: 8, studentId: 1, year: 2026, term: 1, description: 'Staff child', amount: 30_000 },
        { id: 3, studentId: 1, year: 2026, term: 1, description: 'Sibling discount', amount: 5_000 },
      ],
    });
    const p = both([1], r).get(1);
    expect(p?.lines.map((l) => [l.description, l.amount, l.balance])).toEqual([
      ['Tuition', 100_000, 100_000],
      ['Sibling discount', -5_000, 95_000],
      ['Staff child', -30_000, 65_000],
    ]);
    expect(p?.terms[0]?.reduced).toBe(35_000);
  });
});

describe('payments', () => {
  it('orders payments by receipt number, dates a reversal without a void date by the payment', () => {
    const r = rows({
      enrolments: [enrol(1, 2026, 1)],
      payments: [
        // A date read as text with its time still on.
        payment(3, 1, 30, 20_000, { paidOn: '2026-03-01 10:15:00' }),
        payment(1, 1, 5, 70_000, { paidOn: '2026-02-20', status: 'voided', voidReason: null, voidedAt: null }),
        payment(2, 1, 17, 10_000, { paidOn: '2026-02-25', status: 'voided', voidReason: '' }),
      ],
    });
    const p = both([1], r).get(1);
    expect(p?.lines.map((l) => [l.kind, l.description, l.date, l.amount, l.balance, l.receiptNo, l.paymentId])).toEqual(
      [
        ['payment', 'Payment, receipt 5', '2026-02-20', -70_000, -70_000, 5, 1],
        ['reversal', 'Receipt 5 voided', '2026-02-20', 70_000, 0, 5, 1],
        ['payment', 'Payment, receipt 17', '2026-02-25', -10_000, -10_000, 17, 2],
        ['reversal', 'Receipt 17 voided', '2026-02-25', 10_000, 0, 17, 2],
        ['payment', 'Payment, receipt 30', '2026-03-01', -20_000, -20_000, 30, 3],
      ],
    );
    // Overpaid: a credit.
    expect(p?.terms[0]).toEqual({
      year: 2026,
      term: 1,
      opening: 0,
      charged: 0,
      reduced: 0,
      paid: 20_000,
      closing: -20_000,
    });
    expect(p?.balance).toBe(-20_000);
  });
});
