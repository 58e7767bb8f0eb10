import { getTableName } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';

/**
 * Errors a handler throws to answer in the conventions of ARCHITECTURE §4. The error handler in
 * http.ts turns them into replies; anything else becomes a 500 with a request id.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/**
 * A business refusal: HTTP 202 with { message }, e.g. "… already exists"; `extra` fields travel beside
 * the message (the store's refusal names the balance held: { message, balance }).
 */
export class Refusal extends HttpError {
  constructor(
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(202, message);
  }
}

/** A refusal the screen may overrule: 202 with { message, confirm: true }; sent again with confirm it goes through. */
export class NeedsConfirmation extends Refusal {
  readonly confirm = true;
}

/** Bad input found by a handler (not the schema): 422 with the field's message. */
export class Invalid extends HttpError {
  constructor(field: string, message: string) {
    super(422, message, { [field]: [message] });
  }
}

export class NotFound extends HttpError {
  constructor(what = 'record') {
    super(404, `No such ${what}`);
  }
}

export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export class TooManyAttempts extends HttpError {
  constructor(message: string) {
    super(429, message);
  }
}

/** What PostgreSQL said about a failed statement: its SQLSTATE code, table, constraint and message. */
export interface DatabaseFault {
  code?: string;
  table?: string;
  constraint?: string;
  message?: string;
}

/** A table's or constraint's name as the schema has it: a Citus worker names its shard (`staff_subjects_102045`). */
const unsharded = (name: string | undefined) => name?.replace(/_1\d{5,}$/, '');

/**
 * The database error behind an error, or an empty object when it is none: drizzle wraps the driver's
 * error (node-postgres or PGlite) in a `DrizzleQueryError` whose `cause` it is.
 */
export function databaseFault(error: unknown): DatabaseFault {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const fault = e as DatabaseFault;
    if (typeof fault.code === 'string' && /^[0-9A-Z]{5}$/.test(fault.code))
      return {
        code: fault.code,
        table: unsharded(fault.table),
        // A Citus coordinator passes on a worker's words without the fields: the constraint is in them.
        constraint: unsharded(fault.constraint ?? fault.message?.match(/constraint "([^"]+)"/)?.[1]),
        message: fault.message,
      };
    e = (e as { cause?: unknown }).cause;
  }
  return {};
}

/**
 * A unique index of `table` (any table when not named) refused the row: the same details are already recorded.
 * The table is known by its name, or (from a Citus coordinator, which gives only the words) by the constraint's.
 */
export function isUniqueViolation(error: unknown, table?: PgTable) {
  const fault = databaseFault(error);
  if (fault.code !== '23505' || !table) return fault.code === '23505';
  if (fault.table) return fault.table === getTableName(table);
  if (!fault.constraint) return true;
  const config = getTableConfig(table);
  return [
    ...config.indexes.map((i) => i.config.name),
    ...config.primaryKeys.map((k) => k.getName()),
    ...config.uniqueConstraints.map((u) => u.getName()),
    ...config.columns.filter((c) => c.isUnique).map((c) => c.uniqueName),
  ].includes(fault.constraint);
}

/**
 * PostgreSQL (or Citus, across its nodes) gave a transaction up so that another could go on: a deadlock or a
 * serialization failure. Nothing of it was kept; it may simply be run again.
 */
export function wasGivenUp(error: unknown) {
  const code = databaseFault(error).code;
  return code === '40P01' || code === '40001';
}

/**
 * Runs `work`, a whole transaction, again (up to `tries` times in all, a few milliseconds apart) when the
 * database gave it up (`wasGivenUp`): for the few writes every node of a cluster takes, such as a sign-in.
 */
export async function againIfGivenUp<T>(work: () => Promise<T>, tries = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= tries || !wasGivenUp(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
