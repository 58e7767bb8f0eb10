import { files, type HostedSchool, type SchoolStatus, schools, students } from '@somero/contract';
import { and, asc, count, eq, max, ne, sum } from 'drizzle-orm';
import { kampalaDay, kampalaDayStart, today } from '../../core/dates.js';
import { Refusal } from '../../core/errors.js';
import type { OperatorCaller } from '../../core/operators.js';
import { operatorAudit } from '../../core/operators.js';
import { SchoolScope } from '../../core/scope.js';
import type { Executor } from '../../db/open.js';
import { authTokens, schoolBackups, users } from '../../db/schema.js';
import { creditBySchool } from '../notifications/index.js';

const byId = <T extends { schoolId: number }>(rows: T[]) => new Map(rows.map((r) => [r.schoolId, r]));

/**
 * Every school the service hosts, with what the operator looks at: size, people, last sign-in, files, SMS credit
 * and the month's use, and the last copy. Each figure is one read grouped by school (on a Citus cluster each runs
 * on every node at once and is added up on the coordinator).
 */
export async function hostedSchools(db: Executor, only?: number): Promise<HostedSchool[]> {
  const monthStart = kampalaDayStart(`${today().slice(0, 8)}01`);
  const [list, pupils, people, signIns, stored, backups, credit] = await Promise.all([
    db
      .select()
      .from(schools)
      .where(only === undefined ? undefined : eq(schools.id, only))
      .orderBy(asc(schools.name), asc(schools.id)),
    db
      .select({ schoolId: students.schoolId, n: count() })
      .from(students)
      .where(eq(students.status, 'current'))
      .groupBy(students.schoolId),
    db
      .select({ schoolId: users.schoolId, n: count() })
      .from(users)
      .where(eq(users.active, true))
      .groupBy(users.schoolId),
    db
      .select({ schoolId: authTokens.schoolId, at: max(authTokens.createdAt) })
      .from(authTokens)
      .groupBy(authTokens.schoolId),
    db
      .select({ schoolId: files.schoolId, bytes: sum(files.size).mapWith(Number) })
      .from(files)
      .groupBy(files.schoolId),
    db
      .select({ schoolId: schoolBackups.schoolId, at: max(schoolBackups.finishedAt) })
      .from(schoolBackups)
      .where(eq(schoolBackups.status, 'done'))
      .groupBy(schoolBackups.schoolId),
    creditBySchool(db, monthStart),
  ]);
  const [n, u, s, f, b] = [byId(pupils), byId(people), byId(signIns), byId(stored), byId(backups)];
  return list.map((school) => {
    const sms = credit.get(school.id);
    const signIn = s.get(school.id)?.at;
    const backup = b.get(school.id)?.at;
    return {
      id: school.id,
      name: school.name,
      registered_on: kampalaDay(school.createdAt),
      status: school.status,
      status_reason: school.statusReason,
      demo: school.demo,
      students: Number(n.get(school.id)?.n ?? 0),
      users: Number(u.get(school.id)?.n ?? 0),
      last_sign_in: signIn ? new Date(signIn).toISOString() : null,
      stored_bytes: f.get(school.id)?.bytes ?? 0,
      sms_credit: sms?.balance ?? 0,
      sms_used_this_month: sms?.usedSince ?? 0,
      sms_requests_waiting: sms?.waiting ?? 0,
      last_backup: backup ? new Date(backup).toISOString() : null,
    };
  });
}

export async function hostedSchool(db: Executor, id: number): Promise<HostedSchool> {
  const [school] = await hostedSchools(db, id);
  if (!school) throw new Refusal('There is no such school on this server.');
  return school;
}

/** The school's own audit trail names the service as who acted ("Somero service: Jane Operator"). */
export const asService = (db: Executor, schoolId: number, operator: { name: string }) =>
  new SchoolScope(db, schoolId, { userId: null, name: `Somero service: ${operator.name}` });

const verbs: Record<SchoolStatus, string> = { active: 'reinstated', pending: 'pending', suspended: 'suspended' };

/**
 * Approves, suspends or reinstates a school: its status, an audit row in the school's own trail (which also ends
 * its people's cached sessions in every server process) and a line in the operators' activity.
 */
export async function setSchoolStatus(
  db: Executor,
  operator: OperatorCaller,
  id: number,
  change: { to: SchoolStatus; from: SchoolStatus[]; action: 'approve' | 'suspend' | 'reinstate'; reason?: string },
) {
  const [before] = await db.select().from(schools).where(eq(schools.id, id)).for('update');
  if (!before) throw new Refusal('There is no such school on this server.');
  if (!change.from.includes(before.status))
    throw new Refusal(
      before.status === change.to
        ? `${before.name} is already ${verbs[change.to]}.`
        : `${before.name} is ${before.status === 'pending' ? 'waiting for approval' : before.status}: it cannot be ${change.action === 'approve' ? 'approved' : verbs[change.to]} now.`,
    );
  const reason = change.to === 'suspended' ? (change.reason ?? null) : null;
  await db
    .update(schools)
    .set({ status: change.to, statusReason: reason })
    .where(and(eq(schools.id, id), ne(schools.status, change.to)));
  await asService(db, id, operator).audit({
    action: change.action,
    module: 'operator',
    entity: 'schools',
    entityId: id,
    before: { status: before.status, reason: before.statusReason },
    after: { status: change.to, reason },
  });
  const done = { approve: 'Approved', suspend: 'Suspended', reinstate: 'Reinstated' }[change.action];
  await operatorAudit(
    db,
    { operatorId: operator.operatorId, name: operator.name },
    { action: change.action, school: id, summary: `${done} ${before.name}${reason ? `: ${reason}` : ''}` },
  );
}

/** Whether a school's people may use it now; the sign-in and the parents' line ask. */
export async function schoolStatusOf(db: Executor, id: number) {
  const [row] = await db
    .select({ schoolStatus: schools.status, schoolStatusReason: schools.statusReason })
    .from(schools)
    .where(eq(schools.id, id));
  return row ?? { schoolStatus: 'active' as const, schoolStatusReason: null };
}
