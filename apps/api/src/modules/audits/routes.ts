import * as calls from '@somero/contract';
import { type AuditRow, classes, streams, students } from '@somero/contract';
import { and, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';
import { audits } from '../../db/schema.js';
import type { ModuleContext } from '../module.js';
import { activityText, recordLabel } from './label.js';

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

/** How many of the latest audit rows the recent activity groups into batches. */
const activityWindow = 600;

/** A row's student, when the record is about one (a comment, a mark, a guardian link). */
const studentOf = (row: AuditRow) => {
  for (const v of [row.after, row.before]) {
    if (!v || typeof v !== 'object' || Array.isArray(v)) continue;
    const o = v as Record<string, unknown>;
    const id = o.studentId ?? o.student_id;
    if (typeof id === 'number') return id;
  }
  return null;
};

/**
 * The recent activity of the dashboard: the latest changes, a batch saved at once (one transaction: the
 * same user, moment, area and kind of record) as one line with how many rows it holds and, when its rows
 * are about students, where they are ("Comments saved for S2 East: 115 students").
 */
export async function recentActivity(scope: SchoolScope, where: SQL | undefined, limit: number) {
  const rows = await auditRows(scope, where, activityWindow);
  const batches: { key: string; rows: AuditRow[] }[] = [];
  for (const row of rows) {
    const key = [row.user_id, row.at, row.module, row.entity].join('|');
    const last = batches[batches.length - 1];
    if (last?.key === key) last.rows.push(row);
    else if (batches.length < limit) batches.push({ key, rows: [row] });
    else break;
  }
  const ids = [...new Set(batches.flatMap((b) => (b.rows.length > 1 ? b.rows.map(studentOf) : [])))].filter(
    (id): id is number => id !== null,
  );
  const places = ids.length
    ? await scope.db
        .select({ id: students.id, className: classes.name, streamName: streams.name })
        .from(students)
        .leftJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
        .leftJoin(streams, and(eq(streams.schoolId, students.schoolId), eq(streams.id, students.streamId)))
        .where(scope.mine(students, inArray(students.id, ids)))
    : [];
  const placeOf = new Map(places.map((p) => [p.id, [p.className, p.streamName].filter(Boolean).join(' ') || null]));
  return Promise.all(
    batches.map(async ({ rows: batch }) => {
      const first = batch[0] as AuditRow;
      // A batch the window cut short is counted whole.
      const count =
        batch.length > 1 && batch[batch.length - 1] === rows[rows.length - 1] && rows.length === activityWindow
          ? await scope.db
              .select({ n: sql<number>`count(*)`.mapWith(Number) })
              .from(audits)
              .where(
                scope.mine(
                  audits,
                  where,
                  // One transaction's moment, to the microsecond the database keeps (the row gives milliseconds).
                  gte(audits.at, new Date(first.at)),
                  lt(audits.at, new Date(Date.parse(first.at) + 1)),
                  eq(audits.module, first.module),
                  eq(audits.entity, first.entity),
                  first.user_id === null ? isNull(audits.userId) : eq(audits.userId, first.user_id),
                ),
              )
              .then(([r]) => r?.n ?? batch.length)
          : batch.length;
      const about = [...new Set(batch.map(studentOf).filter((id) => id !== null))];
      const placesOfBatch = [...new Set(about.map((id) => placeOf.get(id) ?? null))];
      const text = activityText({
        entity: first.entity,
        actions: batch.map((r) => r.action),
        count,
        record: first.record,
        students:
          about.length === batch.length
            ? {
                count: count === batch.length ? about.length : count,
                place: placesOfBatch.length === 1 ? (placesOfBatch[0] ?? null) : null,
              }
            : undefined,
      });
      return { ...first, count, text };
    }),
  );
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
