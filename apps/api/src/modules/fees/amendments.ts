import {
  feesPaymentAmendmentList,
  feesPaymentAmendments,
  feesPayments,
  oldPaymentAmendmentList,
  oldPaymentAmendments,
  oldPayments,
  type PaymentAmendmentRow,
} from '@somero/contract';
import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';
import type { ModuleContext } from '../module.js';

/** The stored before/after use the table's keys; the API answers its column names (snake_case). */
function asColumnNames(table: typeof feesPayments | typeof oldPayments) {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return (values: unknown) =>
    Object.fromEntries(Object.entries(values as Record<string, unknown>).map(([k, v]) => [columns[k]?.name ?? k, v]));
}

/**
 * A payment's amendments, oldest first. The two amendment tables have the same columns (an old
 * payment's reason may be empty), so one query serves both.
 */
async function amendments(
  scope: SchoolScope,
  payments: typeof feesPayments | typeof oldPayments,
  table: typeof feesPaymentAmendments,
  paymentId: number,
): Promise<PaymentAmendmentRow[]> {
  // Another school's payment, or none: 404, as for the payment itself.
  await scope.table(payments, 'fees').find(paymentId, 'payment');
  const names = asColumnNames(payments);
  const rows = await scope.db
    .select()
    .from(table)
    .where(scope.mine(table, eq(table.paymentId, paymentId)))
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
    data: await amendments(scope, feesPayments, feesPaymentAmendments, id),
  }));
  serve(oldPaymentAmendmentList, async ({ id, scope }) => ({
    data: await amendments(scope, oldPayments, oldPaymentAmendments as unknown as typeof feesPaymentAmendments, id),
  }));
}
