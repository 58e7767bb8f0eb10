import { expenseRequisitions } from '@somero/contract';
import { inArray, sql } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';

export interface RequisitionsWaiting {
  /** Submitted: waiting to be checked. */
  to_check: number;
  /** Checked: waiting to be approved. */
  to_approve: number;
  /** Approved: waiting to be paid. */
  to_pay: number;
  /** What the approved ones will cost, in shillings. */
  to_pay_total: number;
}

/** The dashboard's requisitions tile: how many wait for each step (one query on the status index). */
export async function requisitionsWaiting(scope: SchoolScope): Promise<RequisitionsWaiting> {
  const s = expenseRequisitions.status;
  const [row] = await scope.db
    .select({
      to_check: sql<number>`count(*) filter (where ${s} = 'submitted')`.mapWith(Number),
      to_approve: sql<number>`count(*) filter (where ${s} = 'checked')`.mapWith(Number),
      to_pay: sql<number>`count(*) filter (where ${s} = 'approved')`.mapWith(Number),
      to_pay_total:
        sql<number>`coalesce(sum(${expenseRequisitions.total}) filter (where ${s} = 'approved'), 0)`.mapWith(Number),
    })
    .from(expenseRequisitions)
    .where(scope.mine(expenseRequisitions, inArray(s, ['submitted', 'checked', 'approved'])));
  return row;
}
