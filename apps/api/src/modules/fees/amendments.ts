import {
  feesPaymentAmendmentList,
  feesPayments,
  moneyAmendments,
  oldPaymentAmendmentList,
  oldPayments,
  type PaymentAmendmentRow,
} from '@somero/contract';
import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';
import type { ModuleContext } from '../module.js';

/** The stored before/after use the table's keys; the API answers its column names (snake_case). */
function asColumnNames(table: typeof feesPayments | typeof oldPayments) {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return (values: unknown) =>
    Object.fromEntries(Object.entries(values as Record<string, unknown>).map(([k, v]) => [columns[k]?.name ?? k, v]));
}

/** A payment's amendments, oldest first, from the money documents' one history (an old payment's reason may be empty). */
async function amendments(
  scope: SchoolScope,
  payments: typeof feesPayments | typeof oldPayments,
  kind: 'fees_payment' | 'old_payment',
  paymentId: number,
): Promise<PaymentAmendmentRow[]> {
  // Another school's payment, or none: 404, as for the payment itself.
  await scope.table(payments, 'fees').find(paymentId, 'payment');
  const names = asColumnNames(payments);
  const table = moneyAmendments;
  const rows = await scope.db
    .select()
    .from(table)
    .where(scope.mine(table, and(eq(table.kind, kind), eq(table.documentId, paymentId))))
    .orderBy(asc(table.createdAt), asc(table.id));
  return rows.map((r) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    by_name: r.byName,
    reason: r.reason,
    before: names(r.before),
    after: names(r.after),
  }));
}

export function amendmentRoutes({ serve }: ModuleContext) {
  serve(feesPaymentAmendmentList, async ({ id, scope }) => ({
    data: await amendments(scope, feesPayments, 'fees_payment', id),
  }));
  serve(oldPaymentAmendmentList, async ({ id, scope }) => ({
    data: await amendments(scope, oldPayments, 'old_payment', id),
  }));
}
