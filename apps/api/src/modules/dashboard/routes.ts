import * as calls from '@somero/contract';
import { allows, students as studentTable } from '@somero/contract';
import { and, countDistinct, eq, gte, inArray, sql } from 'drizzle-orm';
import { kampalaDayStart, today } from '../../core/dates.js';
import { audits, authTokens, roles, users } from '../../db/schema.js';
import { attendanceToday } from '../attendance/index.js';
import { recentActivity } from '../audits/index.js';
import { upcomingEvents } from '../events/index.js';
import { academicTile, teacherTile } from '../exams/index.js';
import { requisitionsWaiting } from '../expenses/index.js';
import { feesTiles } from '../fees/index.js';
import type { ModuleContext } from '../module.js';
import { smsCreditsLeft } from '../notifications/index.js';
import { unansweredQuestions } from '../parent-line/index.js';
import { currentTerm } from '../settings/index.js';
import { sickbayToday } from '../sickbay/index.js';
import { storeBelowReorder } from '../store/index.js';

/** Runs a tile's query only for those who hold its flag; the others get null (and the screen leaves the tile out). */
const when = <T>(held: boolean, tile: () => Promise<T>): Promise<T | null> => (held ? tile() : Promise.resolve(null));

/** The dashboard's figures: each area's tile, in parallel, only for those who hold the tile's flag. */
export function dashboardRoutes({ serve }: ModuleContext) {
  serve(calls.dashboard, async ({ scope, caller }) => {
    // Today's sign-ins and changes count from midnight in Uganda, whatever the server's time zone.
    const midnight = kampalaDayStart(today());
    const userTable = scope.table(users, 'users');
    const termNow = currentTerm(scope);
    // Every query at once: on PostgreSQL each takes its own pooled connection (the embedded database runs
    // them one after another, as it must).
    const [
      term,
      fees,
      attendance,
      sickbay,
      requisitions,
      store,
      events,
      sms,
      unanswered,
      students,
      all,
      active,
      roleCount,
      signedInToday,
      changesToday,
      recent,
    ] = await Promise.all([
      termNow,
      when(allows(caller, 'view_fees_payments'), () => feesTiles(scope)),
      when(allows(caller, 'manage_attendance'), () => attendanceToday(scope)),
      when(allows(caller, 'manage_medication_center'), () => sickbayToday(scope)),
      when(allows(caller, 'view_expenses'), () => requisitionsWaiting(scope)),
      when(allows(caller, 'view_store_stock'), () => storeBelowReorder(scope)),
      when(allows(caller, 'view_events'), () => upcomingEvents(scope, 14)),
      when(allows(caller, 'admin'), () => smsCreditsLeft(scope)),
      // Parents' questions the school could not answer (no SMS credit): the bursar's and the head's notice.
      when(allows(caller, 'view_fees_payments') || allows(caller, 'general_settings'), () =>
        unansweredQuestions(scope),
      ),
      scope.table(studentTable, 'students').count(eq(studentTable.status, 'current')),
      userTable.count(),
      userTable.count(eq(users.active, true)),
      scope.table(roles, 'users').count(),
      // Today's sign-ins: the users with a session started today.
      scope.db
        .select({ n: countDistinct(authTokens.userId) })
        .from(authTokens)
        .where(scope.mine(authTokens, gte(authTokens.createdAt, midnight)))
        .then(([r]) => r.n),
      scope.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(audits)
        .where(scope.mine(audits, and(gte(audits.at, midnight), sql`${audits.action} not in ('login', 'logout')`)))
        .then(([r]) => r.n),
      // The audit trail only for those who may read it: a teacher's dashboard lists no one's changes.
      allows(caller, 'view_audits')
        ? recentActivity(scope, inArray(audits.action, ['create', 'update', 'delete', 'permissions', 'profile']), 8)
        : Promise.resolve([]),
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
          today_by_mode: fees.today_by_mode,
          collected_week: fees.collected_week,
          week_by_mode: fees.week_by_mode,
          term_expected: fees.term_expected,
          term_collected: fees.term_collected,
          term_opens_on: fees.term_opens_on,
          paid_before_opening: fees.paid_before_opening,
          students_owing: fees.students_owing,
          weeks: fees.weeks,
          debt_classes: fees.debt_classes,
        },
        attendance,
        sickbay,
        requisitions,
        store,
        events,
        sms: sms === null ? null : { balance: sms },
        parent_line: unanswered ? { unanswered } : null,
        admin: allows(caller, 'view_users'),
        recent,
      },
    };
  });

  // The exams tiles on their own: they read whole marksheets, so the figures above never wait for them.
  serve(calls.dashboardExams, async ({ scope, caller }) => {
    const term = await currentTerm(scope);
    const [academic, teaching] = await Promise.all([
      when(allows(caller, 'manage_exam_marks'), () => academicTile(scope, term)),
      // The caller's own teaching load (their staff record's) and the marks they still owe, when they have one.
      when(allows(caller, 'record_staff_marks'), () =>
        teacherTile(scope, caller.userId, term).then((t) => (t.load.length ? t : null)),
      ),
    ]);
    return { data: { academic, teaching } };
  });
}
