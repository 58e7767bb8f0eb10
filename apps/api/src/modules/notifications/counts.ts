import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * One count per status (`count(*) filter (where status = …)`), as columns of a select: the SMS sends,
 * the SMS messages' report and the sent e-mails' list each count their rows this way.
 */
export function countsByStatus<S extends string>(status: AnyColumn, statuses: readonly S[]) {
  return Object.fromEntries(
    statuses.map((s) => [s, sql<number>`count(*) filter (where ${status} = ${s})`.mapWith(Number)]),
  ) as Record<S, SQL<number>>;
}
