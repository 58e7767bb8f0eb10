import {
  bursaries,
  bursaryCategories,
  feesAdditions,
  feesBreakdowns,
  feesCategories,
  feesDeductions,
  feesPayments,
  paymentModes,
  previousDebts,
  schoolSettings,
  students,
  studentTerms,
} from '@somero/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { now } from '../src/core/dates.js';
import { SchoolScope } from '../src/core/scope.js';
import { classBalances, studentPosition } from '../src/modules/fees/ledger/balances.js';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { shared, useTestApp } from './support.js';

const t = useTestApp();
let school: RegisterSchool;
let scope: SchoolScope;
const cat: Record<string, number> = {};
let modeId: number;
let receipt = 0;

const setTerm = (year: number, term: number) =>
  t.database.db
    .update(schoolSettings)
    .set({ currentYear: year, currentTerm: term })
    .where(eq(schoolSettings.schoolId, school.schoolId));

const structure = async (year: number, term: number, classId: number, rows: [string, string, string, number][]) =>
  t.database.db.insert(feesBreakdowns).values(
    rows.map(([category, section, entrants, amount]) => ({
      schoolId: school.schoolId,
      categoryId: cat[category],
      classId,
      section,
      entrants,
      year,
      term,
      amount,
    })),
  );

export const pay = async (
  schoolId: number,
  studentId: number,
  amount: number,
  year: number,
  term: number,
  extra: Json = {},
) => {
  receipt += 1;
  const [row] = await t.database.db
    .insert(feesPayments)
    .values({
      schoolId,
      receiptNo: receipt,
      studentId,
      amount,
      modeId,
      paidOn: `${year}-0${term * 3}-10`,
      year,
      term,
      cashierName: 'Bursar',
      ...extra,
    })
    .returning();
  return row;
};

// Made on first use: a set-up that fails then fails the tests (a failing hook would skip them).
const setUp = shared(async () => {
  school = await registerSchool(t.app, t.database, { year: 2026, term: 1 });
  scope = new SchoolScope(t.database.db, school.schoolId, { userId: null, name: 'test' });
  for (const name of ['Tuition', 'Development', 'Admission']) {
    const [row] = await t.database.db.insert(feesCategories).values({ schoolId: school.schoolId, name }).returning();
    cat[name] = row.id;
  }
  const [mode] = await t.database.db
    .insert(paymentModes)
    .values({ schoolId: school.schoolId, name: 'Cash', openingOn: '2026-01-01' })
    .returning();
  modeId = mode.id;
  for (const term of [1, 2]) {
    await structure(2026, term, school.classes.S1, [
      ['Tuition', 'boarding', 'all', 800_000],
      ['Tuition', 'day', 'all', 500_000],
      ['Development', 'all', 'all', 100_000],
      ['Admission', 'all', 'new', 50_000],
    ]);
    await structure(2026, term, school.classes.S2, [['Tuition', 'all', 'all', 900_000]]);
  }
});
beforeEach(() => setUp());

describe('the ledger worked by hand', () => {
  it('previous debt, structure, addition, deduction, 50% tuition bursary, three payments one voided', async () => {
    await setTerm(2026, 1);
    const s = await admit(school, { section: 'boarding' });
    const id = s.id as number;
    const db = t.database.db;
    const sid = school.schoolId;
    await db.insert(previousDebts).values({ schoolId: sid, studentId: id, amount: 150_000 });
    await db
      .insert(feesAdditions)
      .values({ schoolId: sid, studentId: id, description: 'Trip', amount: 30_000, year: 2026, term: 1 });
    await db
      .insert(feesDeductions)
      .values({ schoolId: sid, studentId: id, description: 'Sibling', amount: 20_000, year: 2026, term: 1 });
    const [bc] = await db.insert(bursaryCategories).values({ schoolId: sid, name: 'Academic' }).returning();
    await db.insert(bursaries).values({
      schoolId: sid,
      studentId: id,
      bursaryCategoryId: bc.id,
      kind: 'percent',
      percent: 50,
      categoryId: cat.Tuition,
      startYear: 2026,
      startTerm: 1,
      everyTerm: true,
    });
    await pay(sid, id, 300_000, 2026, 1);
    await pay(sid, id, 100_000, 2026, 1, {
      status: 'void',
      voidReason: 'Wrong student',
      voidedAt: new Date('2026-03-11'),
    });
    await pay(sid, id, 200_000, 2026, 1);

    // Term 1: 150,000 + (800,000 + 100,000 + 50,000 + 30,000) − (20,000 + 400,000) − (300,000 + 200,000) = 210,000
    let p = await studentPosition(scope, id);
    expect(p.terms).toEqual([
      { year: 2026, term: 1, opening: 150_000, charged: 980_000, reduced: 420_000, paid: 500_000, closing: 210_000 },
    ]);
    expect(p.balance).toBe(210_000);
    expect(p.lines.map((l) => [l.kind, l.amount])).toEqual([
      ['previous_debt', 150_000],
      ['charge', 800_000],
      ['charge', 100_000],
      ['charge', 50_000],
      ['addition', 30_000],
      ['deduction', -20_000],
      ['bursary', -400_000],
      ['payment', -300_000],
      ['payment', -100_000],
      ['reversal', 100_000],
      ['payment', -200_000],
    ]);
    expect(p.lines.at(-1)?.balance).toBe(210_000);

    // Term 2: enrolled when the term is looked up; no admission fee; the bursary goes on.
    await setTerm(2026, 2);
    p = await studentPosition(scope, id);
    expect(p.terms[1]).toEqual({
      year: 2026,
      term: 2,
      opening: 210_000,
      charged: 900_000,
      reduced: 400_000,
      paid: 0,
      closing: 710_000,
    });
    expect(p.balance).toBe(710_000);

    // The class's balances agree with the one student's position.
    const many = await classBalances(scope, { classId: school.classes.S1 });
    const mine = many.find((b) => b.studentId === id);
    expect(mine?.balance).toBe(710_000);
    for (const b of many) expect(b.position).toEqual(await studentPosition(scope, b.studentId));
    // Figures only (summaries, tiles): the same terms and balance, without lines.
    const figures = await classBalances(scope, { classId: school.classes.S1, figuresOnly: true });
    for (const b of figures) {
      const full = many.find((x) => x.studentId === b.studentId);
      expect(b.position).toEqual({ ...full?.position, lines: [] });
      expect(b.term).toEqual(full?.term);
    }
    expect(figures.find((b) => b.studentId === id)?.term).toMatchObject({ opening: 210_000, closing: 710_000 });
    await setTerm(2026, 1);
  });
});

describe('enrolment', () => {
  it('backfills students with none from their entry term to now, in one go, and keeps past terms on promotion', async () => {
    await setTerm(2026, 1);
    const [s] = await t.database.db
      .insert(students)
      .values({
        schoolId: school.schoolId,
        admissionNo: `OLD/${now().getTime()}`,
        surname: 'Backfill',
        otherNames: 'Old',
        gender: 'M',
        classId: school.classes.S2,
        section: 'day',
        nationality: 'Kenyan',
        entryYear: 2025,
        entryTerm: 2,
        admittedOn: '2025-05-26',
      })
      .returning();
    const p = await studentPosition(scope, s.id);
    const rows = await t.database.db
      .select()
      .from(studentTerms)
      .where(eq(studentTerms.studentId, s.id))
      .orderBy(studentTerms.year, studentTerms.term);
    expect(rows.map((r) => [r.year, r.term, r.isNew, r.nationalityGroup, r.classId])).toEqual([
      [2025, 2, true, 'international', school.classes.S2],
      [2025, 3, false, 'international', school.classes.S2],
      [2026, 1, false, 'international', school.classes.S2],
    ]);
    // Only 2026 term 1 has a structure for S2 here.
    expect(p.balance).toBe(900_000);
  });
});

describe('migration and enrolment', () => {
  it('records past terms in the old class before a class is promoted; the current term follows', async () => {
    const s2 = await registerSchool(t.app, t.database, { year: 2026, term: 1 });
    const [old] = await t.database.db
      .insert(students)
      .values({
        schoolId: s2.schoolId,
        admissionNo: `MIG/${now().getTime()}`,
        surname: 'Migrant',
        otherNames: 'Old',
        gender: 'F',
        classId: s2.classes.S1,
        section: 'day',
        entryYear: 2025,
        entryTerm: 3,
        admittedOn: '2025-09-15',
      })
      .returning();
    const res = await s2.api.post('/migrate_students', { class_id: s2.classes.S1 });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(studentTerms)
      .where(eq(studentTerms.studentId, old.id))
      .orderBy(studentTerms.year, studentTerms.term);
    expect(rows.map((r) => [r.year, r.term, r.classId])).toEqual([
      [2025, 3, s2.classes.S1],
      [2026, 1, s2.classes.S2],
    ]);
  });
});

describe('bursaries', () => {
  let academic: number;
  const grant = async (studentId: number, fields: Partial<typeof bursaries.$inferInsert>) => {
    academic ??= (
      await t.database.db.insert(bursaryCategories).values({ schoolId: school.schoolId, name: 'Sponsored' }).returning()
    )[0]!.id;
    await t.database.db.insert(bursaries).values({
      schoolId: school.schoolId,
      studentId,
      bursaryCategoryId: academic,
      kind: 'fixed',
      startYear: 2026,
      startTerm: 1,
      ...fields,
    });
  };
  // A day scholar of S1 who joined in term 1 of 2026: 500,000 tuition + 100,000 development + 50,000 admission.
  const dayScholar = async () => {
    await setTerm(2026, 1);
    return (await admit(school, { section: 'day' })).id as number;
  };

  it('takes a percentage of all fees from the structure charges only, not from additions', async () => {
    const id = await dayScholar();
    await t.database.db
      .insert(feesAdditions)
      .values({ schoolId: school.schoolId, studentId: id, description: 'Trip', amount: 30_000, year: 2026, term: 1 });
    await grant(id, { kind: 'percent', percent: 50, categoryId: null });
    const p = await studentPosition(scope, id);
    // 650,000 + 30,000 − 50% of 650,000.
    expect(p.terms).toEqual([
      { year: 2026, term: 1, opening: 0, charged: 680_000, reduced: 325_000, paid: 0, closing: 355_000 },
    ]);
    expect(p.lines.filter((l) => l.kind === 'bursary').map((l) => [l.description, l.amount])).toEqual([
      ['Bursary (50% of fees)', -325_000],
    ]);
  });

  it('takes a fixed bursary off in full, even beyond the fees (a credit)', async () => {
    const id = await dayScholar();
    await grant(id, { kind: 'fixed', amount: 200_000, note: 'Parish' });
    const other = await dayScholar();
    await grant(other, { kind: 'fixed', amount: 700_000 });
    const p = await studentPosition(scope, id);
    expect(p.terms[0]).toMatchObject({ charged: 650_000, reduced: 200_000, closing: 450_000 });
    expect(p.lines.filter((l) => l.kind === 'bursary').map((l) => [l.description, l.amount])).toEqual([
      ['Bursary (fixed): Parish', -200_000],
    ]);
    expect(p.balance).toBe(450_000);
    expect((await studentPosition(scope, other)).balance).toBe(-50_000);
  });
});
