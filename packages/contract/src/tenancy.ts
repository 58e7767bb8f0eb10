import type { BuildExtraConfigColumns } from 'drizzle-orm';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTable,
  type PgTableExtraConfigValue,
  PrimaryKeyBuilder,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { now } from './clock.js';

/**
 * Tenancy in the database itself (ARCHITECTURE §10, "The database holds tenancy"). Every school-owned
 * table is declared with `schoolTable`: its primary key is (school_id, id) and every foreign key to
 * another school-owned table is (school_id, x_id) → other (school_id, id), so PostgreSQL refuses a row of
 * one school pointing at another school's row, and the data can be distributed by school_id (Citus).
 * `id` stays the serial handle the API uses. What is not per school is listed in `notPerSchool`.
 */

/**
 * When a row was made, stamped by the clock (`clock.ts`), not the database's: the tests' server and the
 * demo run on a clock of their own. The database's `now()` stays as the default for rows written in SQL.
 */
export const recordedAt = (name = 'created_at') =>
  timestamp(name, { withTimezone: true, mode: 'date' }).notNull().defaultNow().$defaultFn(now);
/** When a row last changed: the clock's time at every update through drizzle that does not set it. */
export const changedAt = (name = 'updated_at') => recordedAt(name).$onUpdateFn(now);

/** The tenant. Every school-owned table references it. */
export const schools = pgTable('schools', {
  id: serial().primaryKey(),
  name: text().notNull(),
  /**
   * The demo school (seeded, never registered): its "check for new online payments" invents SchoolPay
   * payments when it has no SchoolPay account. Nothing else on the server is simulated for it.
   */
  demo: boolean().notNull().default(false),
  /**
   * Whether its people may sign in (the service's operator decides, `modules/operator`): 'active';
   * 'pending' (registered on a server that asks the operator to approve new schools); 'suspended' (its users
   * and its parents' line are refused with `statusReason`; nothing is deleted).
   */
  status: text().$type<SchoolStatus>().notNull().default('active'),
  statusReason: text('status_reason'),
  createdAt: recordedAt(),
});
export type SchoolStatus = 'active' | 'pending' | 'suspended';

/**
 * id, school_id, created_at, updated_at: the columns every declared entity starts with. The primary
 * key (school_id, id) comes from `schoolTable`.
 */
export const tenantColumns = () => ({
  id: serial().notNull(),
  schoolId: integer('school_id')
    .notNull()
    .references(() => schools.id),
  createdAt: recordedAt(),
  updatedAt: changedAt(),
});

/**
 * What is not per school, in one place (the schema test reads it; a large deployment makes these
 * Citus reference tables or moves them into a directory looked up before the school is known).
 */
export const notPerSchool = {
  /** Tables without school_id. */
  tables: {
    schools: 'the tenant itself',
    login_failures: 'sign-in rate limits, counted per user name and address before the school is known',
    server_backups: "the server's backups of its whole database, every school at once",
    operators: 'the people who run the service for every school (never a school user)',
    operator_sessions: "the operators' sign-ins",
    operator_audits: 'what the operators did, to which school',
  },
  /** Unique indexes of school-owned tables that hold across schools. */
  uniques: {
    users_username: 'people sign in with a user name without naming their school',
    users_email: 'people sign in (and recover a password) with an e-mail without naming their school',
    password_resets_token_hash_unique: 'a reset link is looked up by its hash alone',
  },
} as const;

interface ReferenceConfig {
  ref: () => PgColumn;
  actions: { onUpdate?: string; onDelete?: string };
}

/** The references a column builder was given (drizzle keeps them on the builder until the table is built). */
const referencesOf = (builder: PgColumnBuilderBase) =>
  (builder as unknown as { foreignKeyConfigs: ReferenceConfig[] }).foreignKeyConfigs;

const configOf = (builder: PgColumnBuilderBase) =>
  (builder as unknown as { config: { name: string; primaryKey: boolean } }).config;

/** A table is school-owned when it has a school_id column. */
export const isSchoolOwned = (table: PgTable) => 'schoolId' in getTableColumns(table);

/**
 * A school-owned table. Declared like `pgTable` (with a `schoolId` column, usually from
 * `tenantColumns()`), it gets by itself:
 * - the primary key (school_id, id) when it has an `id` and declares no primary key of its own (a
 *   primary key declared in `extra` or on school_id must include school_id);
 * - every `.references(() => other.x)` to a school-owned table turned into the composite foreign key
 *   (school_id, column) → other (school_id, x), named `<table>_<column>_fk`; references to tables that
 *   are not per school (schools) stay as they are;
 * - school_id → schools.id when the column does not say it;
 * - an index on id alone, for the queries that still join on id without school_id.
 * ON DELETE SET NULL / SET DEFAULT would touch school_id too, so they are refused.
 */
export function schoolTable<
  TName extends string,
  TColumns extends Record<string, PgColumnBuilderBase> & { schoolId: PgColumnBuilderBase },
>(
  name: TName,
  columns: TColumns,
  extra?: (self: BuildExtraConfigColumns<TName, TColumns, 'pg'>) => PgTableExtraConfigValue[],
) {
  const moved: { key: string; refs: ReferenceConfig[] }[] = [];
  for (const [key, builder] of Object.entries(columns)) {
    if (configOf(builder).primaryKey && key !== 'schoolId')
      throw new Error(`${name}.${key}: a school table's primary key is (school_id, id); drop .primaryKey()`);
    if (key === 'schoolId') continue;
    const refs = referencesOf(builder);
    if (!refs.length) continue;
    for (const { actions } of refs)
      if (actions.onDelete === 'set null' || actions.onDelete === 'set default' || actions.onUpdate === 'set null')
        throw new Error(`${name}.${key}: ON DELETE/UPDATE SET NULL would clear school_id too`);
    moved.push({ key, refs: refs.splice(0) });
  }
  const schoolRefs = referencesOf(columns.schoolId);
  if (!schoolRefs.length) schoolRefs.push({ ref: () => schools.id, actions: {} });

  const table = pgTable(name, columns, (self) => {
    const own = extra?.(self) ?? [];
    const cols = getTableColumns(table) as Record<string, PgColumn>;
    const out: PgTableExtraConfigValue[] = [];
    const declaredKey = own.find((c) => is(c, PrimaryKeyBuilder)) as PrimaryKeyBuilder | undefined;
    const schoolIdIsKey = configOf(columns.schoolId).primaryKey;
    if (declaredKey) {
      const keyColumns = (declaredKey as unknown as { columns: PgColumn[] }).columns.map((c) => c.name);
      if (!keyColumns.includes('school_id')) throw new Error(`${name}: the primary key must include school_id`);
    } else if (!schoolIdIsKey) {
      if (!cols.id) throw new Error(`${name}: declare a primary key that includes school_id`);
      out.push(primaryKey({ name: `${name}_pkey`, columns: [cols.schoolId, cols.id] }));
    }
    // Many queries still join on id alone (`students.id = fees_payments.student_id`); without this
    // index such a join would read every school's rows. It goes when every join carries school_id.
    const extraColumns = self as unknown as Record<string, Parameters<ReturnType<typeof index>['on']>[0]>;
    if (cols.id) out.push(index(`${name}_id`).on(extraColumns.id));
    for (const { key, refs } of moved)
      for (const { ref, actions } of refs) {
        const target = ref();
        const targetTable = (target as unknown as { table: PgTable }).table;
        const targetSchool = isSchoolOwned(targetTable)
          ? (getTableColumns(targetTable) as Record<string, PgColumn>).schoolId
          : undefined;
        const fk = targetSchool
          ? foreignKey({
              name: `${name}_${cols[key].name}_fk`,
              columns: [cols.schoolId, cols[key]],
              foreignColumns: [targetSchool, target],
            })
          : foreignKey({
              name: `${name}_${cols[key].name}_${getTableName(targetTable)}_${target.name}_fk`,
              columns: [cols[key]],
              foreignColumns: [target],
            });
        if (actions.onDelete) fk.onDelete(actions.onDelete as never);
        if (actions.onUpdate) fk.onUpdate(actions.onUpdate as never);
        out.push(fk);
      }
    return [...out, ...own];
  });
  return table;
}
