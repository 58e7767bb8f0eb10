import * as calls from '@somero/contract';
import { completeFlags, isAdministratorType, isPermissionFlag, staff, userTypes } from '@somero/contract';
import { and, asc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Caller, endOtherSessions, lastSignIns } from '../../core/auth.js';
import { Invalid, Refusal } from '../../core/errors.js';
import { hashPassword } from '../../core/passwords.js';
import type { SchoolScope } from '../../core/scope.js';
import { roles, users } from '../../db/schema.js';
import type { ModuleContext } from '../module.js';
import { refuseTakenLogin } from './logins.js';
import { holdsAll, mayManage, refuseAdministrators, refuseGroupBeyond, refuseManaging } from './rules.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const likeTerm = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function userRoutes({ serve, database }: ModuleContext) {
  const userColumns = {
    id: users.id,
    name: users.name,
    username: users.username,
    email: users.email,
    phone: users.phone,
    type: users.type,
    role_id: users.roleId,
    role: roles.name,
    roleFlags: roles.flags,
    active: users.active,
    createdAt: users.createdAt,
  };

  async function userRows(scope: SchoolScope, caller: Caller, where?: SQL, page?: { limit: number; offset: number }) {
    const signIns = lastSignIns(scope.db, scope.schoolId);
    const q = scope.db
      .select({ ...userColumns, lastLoginAt: signIns.at })
      .from(users)
      .leftJoin(roles, and(eq(roles.schoolId, users.schoolId), eq(roles.id, users.roleId)))
      .leftJoin(signIns, and(eq(signIns.schoolId, users.schoolId), eq(signIns.userId, users.id)))
      .where(scope.mine(users, where))
      .orderBy(asc(users.name), asc(users.id))
      .$dynamic();
    const rows = await (page ? q.limit(page.limit).offset(page.offset) : q);
    return rows.map(({ lastLoginAt, createdAt, roleFlags, ...r }) => ({
      ...r,
      last_login_at: iso(lastLoginAt),
      created_at: createdAt.toISOString(),
      manageable: mayManage(caller, { ...r, roleFlags }),
    }));
  }

  async function userRow(scope: SchoolScope, caller: Caller, id: number) {
    const [row] = await userRows(scope, caller, eq(users.id, id));
    return row;
  }

  /** Administrators of the school other than `exceptId` that can still sign in. */
  const otherAdministrators = (scope: SchoolScope, exceptId: number) =>
    scope.table(users, 'users').count(and(ne(users.id, exceptId), inArray(users.type, [0, 1]), eq(users.active, true)));

  async function checkRole(scope: SchoolScope, type: number, roleId: number | null | undefined) {
    if (type === userTypes.staff && !roleId) throw new Invalid('role_id', 'Choose a user group for a staff user');
    if (roleId && !(await scope.table(roles, 'users').count(eq(roles.id, roleId)))) {
      throw new Invalid('role_id', 'No such user group');
    }
  }

  serve(calls.listUsers, async ({ input, caller, scope }) => {
    const where = input.search
      ? or(
          ilike(users.name, likeTerm(input.search)),
          ilike(users.username, likeTerm(input.search)),
          ilike(users.email, likeTerm(input.search)),
        )
      : undefined;
    const [rows, total] = await Promise.all([
      userRows(scope, caller, where, { limit: input.per_page, offset: (input.page - 1) * input.per_page }),
      scope.table(users, 'users').count(where),
    ]);
    return { data: rows, page: input.page, per_page: input.per_page, total };
  });

  serve(calls.addUser, async ({ input, caller, scope }) => {
    await checkRole(scope, input.type, input.role_id);
    if (input.type !== userTypes.staff && !isAdministratorType(caller.type)) refuseAdministrators();
    await refuseGroupBeyond(scope, caller, input.role_id);
    await refuseTakenLogin(database.db, input.username, input.email);
    const created = await scope.table(users, 'users').insert({
      name: input.name,
      username: input.username,
      email: input.email ?? null,
      phone: input.phone ?? null,
      type: input.type,
      roleId: input.role_id ?? null,
      active: input.active,
      passwordHash: await hashPassword(input.password),
    });
    return { data: await userRow(scope, caller, created.id), message: `User ${created.name} added Successfully` };
  });

  serve(calls.updateUser, async ({ id, input, caller, scope }) => {
    const table = scope.table(users, 'users');
    const current = await table.find(id, 'user');
    await checkRole(scope, input.type, input.role_id);
    await refuseManaging(scope, caller, current);
    // The owner stays type 0 while an administrator.
    const type =
      input.type === userTypes.administrator && current.type === userTypes.owner ? userTypes.owner : input.type;
    const roleId = input.role_id ?? null;
    if (id === caller.userId && (type !== current.type || (type === userTypes.staff && roleId !== current.roleId))) {
      throw new Refusal('You cannot change your own user type or user group.');
    }
    if (type !== current.type && !isAdministratorType(caller.type)) {
      throw new Refusal("Only an administrator can change a user's type.");
    }
    await refuseGroupBeyond(scope, caller, roleId);
    await refuseTakenLogin(database.db, input.username, input.email, id);
    const wasAdmin = isAdministratorType(current.type);
    const losesAdmin = wasAdmin && (input.type === userTypes.staff || !input.active);
    if (losesAdmin && id === caller.userId) {
      throw new Refusal('You cannot remove your own administrator rights or disable your own account.');
    }
    if (losesAdmin && (await otherAdministrators(scope, id)) === 0) {
      throw new Refusal('This is the last administrator of the school; make another user an administrator first.');
    }
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    // A new password ends the user's other sessions and reset links (the administrator's own session stays), in
    // the same transaction.
    await scope.transaction(async (s) => {
      await s.table(users, 'users').update(id, {
        name: input.name,
        username: input.username,
        email: input.email ?? null,
        phone: input.phone ?? null,
        type,
        roleId,
        active: input.active,
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (passwordHash) await endOtherSessions(s.db, { id, schoolId: scope.schoolId }, caller.tokenId);
    });
    return { data: await userRow(scope, caller, id), message: `User ${input.name} updated Successfully` };
  });

  serve(calls.deleteUser, async ({ id, caller, scope }) => {
    const table = scope.table(users, 'users');
    const user = await table.find(id, 'user');
    if (id === caller.userId) throw new Refusal('You cannot delete your own account.');
    await refuseManaging(scope, caller, user);
    if (isAdministratorType(user.type) && (await otherAdministrators(scope, id)) === 0) {
      throw new Refusal('The last administrator of the school cannot be removed.');
    }
    await scope.transaction(async (s) => {
      // A staff member signed in with this account keeps their record, without the sign-in.
      const [linked] = await s.db
        .select({ id: staff.id })
        .from(staff)
        .where(s.mine(staff, eq(staff.userId, id)));
      if (linked) await s.table(staff, 'staff').update(linked.id, { userId: null }, 'unlink sign-in');
      await s.table(users, 'users').remove(id);
    });
    return { data: null, message: `User ${user.name} deleted Successfully` };
  });

  // User groups (roles)

  async function roleRows(scope: SchoolScope, caller: Caller, where?: SQL) {
    const rows = await scope.db
      .select({
        id: roles.id,
        name: roles.name,
        description: roles.description,
        flags: roles.flags,
        users: sql<number>`(select count(*) from ${users} where ${users.roleId} = ${roles.id})`.mapWith(Number),
      })
      .from(roles)
      .where(scope.mine(roles, where))
      .orderBy(asc(roles.name));
    return rows.map(({ flags, ...r }) => ({
      ...r,
      flags_granted: Object.values(flags).filter(Boolean).length,
      assignable: holdsAll(caller, flags),
    }));
  }

  async function refuseTakenRoleName(scope: SchoolScope, name: string, exceptId = 0) {
    const n = await scope
      .table(roles, 'users')
      .count(and(eq(sql`lower(${roles.name})`, name.toLowerCase()), ne(roles.id, exceptId)));
    if (n) throw new Refusal(`User group ${name} already exists`);
  }

  serve(calls.listRoles, async ({ caller, scope }) => ({ data: await roleRows(scope, caller) }));

  serve(calls.addRole, async ({ input, caller, scope }) => {
    await refuseTakenRoleName(scope, input.name);
    const role = await scope
      .table(roles, 'users')
      .insert({ name: input.name, description: input.description ?? null, flags: completeFlags({}) });
    const [row] = await roleRows(scope, caller, eq(roles.id, role.id));
    return { data: row, message: `User Group ${role.name} added Successfully` };
  });

  serve(calls.updateRole, async ({ id, input, caller, scope }) => {
    await scope.table(roles, 'users').find(id, 'user group');
    await refuseTakenRoleName(scope, input.name, id);
    await scope.table(roles, 'users').update(id, { name: input.name, description: input.description ?? null });
    const [row] = await roleRows(scope, caller, eq(roles.id, id));
    return { data: row, message: `User Group ${input.name} updated Successfully` };
  });

  serve(calls.deleteRole, async ({ id, scope }) => {
    const table = scope.table(roles, 'users');
    const role = await table.find(id, 'user group');
    const holders = await scope.table(users, 'users').count(eq(users.roleId, id));
    if (holders) {
      throw new Refusal(
        `${holders} user${holders === 1 ? ' is' : 's are'} in the user group ${role.name}; move them to another group first.`,
      );
    }
    await table.remove(id);
    return { data: null, message: `User Group ${role.name} deleted Successfully` };
  });

  // Permissions: the flags of each user group

  /** The caller's own group, whose flags they may not change (none for an administrator). */
  async function ownGroup(scope: SchoolScope, caller: Caller) {
    if (isAdministratorType(caller.type)) return null;
    const [me] = await scope.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, caller.userId));
    return me?.roleId ?? null;
  }

  serve(calls.listPermissions, async ({ caller, scope }) => {
    const [rows, own] = await Promise.all([
      scope.db.select().from(roles).where(scope.mine(roles)).orderBy(asc(roles.name)),
      ownGroup(scope, caller),
    ]);
    return {
      data: rows.map((r) => ({ id: r.id, name: r.name, flags: completeFlags(r.flags), editable: r.id !== own })),
    };
  });

  serve(calls.updatePermissions, async ({ id, input, caller, scope }) => {
    const table = scope.table(roles, 'users');
    const role = await table.find(id, 'user group');
    if (!isAdministratorType(caller.type)) {
      if ((await ownGroup(scope, caller)) === id)
        throw new Refusal('You cannot change the permissions of your own user group.');
      const granted = Object.entries(input.flags).filter(
        ([flag, on]) => on && isPermissionFlag(flag) && role.flags[flag] !== true && caller.flags[flag] !== true,
      );
      if (granted.length) throw new Refusal('You cannot grant a permission you do not hold.');
    }
    const flags = completeFlags({ ...role.flags, ...input.flags });
    await table.update(id, { flags }, 'permissions');
    return { data: { id, name: role.name, flags, editable: true }, message: `Permissions of ${role.name} saved` };
  });

  return { userRows };
}
