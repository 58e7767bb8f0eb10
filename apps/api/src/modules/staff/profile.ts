import {
  classes,
  createStaffUser,
  getStaff,
  getTeachingLoad,
  linkStaffUser,
  papers,
  type StaffProfile,
  staff,
  staffPositions,
  staffSubjects,
  streams,
  subjects,
  type TeachingLoad,
  unlinkStaffUser,
  userTypes,
} from '@somero/contract';
import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import { type Caller, lastSignIns } from '../../core/auth.js';
import { now } from '../../core/dates.js';
import { Invalid, NotFound, Refusal } from '../../core/errors.js';
import { hashPassword } from '../../core/passwords.js';
import type { SchoolScope } from '../../core/scope.js';
import { roles, users } from '../../db/schema.js';
import type { ModuleContext } from '../module.js';
import { mayManage, refuseGroupBeyond, refuseManaging, refuseTakenLogin } from '../users/index.js';

/** The staff member's user, with what the manage rules need; null when none (or it was deleted). */
async function signInOf(scope: SchoolScope, userId: number | null) {
  if (!userId) return null;
  const signIns = lastSignIns(scope.db, scope.schoolId);
  const [user] = await scope.db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      type: users.type,
      roleId: users.roleId,
      role: roles.name,
      roleFlags: roles.flags,
      active: users.active,
      lastLoginAt: signIns.at,
    })
    .from(users)
    .leftJoin(roles, and(eq(roles.schoolId, users.schoolId), eq(roles.id, users.roleId)))
    .leftJoin(signIns, and(eq(signIns.schoolId, users.schoolId), eq(signIns.userId, users.id)))
    .where(scope.mine(users, eq(users.id, userId)));
  return user ?? null;
}

/** Teaching loads with the teacher, subject, class, stream and paper by name (no stream: all streams). */
function teachingLoads(scope: SchoolScope, where: SQL): Promise<TeachingLoad[]> {
  return scope.db
    .select({
      id: staffSubjects.id,
      staff_id: staffSubjects.staffId,
      staff: staff.name,
      subject_id: staffSubjects.subjectId,
      subject: subjects.name,
      class_id: staffSubjects.classId,
      class: classes.name,
      stream_id: staffSubjects.streamId,
      stream: streams.name,
      paper_id: staffSubjects.paperId,
      paper: papers.name,
    })
    .from(staffSubjects)
    .innerJoin(staff, and(eq(staff.schoolId, staffSubjects.schoolId), eq(staff.id, staffSubjects.staffId)))
    .innerJoin(subjects, and(eq(subjects.schoolId, staffSubjects.schoolId), eq(subjects.id, staffSubjects.subjectId)))
    .innerJoin(classes, and(eq(classes.schoolId, staffSubjects.schoolId), eq(classes.id, staffSubjects.classId)))
    .leftJoin(streams, and(eq(streams.schoolId, staffSubjects.schoolId), eq(streams.id, staffSubjects.streamId)))
    .leftJoin(papers, and(eq(papers.schoolId, staffSubjects.schoolId), eq(papers.id, staffSubjects.paperId)))
    .where(scope.mine(staffSubjects, where))
    .orderBy(asc(classes.name), asc(subjects.name), asc(streams.name), asc(papers.name), asc(staffSubjects.id));
}

/** Details, position, teaching load (subject, class, stream, paper by name) and sign-in of one staff member. */
export async function staffProfile(scope: SchoolScope, caller: Caller, id: number): Promise<StaffProfile> {
  const [row] = await scope.db
    .select({ member: staff, position: staffPositions.name })
    .from(staff)
    .leftJoin(staffPositions, and(eq(staffPositions.schoolId, staff.schoolId), eq(staffPositions.id, staff.positionId)))
    .where(scope.mine(staff, eq(staff.id, id)));
  if (!row) throw new NotFound('staff member');
  const m = row.member;
  const load = (await teachingLoads(scope, eq(staffSubjects.staffId, id))).map(({ staff_id, staff, ...row }) => row);
  const user = await signInOf(scope, m.userId);
  return {
    id: m.id,
    name: m.name,
    initials: m.initials,
    position_id: m.positionId,
    position: row.position,
    gender: m.gender,
    phone: m.phone,
    email: m.email,
    nin: m.nin,
    tin: m.tin,
    nssf_number: m.nssfNumber,
    bank_name: m.bankName,
    bank_account: m.bankAccount,
    joined_on: m.joinedOn,
    basic_salary: m.basicSalary,
    non_resident: m.nonResident,
    active: m.active,
    sign_in: user
      ? {
          id: user.id,
          name: user.name,
          username: user.username,
          type: user.type,
          role: user.role,
          active: user.active,
          last_login_at: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
          manageable: mayManage(caller, user),
        }
      : null,
    teaching_load: load,
  };
}

/** Refuses a second sign-in: the current one must be unlinked first (by someone allowed to). */
async function refuseSecondSignIn(scope: SchoolScope, member: { name: string; userId: number | null }) {
  const current = await signInOf(scope, member.userId);
  if (current) throw new Refusal(`${member.name} already signs in as ${current.username}; unlink that sign-in first.`);
}

export function profileRoutes({ serve, database }: ModuleContext) {
  serve(getStaff, async ({ id, caller, scope }) => ({ data: await staffProfile(scope, caller, id) }));

  // Another school's load is not found (404), like any other id.
  serve(getTeachingLoad, async ({ id, scope }) => {
    const [load] = await teachingLoads(scope, eq(staffSubjects.id, id));
    if (!load) throw new NotFound('teaching load');
    return { data: load };
  });

  serve(linkStaffUser, async ({ id, input, caller, scope }) => {
    const member = await scope.table(staff, 'staff').find(id, 'staff member');
    // Another school's user is simply not found (404), like any other id.
    const user = await scope.table(users, 'users').find(input.user_id, 'user');
    await refuseManaging(scope, caller, user);
    if (member.userId === user.id) {
      return { data: await staffProfile(scope, caller, id), message: `${member.name} signs in as ${user.username}` };
    }
    const [holder] = await scope.db
      .select({ name: staff.name })
      .from(staff)
      .where(scope.mine(staff, and(eq(staff.userId, user.id), ne(staff.id, id))));
    if (holder) throw new Refusal(`The user ${user.username} is already the sign-in of ${holder.name}.`);
    await refuseSecondSignIn(scope, member);
    await scope.table(staff, 'staff').update(id, { userId: user.id, updatedAt: now() }, 'link sign-in');
    return { data: await staffProfile(scope, caller, id), message: `${member.name} now signs in as ${user.username}` };
  });

  serve(createStaffUser, async ({ id, input, caller, scope }) => {
    const member = await scope.table(staff, 'staff').find(id, 'staff member');
    await refuseSecondSignIn(scope, member);
    if (!(await scope.table(roles, 'users').count(eq(roles.id, input.role_id))))
      throw new Invalid('role_id', 'No such user group');
    await refuseGroupBeyond(scope, caller, input.role_id);
    await refuseTakenLogin(database.db, input.username, null);
    const passwordHash = await hashPassword(input.password);
    await scope.transaction(async (tx) => {
      // A staff user named after the staff member; their e-mail stays theirs to add on their profile.
      const user = await tx.table(users, 'users').insert({
        name: member.name,
        username: input.username,
        email: null,
        phone: member.phone,
        type: userTypes.staff,
        roleId: input.role_id,
        active: true,
        passwordHash,
      });
      await tx.table(staff, 'staff').update(id, { userId: user.id, updatedAt: now() }, 'link sign-in');
    });
    return {
      data: await staffProfile(scope, caller, id),
      message: `User ${input.username} added Successfully; ${member.name} signs in with it`,
    };
  });

  serve(unlinkStaffUser, async ({ id, caller, scope }) => {
    const member = await scope.table(staff, 'staff').find(id, 'staff member');
    if (!member.userId) throw new Refusal(`${member.name} has no sign-in to unlink.`);
    const user = await signInOf(scope, member.userId);
    if (user) await refuseManaging(scope, caller, user);
    await scope.table(staff, 'staff').update(id, { userId: null, updatedAt: now() }, 'unlink sign-in');
    return {
      data: await staffProfile(scope, caller, id),
      message: user ? `${member.name} no longer signs in as ${user.username}` : `${member.name} has no sign-in now`,
    };
  });
}
