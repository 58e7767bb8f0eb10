import { budgetLines, expenseCategories, financialYears, revenueCategories, schoolSettings } from '@somero/contract';
import { eq } from 'drizzle-orm';
import { SchoolScope } from '../../core/scope.js';
import type { Executor } from '../../db/open.js';
import { splitEvenly } from './budget-rules.js';
import { expectedFees } from './figures.js';

/** The demo's budget per category: [name, annual amount, split]. */
const revenuePlan: [string, number, 'year' | 'term' | 'month'][] = [
  ['Government capitation (USE)', 40_000_000, 'term'],
  ['Sales', 9_000_000, 'year'],
  ['Hire of facilities', 6_000_000, 'year'],
  ['Grants and donations', 2_500_000, 'year'],
];
const expensePlan: [string, number, 'year' | 'term' | 'month'][] = [
  ['Food', 36_000_000, 'term'],
  ['Stationery', 3_000_000, 'year'],
  ['Utilities', 24_000_000, 'month'],
  ['Repairs and maintenance', 4_000_000, 'year'],
  ['Transport', 6_000_000, 'year'],
];

/**
 * The demo school's financial year (its current year, 1 Jan to 31 Dec, current) and its budget: fees as
 * the structure expects them, the USE capitation grant per term, the other categories for the year.
 */
export async function fillDemoBudget(db: Executor, schoolId: number, adminId: number) {
  const scope = new SchoolScope(db, schoolId, { userId: adminId, name: 'Demo data' });
  await scope.transaction(async (tx) => {
    const [settings] = await tx.db.select().from(schoolSettings).where(eq(schoolSettings.schoolId, schoolId));
    const year = settings?.currentYear ?? 2026;
    const fy = await tx.table(financialYears, 'budget').insert({
      name: String(year),
      startsOn: `${year}-01-01`,
      endsOn: `${year}-12-31`,
      isCurrent: true,
    });
    const expected = await expectedFees(tx, fy);
    // Fees budgeted at the expected fees, rounded down to the hundred thousand, per term as the structure has them.
    const round = (n: number) => Math.floor(n / 100_000) * 100_000;
    const feeParts = expected.terms.map((t) => round(t.amount));
    const rows: (typeof budgetLines.$inferInsert)[] = [];
    if (expected.total > 0)
      rows.push({
        schoolId,
        yearId: fy.id,
        kind: 'fees',
        categoryId: null,
        amount: feeParts.reduce((a, b) => a + b, 0),
        split: 'term',
        parts: feeParts,
      });
    const add = async (
      kind: 'revenue' | 'expense',
      plan: typeof revenuePlan,
      table: typeof revenueCategories | typeof expenseCategories,
    ) => {
      const cats = await tx.db.select().from(table).where(eq(table.schoolId, schoolId));
      for (const [name, amount, split] of plan) {
        const cat = cats.find((c) => c.name === name);
        if (!cat) continue;
        const parts = split === 'term' ? splitEvenly(amount, 3) : split === 'month' ? splitEvenly(amount, 12) : [];
        rows.push({ schoolId, yearId: fy.id, kind, categoryId: cat.id, amount, split, parts });
      }
    };
    await add('revenue', revenuePlan, revenueCategories);
    await add('expense', expensePlan, expenseCategories);
    if (rows.length) await tx.db.insert(budgetLines).values(rows);
  });
}
