import { paymentModes, salaryDeductions, salaryTemps, schoolSettings, staff, staffAllowances } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { SchoolScope } from '../../core/scope.js';
import type { Executor } from '../../db/open.js';
import { advanceDocument } from './documents.js';
import { payTemps, prepareMonth } from './salaries.js';

/**
 * The demo school's payroll: allowances for the head teacher, the director of studies and the bursar,
 * SACCO and welfare deductions, an advance recovered over three months, September and October paid from
 * the bank at the month's end, and this month prepared for review.
 */
export async function fillDemoPayroll(db: Executor, schoolId: number, adminId: number) {
  const scope = new SchoolScope(db, schoolId, { userId: adminId, name: 'Demo data' });
  await scope.transaction(async (tx) => {
    const [settings] = await tx.db.select().from(schoolSettings).where(eq(schoolSettings.schoolId, schoolId));
    const year = settings?.currentYear ?? 2026;
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
      givenOn: `${year}-09-05`,
      modeId: cash.id,
      months: 3,
      consent: 'Signed salary advance form kept in the staff file',
      reference: 'ADV-001',
      recordedBy: 'Demo data',
    });
    await advanceDocument.post(tx, [advance.id]);
    for (const month of [9, 10]) {
      await prepareMonth(tx, { year, month });
      const temps = await tx.db
        .select()
        .from(salaryTemps)
        .where(and(eq(salaryTemps.schoolId, schoolId), eq(salaryTemps.year, year), eq(salaryTemps.month, month)));
      await payTemps(tx, temps, {
        mode_id: bank.id,
        paid_on: `${year}-${String(month).padStart(2, '0')}-28`,
        reference: `SAL-${year}-${month}`,
      });
    }
    await prepareMonth(tx, { year, month: 11 });
  });
}
