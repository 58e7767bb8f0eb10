import type { AuditRow } from '@somero/contract';
import * as calls from '@somero/contract';
import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';
import { audits } from '../../db/schema.js';
import type { ModuleContext } from '../module.js';
import { recordLabel } from './label.js';

export async function auditRows(
  scope: SchoolScope,
  where: SQL | undefined,
  limit: number,
  offset = 0,
): Promise<AuditRow[]> {
  const rows = await scope.db
    .select()
    .from(audits)
    .where(scope.mine(audits, where))
    .orderBy(desc(audits.at), desc(audits.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    user_id: r.userId,
    user: r.userName,
    action: r.action,
    module: r.module,
    entity: r.entity,
    entity_id: r.entityId,
    record: recordLabel(r.entity, r.before, r.after, r.entityId),
    before: r.before ?? null,
    after: r.after ?? null,
  }));
}

/** The day after an ISO date, so that `to` includes the whole day. */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

export function auditRoutes({ serve }: ModuleContext) {
  serve(calls.listAudits, async ({ input, scope }) => {
    const where = and(
      input.user_id ? eq(audits.userId, input.user_id) : undefined,
      input.from ? gte(audits.at, new Date(`${input.from}T00:00:00Z`)) : undefined,
      input.to ? lt(audits.at, dayAfter(input.to)) : undefined,
      input.module ? eq(audits.module, input.module) : undefined,
      input.entity ? eq(audits.entity, input.entity) : undefined,
      input.search
        ? or(
            ilike(audits.userName, `%${input.search}%`),
            ilike(audits.action, `%${input.search}%`),
            eq(audits.entityId, input.search),
          )
        : undefined,
    );
    const [data, total] = await Promise.all([
      auditRows(scope, where, input.per_page, (input.page - 1) * input.per_page),
      scope.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(audits)
        .where(scope.mine(audits, where))
        .then(([r]) => r.n),
    ]);
    return { data, page: input.page, per_page: input.per_page, total };
  });
}
