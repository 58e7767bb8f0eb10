import { userTypes } from '@somero/contract';
import { againIfGivenUp } from '../../core/errors.js';
import { SchoolScope } from '../../core/scope.js';
import type { Executor } from '../../db/open.js';
import { roles, schools, users } from '../../db/schema.js';
import { seedRollcallCategories } from '../attendance/index.js';
import { setUpNewSchool } from '../settings/index.js';
import { presetFlags, rolePresets } from './presets.js';

export interface NewSchool {
  school: string;
  name: string;
  username: string;
  email: string | null;
  passwordHash: string;
  /** 'pending' on a server where the service approves new schools before their first sign-in. */
  status?: 'active' | 'pending';
}

/**
 * A new school with its first administrator (the owner), the preset user groups, classes S1–S6,
 * this year's term dates, its settings and the default roll-call categories, in one transaction. Schools,
 * users and user groups are on every node of a Citus cluster: a school that two nodes' writes at the same
 * moment make the cluster give up is made again.
 */
export function createSchool(db: Executor, input: NewSchool) {
  return againIfGivenUp(() =>
    db.transaction(async (tx) => {
      const [school] = await tx
        .insert(schools)
        .values({ name: input.school, status: input.status ?? 'active' })
        .returning();
      const groups = await tx
        .insert(roles)
        .values(
          rolePresets.map((p) => ({
            schoolId: school.id,
            name: p.name,
            description: p.description,
            flags: presetFlags(p.flags),
          })),
        )
        .returning();
      const [owner] = await tx
        .insert(users)
        .values({
          schoolId: school.id,
          name: input.name,
          username: input.username,
          email: input.email,
          type: userTypes.owner,
          passwordHash: input.passwordHash,
        })
        .returning();
      const scope = new SchoolScope(tx, school.id, { userId: owner.id, name: owner.name }, true);
      await scope.audit({
        action: 'create',
        module: 'settings',
        entity: 'schools',
        entityId: school.id,
        after: school,
      });
      await scope.audit({ action: 'create', module: 'users', entity: 'users', entityId: owner.id, after: owner });
      for (const g of groups) {
        await scope.audit({ action: 'create', module: 'users', entity: 'roles', entityId: g.id, after: g });
      }
      await setUpNewSchool(scope);
      // Morning and evening prep, dormitory, chapel, games: /rollcall/new has something to take at once.
      // Here rather than in setUpNewSchool: attendance reads settings, so settings importing it is a cycle.
      await seedRollcallCategories(scope);
      return { school, owner, roles: groups };
    }),
  );
}
