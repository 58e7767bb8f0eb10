import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './lock.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: everything that runs queries. */
export type Executor = Db | Tx;

/** The rows of a hand-written statement (both drivers answer `{ rows }`). */
export async function sqlRows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const dialect = new PgDialect();

/**
 * The transaction of the write request running here (core/http.ts, `inTransaction`, for each signed-in call that
 * writes). It opens at the request's first transaction (a scoped write, an audit row, a queued job): from then on
 * every query the request makes through `database.db`, `raw` or `executeSql`, wherever it is written, runs in it,
 * each later transaction being a savepoint of it, and it commits when the request answers or rolls back when it
 * fails, so a request that fails leaves nothing it wrote. What the request reads before it writes runs on the
 * pool, side by side. Work that outlives the request (a timer it started) runs on its own again.
 */
interface RequestTransaction {
  /** While the request runs. */
  active: boolean;
  tx?: Tx;
  opening?: Promise<Tx>;
  /** Ends the open transaction: commit (true) or roll back. */
  finish?: (commit: boolean) => void;
  /** Settles once the transaction has committed or rolled back. */
  ended?: Promise<void>;
  afterCommit: (() => void)[];
}
const requestTransaction = new AsyncLocalStorage<RequestTransaction>();
const activeRequest = () => {
  const store = requestTransaction.getStore();
  return store?.active ? store : undefined;
};
const openTransaction = () => {
  const store = activeRequest();
  return store?.tx ? store : undefined;
};

/** Runs `work` once the request's transaction has committed (at once when none is open); never when it rolls back. */
export function afterCommit(work: () => void): void {
  const store = activeRequest();
  if (store?.opening) store.afterCommit.push(work);
  else work();
}

/** Whether the request running here has opened its transaction (its queries then go one after another). */
export const inRequestTransaction = () => openTransaction() !== undefined;

/** Runs `work` apart from the request's transaction (what lives on after it: the job queue's workers). */
export const apartFromRequest = <T>(work: () => T): T => requestTransaction.exit(work);

interface DriverClient {
  query(text: string, values?: unknown[]): Promise<unknown>;
  /** PGlite's: several statements in one text, without parameters. */
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}
const clientOf = (tx: Tx) => (tx as unknown as { session: { client: DriverClient } }).session.client;

/** Opens the request's transaction (once): it stays open until the request ends (`requestTransactions`). */
function beginRequest(base: Db, store: RequestTransaction): Promise<Tx> {
  store.opening ??= new Promise<Tx>((resolve, reject) => {
    store.ended = base
      .transaction(async (tx) => {
        store.tx = tx;
        resolve(tx);
        const commit = await new Promise<boolean>((end) => {
          store.finish = end;
        });
        if (!commit) tx.rollback();
      })
      .catch((error: unknown) => {
        if (!store.tx) reject(error);
        throw error;
      });
  });
  return store.opening;
}

/** The database, or inside a write request that request's transaction (opened by its first transaction). */
function followingRequests(base: Db): Db {
  return new Proxy(base, {
    get(target, property) {
      const store = activeRequest();
      if (store && !store.tx && property === 'transaction')
        return (work: (tx: Tx) => Promise<unknown>) => beginRequest(target, store).then((tx) => tx.transaction(work));
      const into = (store?.tx ?? target) as object;
      const value = Reflect.get(into, property, into);
      return typeof value === 'function' ? value.bind(into) : value;
    },
  });
}

/** `raw` and `executeSql` inside a write request's open transaction: on its connection. */
async function inRequest(text: string, values?: unknown[]): Promise<{ rows: unknown[] } | undefined> {
  const store = openTransaction();
  if (!store?.tx) return undefined;
  const client = clientOf(store.tx);
  const result =
    client.exec && !values?.length
      ? await client.exec(text)
      : ((await client.query(text, values?.length ? values : undefined)) as unknown);
  // Several statements in one text come back as one result each: the last one answers.
  return Array.isArray(result) ? (result[result.length - 1] ?? { rows: [] }) : (result as { rows: unknown[] });
}

/** Runs a write request's work as one transaction (core/http.ts). */
function requestTransactions(base: Db) {
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (activeRequest()) return work();
    const store: RequestTransaction = { active: true, afterCommit: [] };
    let result: T;
    try {
      result = await requestTransaction.run(store, work);
    } catch (error) {
      store.active = false;
      if (store.opening) {
        await store.opening.catch(() => {});
        store.finish?.(false);
        await store.ended?.catch(() => {});
      }
      throw error;
    }
    store.active = false;
    if (store.opening) {
      await store.opening;
      store.finish?.(true);
      await store.ended;
    }
    for (const then of store.afterCommit) then();
    return result;
  };
}

/**
 * `sqlRows` for a hot statement whose text never changes (its values are parameters): on PostgreSQL, outside
 * a transaction, it is a named prepared statement, planned once per connection instead of on every call
 * (the desk's batch statement took 3 ms to plan). Elsewhere (embedded, a transaction) an ordinary one. Its
 * columns come back through node-postgres's own parsers: give it no date or timestamp columns.
 */
export async function preparedRows<T>(db: Executor, name: string, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return sqlRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await client.query({ name, text, values: params })).rows as T[];
}

export interface Database {
  /** The ORM: inside a write request, on the request's transaction (`inTransaction`). */
  db: Db;
  /** Runs a write request's work in one transaction (core/http.ts); inside one already, just runs it. */
  inTransaction<T>(work: () => Promise<T>): Promise<T>;
  kind: 'postgres' | 'pglite';
  /** One plain driver query, with no ORM in between (used by the benchmark's baseline route). */
  raw(sql: string, params?: unknown[]): Promise<unknown[]>;
  /**
   * The job queue's way in (pg-boss's `db` option): a statement with parameters, or several statements
   * in one text without (its schema migrations), on the same pool or embedded database as the app.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PostgreSQL's connection pool as it stands (the metrics read it); the embedded database has none. */
  pool?: () => { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL's LISTEN on a connection of its own: `onMessage` gets each payload of the channel;
   * `onLost` runs when the connection drops (it is made again, then `onLost` runs once more, for what was
   * missed meanwhile). Answers the stop. The embedded database has one process and none.
   */
  listen?: (channel: string, onMessage: (payload: string) => void, onLost: () => void) => Promise<() => Promise<void>>;
  /** The embedded database's data directory as a gzipped tar (PGlite's own dump), taken between transactions. */
  dumpDataDir?: () => Promise<Uint8Array>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * The database could not be brought up to this release. The migrations run in one transaction, so it
 * was left as it was; the message says what PostgreSQL refused.
 */
export class MigrationFailed extends Error {
  override name = 'MigrationFailed';
  constructor(readonly cause: unknown) {
    // The ORM wraps PostgreSQL's error in its own ("Failed query: …"): PostgreSQL's words say why.
    let root = cause as { message?: string; cause?: unknown } | undefined;
    while (root?.cause) root = root.cause as typeof root;
    super(
      `The database could not be brought up to this release, and was left as it was: ${root?.message ?? String(cause)}. ` +
        'Start the earlier release again, or restore the last backup, and report this message.',
    );
  }
}

/** PostgreSQL's advisory lock key of migrating: one process migrates, any other waits and then finds nothing to do. */
const migrationLock = 72_617_001;

/**
 * Applies the committed migrations to PostgreSQL, holding an advisory lock on a connection of its own:
 * several servers starting together on one database migrate it once, one after the other.
 */
async function migratePostgres(databaseUrl: string, db: Db, folder: string) {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [migrationLock]);
    await migratePg(db as never, { migrationsFolder: folder }).catch((error: unknown) => {
      throw new MigrationFailed(error);
    });
  } finally {
    await lock.end().catch(() => {});
  }
}

async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLost: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (m) => {
      if (m.channel === channel) onMessage(m.payload ?? '');
    });
    c.on('error', () => {});
    c.on('end', () => {
      if (stopped || client !== c) return;
      client = null;
      onLost();
      reconnect();
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
  };
  const reconnect = () => {
    retry = setTimeout(() => {
      connect().then(onLost, () => reconnect());
    }, 1000);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/**
 * Opens PostgreSQL when a URL is given, else embedded PGlite in `dataDir` (or in memory for
 * `dataDir: 'memory://'`), and applies the committed migrations. A data directory another live process
 * has open is refused (`DataDirInUse`) before PGlite touches it; a migration that fails throws
 * `MigrationFailed` and leaves the database as it was.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** false: open as it is, without applying migrations (a backup takes the database as it was). */
  migrate?: boolean;
  /** Tests only: another folder of migrations. */
  migrationsFolder?: string;
}): Promise<Database> {
  const migrating = opts.migrate ?? true;
  const folder = opts.migrationsFolder ?? migrationsFolder;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: Number(process.env.PG_POOL_MAX ?? 10) });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    if (migrating)
      await migratePostgres(opts.databaseUrl, db, folder).catch(async (error: unknown) => {
        await pool.end().catch(() => {});
        throw error;
      });
    return {
      db: followingRequests(db),
      inTransaction: requestTransactions(db),
      kind: 'postgres',
      raw: async (text, params) =>
        ((await inRequest(text, params)) ?? (await pool.query(text, params as unknown[]))).rows,
      executeSql: async (text, values) => {
        const inside = await inRequest(text, values);
        if (inside) return inside;
        // Several statements in one text come back as one result each: the last one answers.
        const result = (await pool.query(text, values?.length ? values : undefined)) as unknown;
        return Array.isArray(result) ? result[result.length - 1] : (result as { rows: unknown[] });
      },
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: (channel, onMessage, onLost) => listenPostgres(opts.databaseUrl as string, channel, onMessage, onLost),
      close: () => pool.end(),
    };
  }
  const onDisk = opts.dataDir !== 'memory://';
  const unlock = onDisk ? lockDataDir(opts.dataDir) : () => {};
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(onDisk ? opts.dataDir : undefined);
    const opened = client;
    const database = embeddedDatabase(opened, async () => {
      try {
        await opened.close();
      } finally {
        unlock();
      }
    });
    if (migrating)
      await migratePglite(database.db as never, { migrationsFolder: folder }).catch((error: unknown) => {
        throw new MigrationFailed(error);
      });
    return database;
  } catch (error) {
    await client?.close().catch(() => {});
    unlock();
    throw error;
  }
}

/** The app's way into an embedded database (PGlite): the ORM, plain queries and the job queue's door. */
export function embeddedDatabase(client: PGlite, close: () => Promise<void>): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db: followingRequests(db),
    inTransaction: requestTransactions(db),
    kind: 'pglite',
    raw: async (text, params) =>
      ((await inRequest(text, params)) ?? (await client.query(text, params as unknown[]))).rows,
    executeSql: async (text, values) => {
      const inside = await inRequest(text, values);
      if (inside) return inside;
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
    dumpDataDir: async () => {
      // Inside a transaction of its own: no other transaction is half done while the folder is read.
      const blob = await client.transaction(() => client.dumpDataDir('gzip'));
      return new Uint8Array(await blob.arrayBuffer());
    },
    close,
  };
}

/**
 * Whether the database's schema is this release's: the latest migration it has applied is the latest
 * committed one (a database of an older release, not yet migrated, or of a newer one, is not).
 */
export async function migrationsCurrent(database: Database): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const latest = Math.max(...journal.entries.map((e) => e.when));
  const [row] = (await database.raw('select max(created_at) as at from drizzle.__drizzle_migrations')) as {
    at: string | number | null;
  }[];
  return row?.at != null && Number(row.at) === latest;
}
