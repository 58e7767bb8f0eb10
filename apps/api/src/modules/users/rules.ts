import { isAdministratorType, userTypes } from '@somero/contract';
import { eq } from 'drizzle-orm';
import type { Caller } from '../../core/auth.js';
import { Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { roles } from '../../db/schema.js';

// No one grants what they do not hold (issue 9 §1). Administrators (type 0 or 1) hold every flag;
// a staff user with view_users manages staff users only, in groups whose flags they hold. The users
// screen and the staff profile's sign-in (modules/staff) share these rules.

/** Whether the caller holds every flag of a group (administrators hold them all). */
export const holdsAll = (caller: Caller, flags: Record<string, boolean> | null) =>
  isAdministratorType(caller.type) || Object.entries(flags ?? {}).every(([f, on]) => !on || caller.flags[f] === true);

/** The rule of refuseManaging, for lists (screens offer edit and delete only where allowed). */
export const mayManage = (
  caller: Caller,
  u: { id: number; type: number; roleFlags: Record<string, boolean> | null },
) =>
  u.type === userTypes.owner
    ? u.id === caller.userId
    : isAdministratorType(u.type)
      ? isAdministratorType(caller.type)
      : holdsAll(caller, u.roleFlags);

export const refuseAdministrators = () => {
  throw new Refusal('Only an administrator can add, change or remove an administrator.');
};

/** Refuses a staff caller a group holding a flag the caller does not hold. */
export async function refuseGroupBeyond(scope: SchoolScope, caller: Caller, roleId: number | null | undefined) {
  if (isAdministratorType(caller.type) || !roleId) return;
  const [role] = await scope.db
    .select({ name: roles.name, flags: roles.flags })
    .from(roles)
    .where(scope.mine(roles, eq(roles.id, roleId)));
  if (role && !holdsAll(caller, role.flags)) {
    throw new Refusal(`The user group ${role.name} holds permissions you do not hold.`);
  }
}

/** May `caller` change or remove the existing user `target`? */
export async function refuseManaging(
  scope: SchoolScope,
  caller: Caller,
  target: { id: number; type: number; roleId: number | null },
) {
  if (target.type === userTypes.owner && target.id !== caller.userId) {
    throw new Refusal("Only the owner can change the owner's account.");
  }
  if (isAdministratorType(target.type) && !isAdministratorType(caller.type)) refuseAdministrators();
  await refuseGroupBeyond(scope, caller, target.roleId);
}
