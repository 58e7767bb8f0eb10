import { paymentModes, salaryDeductions, salaryTemps, staff, staffAllowances } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { today } from '../../core/dates.js';
import { SchoolScope } from '../../core/scope.js';
import type { Executor } from '../../db/open.js';
import { advanceDocument } from './documents.js';
import { payTemps, prepareMonth } from './salaries.js';

/**
 * The demo school's payroll: allowances for the head teacher, the director of studies and the bursar,
 * SACCO and welfare deductions, an advance recovered over three months, the two months before this one
 * paid from the bank at the month's end, and this month prepared for review: on whatever day it is made.
 */
export async function fillDemoPayroll(db: Executor, schoolId: number, adminId: number) {
  const scope = new SchoolScope(db, schoolId, { userId: adminId, name: 'Demo data' });
  await scope.transaction(async (tx) => {
    // This month and the two before it (January's are November and December of the year before).
    const [year, month] = today().split('-').map(Number) as [number, number];
    const monthBefore = (n: number) => {
      const m = (year * 12 + month - 1 - n) as number;
      return { year: Math.floor(m / 12), month: (m % 12) + 1 };
    };
    const paid = [monthBefore(2), monthBefore(1)];
    const mm = (n: number) => String(n).padStart(2, '0');
    const people = await tx.db.select().from(staff).where(eq(staff.schoolId, schoolId)).orderBy(staff.id);
    const modes = await tx.db.select().from(paymentModes).where(eq(paymentModes.schoolId, schoolId));
    const bank = modes.find((m) => m.name === 'Stanbic Bank') ?? modes[0];
    const cash = modes.find((m) => m.name === 'Cash') ?? modes[0];
    if (!people.length || !bank || !cash) return;
    const [first, second, third] = people;
    await tx.db.insert(staffAllowances).values(
      [
        [first, 'Housing', 300_000],
        [second, 'Responsibility', 150_000],
        [third, 'Responsibility', 100_000],
      ]
        .filter(([who]) => who)
        .map(([who, name, amount]) => ({
          schoolId,
          staffId: (who as typeof staff.$inferSelect).id,
          name: name as string,
          amount: amount as number,
        })),
    );
    await tx.db.insert(salaryDeductions).values(
      people.slice(0, 8).map((p, i) => ({
        schoolId,
        staffId: p.id,
        name: i % 2 ? 'Staff welfare' : 'Teachers SACCO',
        amount: i % 2 ? 10_000 : 50_000,
      })),
    );
    const borrower = people[4] ?? first;
    const advance = await tx.table(advanceDocument.table, 'staff').insert({
      staffId: borrower!.id,
      amount: 300_000,
      givenOn: `${paid[0].year}-${mm(paid[0].month)}-05`,
      modeId: cash.id,
      months: 3,
      consent: 'Signed salary advance form kept in the staff file',
      reference: 'ADV-001',
      recordedBy: 'Demo data',
    });
    await advanceDocument.post(tx, [advance.id]);
    for (const m of paid) {
      await prepareMonth(tx, m);
      const temps = await tx.db
        .select()
        .from(salaryTemps)
        .where(and(eq(salaryTemps.schoolId, schoolId), eq(salaryTemps.year, m.year), eq(salaryTemps.month, m.month)));
      await payTemps(tx, temps, {
        mode_id: bank.id,
        paid_on: `${m.year}-${mm(m.month)}-28`,
        reference: `SAL-${m.year}-${m.month}`,
      });
    }
    await prepareMonth(tx, { year, month });
  });
}
