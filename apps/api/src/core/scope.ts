import { and, count, eq, getTableName, type SQL } from 'drizzle-orm';
import { type PgColumn, type PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import { type Executor, inRequestTransaction } from '../db/open.js';
import { audits } from '../db/schema.js';
import { announce, type CacheNews } from './cache-news.js';
import { now } from './dates.js';
import { NotFound } from './errors.js';

/** Who is writing, for the audit trail. */
export interface Actor {
  userId: number | null;
  name: string | null;
}

/** A table owned by a school: it has an id and a school_id. */
export type TenantTable = PgTable & { id: PgColumn; schoolId: PgColumn };
type Row<T extends TenantTable> = T['$inferSelect'];
type NewRow<T extends TenantTable> = Omit<T['$inferInsert'], 'schoolId' | 'id'>;

const callerEntities = new Set(['users', 'roles', 'schools', 'school_settings']);

/**
 * The moment of a transaction by the clock, taken at its first audit row: every audit row it writes carries
 * it, as PostgreSQL's now() would, so what was saved at once reads as one batch (recent activity).
 */
const moments = new WeakMap<object, Date>();
function momentOf(db: Executor): Date {
  if (!(db instanceof PgTransaction)) return now();
  let at = moments.get(db);
  if (!at) {
    at = now();
    moments.set(db, at);
  }
  return at;
}

/** Columns never copied into the audit trail. */
const secretKeys = new Set(['passwordHash', 'tokenHash']);
const forAudit = (row: unknown) => {
  if (!row || typeof row !== 'object') return row ?? null;
  return Object.fromEntries(Object.entries(row).filter(([k]) => !secretKeys.has(k)));
};

export interface AuditEntry {
  action: string;
  module: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Everything a request does to school data goes through its SchoolScope: reads are filtered by
 * the caller's school, writes run in a transaction that also writes the audit row. Handlers never
 * add `school_id = …` themselves.
 */
export class SchoolScope {
  constructor(
    readonly db: Executor,
    readonly schoolId: number,
    readonly actor: Actor,
    private readonly inTransaction = false,
  ) {}

  /** Runs `work` in one transaction (or joins the current one). */
  transaction<R>(work: (scope: SchoolScope) => Promise<R>): Promise<R> {
    if (this.inTransaction) return work(this);
    return this.db.transaction((tx) => work(new SchoolScope(tx, this.schoolId, this.actor, true)));
  }

  /**
   * Reads side by side on the pool, one after another inside a transaction (its one connection runs one
   * query at a time; node-postgres deprecates queuing them). Each read is a function, so none starts early.
   */
  async all<T extends unknown[]>(...reads: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
    if (!this.inTransaction && !(this.db instanceof PgTransaction) && !inRequestTransaction())
      return (await Promise.all(reads.map((read) => read()))) as T;
    const results: unknown[] = [];
    for (const read of reads) results.push(await read());
    return results as T;
  }

  /** The condition "belongs to this school", and-ed with any other. */
  mine(table: TenantTable, ...conditions: (SQL | undefined)[]): SQL {
    return and(eq(table.schoolId, this.schoolId), ...conditions) as SQL;
  }

  table<T extends TenantTable>(table: T, module: string): ScopedTable<T> {
    return new ScopedTable(this, table, module);
  }

  async audit(entry: AuditEntry): Promise<void> {
    await this.auditMany([entry]);
  }

  /** The audit rows of many writes, 500 to a statement, in the caller's transaction. */
  async auditMany(entries: AuditEntry[]): Promise<void> {
    // These decide what the signed-in user looks like (their account, group, school) and the school's
    // settings: forgotten here and, at commit, in every other server process.
    const news: CacheNews[] = [
      ...(entries.some((e) => callerEntities.has(e.entity)) ? (['callers'] as const) : []),
      ...(entries.some((e) => e.entity === 'school_settings') ? (['settings'] as const) : []),
    ];
    if (news.length) await announce(this.db, this.schoolId, news);
    const at = momentOf(this.db);
    for (const part of chunks(entries)) {
      await this.db.insert(audits).values(
        part.map((entry) => ({
          at,
          schoolId: this.schoolId,
          userId: this.actor.userId,
          userName: this.actor.name,
          action: entry.action,
          module: entry.module,
          entity: entry.entity,
          entityId: entry.entityId == null ? null : String(entry.entityId),
          before: forAudit(entry.before),
          after: forAudit(entry.after),
        })),
      );
    }
  }
}

/** Rows per statement: PostgreSQL takes at most 65,535 parameters a statement. */
const chunkSize = 500;
export const chunks = <T>(list: T[]) =>
  Array.from({ length: Math.ceil(list.length / chunkSize) }, (_, i) => list.slice(i * chunkSize, (i + 1) * chunkSize));

/** One table seen through a school's scope. */
export class ScopedTable<T extends TenantTable> {
  readonly entity: string;
  constructor(
    private readonly scope: SchoolScope,
    private readonly table: T,
    private readonly module: string,
  ) {
    this.entity = getTableName(table);
  }

  // biome-ignore lint/suspicious/noExplicitAny: drizzle's builders are not generic over an abstract table
  private get q(): any {
    return this.scope.db;
  }

  where(condition?: SQL): SQL {
    return this.scope.mine(this.table, condition);
  }

  async find(id: number, what = this.entity): Promise<Row<T>> {
    const [row] = await this.q
      .select()
      .from(this.table)
      .where(this.where(eq(this.table.id, id)))
      .limit(1);
    if (!row) throw new NotFound(what);
    return row;
  }

  async count(condition?: SQL): Promise<number> {
    const [row] = await this.q.select({ n: count() }).from(this.table).where(this.where(condition));
    return Number(row.n);
  }

  insert(values: NewRow<T>): Promise<Row<T>> {
    return this.scope.transaction(async (scope) => {
      const [row] = await (scope.db as never as typeof this.q)
        .insert(this.table)
        .values({ ...values, schoolId: scope.schoolId })
        .returning();
      await scope.audit({ action: 'create', module: this.module, entity: this.entity, entityId: row.id, after: row });
      return row;
    });
  }

  update(id: number, values: Partial<NewRow<T>>, action = 'update'): Promise<Row<T>> {
    return this.scope.transaction(async (scope) => {
      const db = scope.db as never as typeof this.q;
      const mine = scope.mine(this.table, eq(this.table.id, id));
      const [before] = await db.select().from(this.table).where(mine).for('update');
      if (!before) throw new NotFound(this.entity);
      const [after] = await db.update(this.table).set(values).where(mine).returning();
      await scope.audit({ action, module: this.module, entity: this.entity, entityId: id, before, after });
      return after;
    });
  }

  remove(id: number): Promise<Row<T>> {
    return this.scope.transaction(async (scope) => {
      const db = scope.db as never as typeof this.q;
      const mine = scope.mine(this.table, eq(this.table.id, id));
      const [before] = await db.delete(this.table).where(mine).returning();
      if (!before) throw new NotFound(this.entity);
      await scope.audit({ action: 'delete', module: this.module, entity: this.entity, entityId: id, before });
      return before;
    });
  }
}
