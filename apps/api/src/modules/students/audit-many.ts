import type { AuditEntry, SchoolScope } from '../../core/scope.js';
import { audits } from '../../db/schema.js';

/** Rows per statement: PostgreSQL takes at most 65,535 parameters, and a student has about 25 columns. */
const size = 500;
export const chunks = <T>(list: T[]) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/**
 * The audit rows of many writes in one statement per 500; the same rows `scope.audit` writes one at a
 * time, in the same transaction as the writes. Only for students, guardians and their links, which
 * hold no secrets and do not touch the signed-in user's cache.
 */
export async function auditMany(scope: SchoolScope, entries: AuditEntry[]) {
  for (const part of chunks(entries)) {
    await scope.db.insert(audits).values(
      part.map((e) => ({
        schoolId: scope.schoolId,
        userId: scope.actor.userId,
        userName: scope.actor.name,
        action: e.action,
        module: e.module,
        entity: e.entity,
        entityId: e.entityId == null ? null : String(e.entityId),
        before: e.before ?? null,
        after: e.after ?? null,
      })),
    );
  }
}
