import { paymentModes, schools } from '@somero/contract';
import { SchoolScope } from '../core/scope.js';
import type { Executor } from '../db/open.js';
import { assetPurchaseDocument } from './assets/index.js';
import { expenseDocument } from './expenses/index.js';
import { feesPaymentDocument, oldPaymentDocument, postOpeningBalance, transferDocument } from './fees/index.js';
import type { MoneyDocument, MoneyTable } from './journal/index.js';
import { advanceDocument, salaryDocument } from './payroll/index.js';
import { revenueDocument } from './revenues/index.js';

/** Every money document the areas declare (issue 12 §1); each posts to the journal. */
export const moneyDocuments: MoneyDocument<MoneyTable>[] = [
  feesPaymentDocument,
  oldPaymentDocument,
  transferDocument,
  revenueDocument,
  expenseDocument,
  assetPurchaseDocument,
  advanceDocument,
  salaryDocument,
] as unknown as MoneyDocument<MoneyTable>[];

/**
 * Posts a school's documents recorded before the journal existed, or written straight to their tables
 * (the demo school), and each payment mode's opening balance: the migration of issue 12. A document voided before then posts nothing, as it
 * left every total then. Safe to run again; answers how many of each kind it posted.
 */
export async function postUnposted(scope: SchoolScope): Promise<Record<string, number>> {
  const posted: Record<string, number> = {};
  const modes = await scope.db.select().from(paymentModes).where(scope.mine(paymentModes));
  await scope.transaction(async (tx) => {
    for (const mode of modes) await postOpeningBalance(tx, mode);
  });
  for (const doc of moneyDocuments) posted[doc.kind] = await doc.postUnposted(scope);
  return posted;
}

/** `postUnposted` for every school, at the server's start. */
export async function postEverySchool(db: Executor) {
  for (const { id } of await db.select({ id: schools.id }).from(schools)) {
    await postUnposted(new SchoolScope(db, id, { userId: null, name: 'System' }));
  }
}
