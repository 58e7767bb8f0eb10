import { addStaff, fillMessage, staff, staffPositions, staffResource, updateStaff } from '@somero/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { now } from '../../core/dates.js';
import { Invalid, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { rowToJson } from '../../resources/engine.js';
import type { ModuleContext } from '../module.js';

export type NewStaff = typeof staff.$inferInsert;

/** "Initials OM are already used by Okello Moses": initials tell teachers apart on marksheets. */
export const initialsTaken = (initials: string, holder: string) =>
  `Initials ${initials} are already used by ${holder}; each staff member needs their own, as marksheets print them.`;
export const nameTaken = (name: string) => `Staff Member ${name} already exists`;

/** The school's staff by lower-case name and by lower-case initials, for the uniqueness rules. */
export async function staffHolders(scope: SchoolScope) {
  const rows = await scope.db
    .select({ id: staff.id, name: staff.name, initials: staff.initials })
    .from(staff)
    .where(scope.mine(staff));
  return {
    byName: new Map(rows.map((r) => [r.name.toLowerCase(), r])),
    byInitials: new Map(rows.map((r) => [r.initials.toLowerCase(), r])),
  };
}

/** Refuses (202) a name or initials another staff member of the school already has. */
async function refuseTaken(scope: SchoolScope, values: { name: string; initials: string }, exceptId = 0) {
  const [holder] = await scope.db
    .select({ name: staff.name, initials: staff.initials })
    .from(staff)
    .where(
      scope.mine(
        staff,
        ne(staff.id, exceptId),
        sql`(lower(${staff.name}) = ${values.name.toLowerCase()} or lower(${staff.initials}) = ${values.initials.toLowerCase()})`,
      ),
    )
    .limit(1);
  if (!holder) return;
  if (holder.name.toLowerCase() === values.name.toLowerCase()) throw new Refusal(nameTaken(values.name));
  throw new Refusal(initialsTaken(values.initials, holder.name));
}

async function checkPosition(scope: SchoolScope, positionId: number | null | undefined) {
  if (!positionId) return;
  const found = await scope.table(staffPositions, 'staff').count(eq(staffPositions.id, positionId));
  if (!found) throw new Invalid('position_id', 'No such position');
}

/** Adding and changing a staff member: the declaration's form and rules, plus unique initials. */
export function registerRoutes({ serve }: ModuleContext) {
  serve(addStaff, async ({ input, scope }) => {
    const values = input as NewStaff;
    await checkPosition(scope, values.positionId);
    await refuseTaken(scope, values);
    const row = await scope.table(staff, 'staff').insert(values);
    return { data: rowToJson(staff, row), message: fillMessage(staffResource.texts.added, { name: row.name }) };
  });

  serve(updateStaff, async ({ id, input, scope }) => {
    const table = scope.table(staff, 'staff');
    const current = await table.find(id, 'staff member');
    const change = input as Partial<NewStaff>;
    await checkPosition(scope, change.positionId);
    await refuseTaken(scope, { ...current, ...change } as { name: string; initials: string }, id);
    const row = await table.update(id, { ...change, updatedAt: now() });
    return { data: rowToJson(staff, row), message: fillMessage(staffResource.texts.updated, { name: row.name }) };
  });
}

/**
 * The staff member a user signs in as: what marks entry uses so a teacher sees only their own
 * teaching load. Null when the user is no staff member's sign-in, or that staff member is no longer
 * active (a teacher who left enters no marks).
 */
export async function staffOfUser(
  scope: SchoolScope,
  userId: number,
): Promise<{ id: number; name: string; initials: string } | null> {
  const [row] = await scope.db
    .select({ id: staff.id, name: staff.name, initials: staff.initials })
    .from(staff)
    .where(scope.mine(staff, and(eq(staff.userId, userId), eq(staff.active, true))))
    .limit(1);
  return row ?? null;
}
