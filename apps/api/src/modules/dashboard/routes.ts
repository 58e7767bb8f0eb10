import * as calls from '@somero/contract';
import { allows, students as studentTable } from '@somero/contract';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { audits, roles, users } from '../../db/schema.js';
import { auditRows } from '../audits/index.js';
import { feesTiles } from '../fees/index.js';
import type { ModuleContext } from '../module.js';
import { currentTerm } from '../settings/index.js';

/** The dashboard's figures: what exists so far. Later areas add their tiles here. */
export function dashboardRoutes({ serve }: ModuleContext) {
  serve(calls.dashboard, async ({ scope, caller }) => {
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    const userTable = scope.table(users, 'users');
    const term = await currentTerm(scope);
    const fees = allows(caller, 'view_fees_payments') ? await feesTiles(scope) : null;
    const students = await scope.table(studentTable, 'students').count(eq(studentTable.status, 'current'));
    const [all, active, roleCount, signedInToday, changesToday, recent] = await Promise.all([
      userTable.count(),
      userTable.count(eq(users.active, true)),
      scope.table(roles, 'users').count(),
      userTable.count(gte(users.lastLoginAt, midnight)),
      scope.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(audits)
        .where(scope.mine(audits, and(gte(audits.at, midnight), sql`${audits.action} not in ('login', 'logout')`)))
        .then(([r]) => r.n),
      auditRows(scope, inArray(audits.action, ['create', 'update', 'delete', 'permissions', 'profile']), 8),
    ]);
    return {
      data: {
        users: all,
        active_users: active,
        roles: roleCount,
        signed_in_today: signedInToday,
        changes_today: changesToday,
        current_term: { ...term, label: `Term ${term.term} ${term.year}` },
        students,
        fees: fees && {
          collected_today: fees.collected_today,
          term_expected: fees.term_expected,
          term_collected: fees.term_collected,
          students_owing: fees.students_owing,
        },
        recent,
      },
    };
  });
}
