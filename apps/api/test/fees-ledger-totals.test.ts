import {
  bursaries,
  bursaryCategories,
  classes,
  feesAdditions,
  feesBreakdowns,
  feesCategories,
  feesDeductions,
  feesPayments,
  oldStudents,
  paymentModes,
  previousDebts,
  students,
  studentTerms,
} from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { now as clockNow } from '../src/core/dates.js';
import { hashPassword } from '../src/core/passwords.js';
import { SchoolScope } from '../src/core/scope.js';
import { fillDemoSchool } from '../src/db/demo-data.js';
import { classBalances } from '../src/modules/fees/ledger/balances.js';
import { type ClassTotal, classTotals } from '../src/modules/fees/ledger/totals.js';
import { expectedOf } from '../src/modules/fees/reports/balances.js';
import { createSchool } from '../src/modules/users/school.js';
import { client, type Json, registerSchool } from './students-fixtures.js';
import { unique, useTestApp } from './support.js';

const t = useTestApp();

/** The reference: the ledger's own per-student balances (`classBalances`, with its lines), summed by class. */
async function fromLedger(scope: SchoolScope): Promise<ClassTotal[]> {
  const list = await classBalances(scope, {});
  const rows = await t.database.db
    .select({ id: students.id, classId: students.classId, name: classes.name })
    .from(students)
    .innerJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
    .where(eq(students.schoolId, scope.schoolId));
  const classOf = new Map(rows.map((r) => [r.id, r]));
  const by = new Map<number, ClassTotal>();
  for (const b of list) {
    const c = classOf.get(b.studentId) as (typeof rows)[number];
    const total = by.get(c.classId) ?? {
      classId: c.classId,
      name: c.name,
      students: 0,
      expected: 0,
      collected: 0,
      owing: 0,
      owed: 0,
    };
    total.students += 1;
    total.expected += expectedOf(b);
    total.collected += b.term.paid;
    if (b.balance > 0) {
      total.owing += 1;
      total.owed += b.balance;
    }
    by.set(c.classId, total);
  }
  return [...by.values()].sort((a, b) => a.classId - b.classId);
}

/** A small seeded generator, so a failure can be run again. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)],
  };
}

describe('classTotals: the ledger summed by class in one SQL statement, equal to classBalances', () => {
  it('for the demo school', async () => {
    const username = unique('totals');
    const { school, owner } = await createSchool(t.database.db, {
      school: unique('Totals Demo '),
      name: 'Demo Administrator',
      username,
      email: `${username}@school.example`,
      passwordHash: await hashPassword('demo-pass-123'),
    });
    await fillDemoSchool(t.database.db, school.id, owner.id);
    const scope = new SchoolScope(t.database.db, school.id, { userId: null, name: 'test' });
    const expected = await fromLedger(scope);
    expect(expected.reduce((a, c) => a + c.owing, 0)).toBeGreaterThan(0);
    expect(await classTotals(scope)).toEqual(expected);
  }, 240_000);

  for (const seed of [15, 2026]) {
    it(`for a randomised school (seed ${seed}): structure by section, nationality and entrants, promotions, bursaries, voids, amendments, adjustments, previous debts, leavers, old students, transfers`, async () => {
      const r = generator(seed);
      const s = await registerSchool(t.app, t.database, { year: 2026, term: 2 });
      const schoolId = s.schoolId;
      const db = t.database.db;
      const api = client(t.app, s.adminToken);
      const scope = new SchoolScope(db, schoolId, { userId: null, name: 'test' });
      const classIds = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'].map((n) => s.classes[n]);
      const cats = await db
        .insert(feesCategories)
        .values(['Tuition', 'Meals', 'Development'].map((name, rank) => ({ schoolId, name, rank })))
        .returning();
      const catIds = cats.map((c) => c.id);
      // Terms as year * 3 + term - 1, from term 1 of 2024 to term 3 of 2026 (the current term is 2026 term 2).
      const first = 2024 * 3;
      const now = 2026 * 3 + 1;
      const last = 2026 * 3 + 2;
      const yt = (k: number) => ({ year: Math.floor(k / 3), term: (k % 3) + 1 });
      const anyTerm = () => r.int(first, last);

      // The structure: a few lines per class and term, for a section, nationality group and entrants.
      const lines = new Map<string, typeof feesBreakdowns.$inferInsert>();
      for (let k = first; k <= last; k++)
        for (const classId of classIds)
          for (let n = r.int(1, 5); n > 0; n--) {
            const line = {
              schoolId,
              classId,
              ...yt(k),
              categoryId: r.pick(catIds),
              section: r.pick(['all', 'all', 'day', 'boarding', 'weekly']),
              nationality: r.pick(['all', 'all', 'national', 'international']),
              entrants: r.pick(['all', 'all', 'new']),
              // Odd amounts so that percentages round; now and then a negative line (a rebate).
              amount: r.chance(0.05) ? -r.int(1, 50_000) : r.int(10, 900) * 1_000 + r.pick([0, 0, 1, 5, 50, 333]),
            };
            lines.set(
              `${line.year}:${line.term}:${classId}:${line.categoryId}:${line.section}:${line.nationality}:${line.entrants}`,
              line,
            );
          }
      await db.insert(feesBreakdowns).values([...lines.values()]);

      // Students: current ones, leavers enrolled this term or not, some with no enrolment recorded yet.
      const made = await db
        .insert(students)
        .values(
          Array.from({ length: 70 }, (_, i) => {
            const entry = r.int(first, now);
            return {
              schoolId,
              admissionNo: `R${seed}-${i}`,
              surname: r.pick(['Nakato', 'Okello', 'Mugisha', 'Achieng', 'Ssemakula']),
              otherNames: `Student ${i}`,
              gender: r.pick(['F', 'M']),
              classId: r.pick(classIds),
              section: r.pick(['day', 'boarding']),
              nationality: r.pick(['Ugandan', 'Ugandan', 'Kenyan']),
              status: i < 56 ? 'current' : 'left',
              ...{ entryYear: yt(entry).year, entryTerm: yt(entry).term },
              admittedOn: `${yt(entry).year}-02-01`,
            };
          }),
        )
        .returning();
      const leaverNotNow = (made.find((x) => x.status === 'left') as (typeof made)[number]).id;
      const enrolments: (typeof studentTerms.$inferInsert)[] = [];
      for (const st of made) {
        if (st.status === 'current' && r.chance(0.1)) continue; // enrolled from entry by the ledger itself
        const entry = st.entryYear * 3 + st.entryTerm - 1;
        // A leaver not enrolled this term is not counted (the first surely so); now and then one is enrolled ahead.
        const until =
          st.status === 'left' && (st.id === leaverNotNow || r.chance(0.5)) ? now - 1 : r.chance(0.1) ? last : now;
        for (let k = entry; k <= until; k++) {
          if (k !== entry && r.chance(0.1)) continue; // a term away
          enrolments.push({
            schoolId,
            studentId: st.id,
            ...yt(k),
            // Promoted now and then: a past term's class is not always today's.
            classId: r.chance(0.7) ? st.classId : r.pick(classIds),
            // Now and then a section or nationality group beyond the usual two (the SQL's slower path).
            section: r.chance(0.85) ? st.section : r.pick(['day', 'boarding', 'weekly']),
            nationalityGroup: r.chance(0.03) ? 'refugee' : st.nationality === 'Ugandan' ? 'national' : 'international',
            isNew: k === entry,
          });
        }
      }
      await db.insert(studentTerms).values(enrolments);
      const pickStudent = () => r.pick(made).id;

      await db.insert(previousDebts).values(
        [...new Set(Array.from({ length: 20 }, pickStudent))].map((studentId) => ({
          schoolId,
          studentId,
          amount: r.int(-200, 500) * 1_000,
          note: 'Brought forward',
        })),
      );
      // Adjustments, some in terms the student was not enrolled in (they open that term in the ledger).
      await db.insert(feesAdditions).values(
        Array.from({ length: 40 }, () => ({
          schoolId,
          studentId: pickStudent(),
          ...yt(anyTerm()),
          categoryId: r.chance(0.5) ? r.pick(catIds) : null,
          description: 'Transport',
          amount: r.int(0, 300) * 1_000,
        })),
      );
      await db.insert(feesDeductions).values(
        Array.from({ length: 30 }, () => ({
          schoolId,
          studentId: pickStudent(),
          ...yt(anyTerm()),
          description: 'Discount',
          amount: r.int(0, 200) * 1_000,
        })),
      );
      // Bursaries: fixed or a percentage of one category or of all fees, one term or every term, ended or not.
      const [bc] = await db.insert(bursaryCategories).values({ schoolId, name: 'Sponsored' }).returning();
      await db.insert(bursaries).values(
        Array.from({ length: 30 }, () => {
          const start = anyTerm();
          const every = r.chance(0.6);
          const end = every && r.chance(0.4) ? r.int(start, last) : null;
          const percent = r.chance(0.6);
          return {
            schoolId,
            studentId: pickStudent(),
            bursaryCategoryId: bc.id,
            kind: percent ? 'percent' : 'fixed',
            amount: percent ? 0 : r.int(1, 400) * 1_000,
            percent: percent ? r.pick([5, 7, 10, 25, 33, 50, 100]) : 0,
            categoryId: percent && r.chance(0.5) ? r.pick(catIds) : null,
            ...{ startYear: yt(start).year, startTerm: yt(start).term },
            everyTerm: every,
            ...(end === null ? {} : { endYear: yt(end).year, endTerm: yt(end).term }),
          };
        }),
      );
      const [cash, bank] = await db
        .insert(paymentModes)
        .values([
          { schoolId, name: 'Cash', kind: 'cash', openingOn: '2024-01-01' },
          { schoolId, name: 'Bank', kind: 'bank', openingOn: '2024-01-01' },
        ])
        .returning();
      // Past, present and prepaid payments, a few voided (some in terms the student was not enrolled in).
      await db.insert(feesPayments).values(
        Array.from({ length: 160 }, (_, i) => {
          const k = anyTerm();
          const void_ = r.chance(0.15);
          return {
            schoolId,
            receiptNo: 10_000 + i,
            studentId: pickStudent(),
            amount: r.int(1, 800) * 1_000,
            modeId: cash.id,
            paidOn: `${yt(k).year}-0${yt(k).term * 3}-10`,
            ...yt(k),
            cashierName: 'Bursar',
            status: void_ ? 'void' : 'valid',
            ...(void_ ? { voidReason: 'Bounced', voidedAt: clockNow() } : {}),
          };
        }),
      );
      // The leaver not enrolled this term has an addition and a payment in it: still not counted.
      await db.insert(feesAdditions).values({
        schoolId,
        studentId: leaverNotNow,
        ...yt(now),
        description: 'Late charge',
        amount: 70_000,
      });
      await db.insert(feesPayments).values({
        schoolId,
        receiptNo: 9_999,
        studentId: leaverNotNow,
        amount: 20_000,
        modeId: cash.id,
        paidOn: '2026-06-01',
        ...yt(now),
        cashierName: 'Bursar',
      });
      // Through the desk and its corrections: payments this term, one amended, one voided; a transfer between
      // modes; an old student's payment. None of the last two is a student's fees.
      const paid: number[] = [];
      for (const st of made.filter((x) => x.status === 'current').slice(0, 4)) {
        const res = await api.post('/fees_payments', {
          student_id: st.id,
          amount: r.int(1, 500) * 1_000,
          mode_id: cash.id,
          confirm: true,
        });
        expect(res.statusCode, res.body).toBe(200);
        paid.push(res.json().data);
      }
      const amended = await api.put(`/fees_payments/${paid[0]}`, { amount: 123_000, reason: 'Typed wrongly' });
      expect(amended.statusCode, amended.body).toBe(200);
      const voided = await api.post('/delete_fees_payment', { id: paid[1], reason: 'Paid twice' });
      expect(voided.statusCode, voided.body).toBe(200);
      const moved = await api.post('/money_transfers', { from_mode_id: cash.id, to_mode_id: bank.id, amount: 50_000 });
      expect(moved.statusCode, moved.body).toBe(200);
      const leaver = made.find((x) => x.status === 'left') as (typeof made)[number];
      const [old] = await db
        .insert(oldStudents)
        .values({ schoolId, studentId: leaver.id, name: 'Old Student', debt: 90_000 })
        .returning();
      const oldPaid = await api.post('/old_payments', { old_student_id: old.id, amount: 40_000, mode_id: cash.id });
      expect(oldPaid.statusCode, oldPaid.body).toBe(200);

      const expected = await fromLedger(scope);
      // The school is not trivial: leavers counted, students owing and in credit.
      const list = await classBalances(scope, {});
      expect(list.some((b) => b.balance < 0)).toBe(true);
      expect(expected.reduce((a, c) => a + c.owing, 0)).toBeGreaterThan(10);
      expect(expected.reduce((a, c) => a + c.students, 0)).toBeGreaterThan(56);
      expect(await classTotals(scope)).toEqual(expected);

      // And the dashboard's tile shows those figures.
      const tile = (await api.post('/dashboard', {})).json().data.fees as Json;
      expect(tile.term_expected).toBe(expected.reduce((a, c) => a + c.expected, 0));
      expect(tile.term_collected).toBe(expected.reduce((a, c) => a + c.collected, 0));
      expect(tile.students_owing).toBe(expected.reduce((a, c) => a + c.owing, 0));
      expect(tile.debt_classes).toEqual(
        [...expected]
          .filter((c) => c.owing > 0)
          .sort((a, b) => b.owed - a.owed)
          .slice(0, 5)
          .map((c) => ({ class_id: c.classId, name: c.name, owed: c.owed, students: c.owing })),
      );
    }, 240_000);
  }
});
