import * as contract from '@somero/contract';
import {
  type Call,
  type EntityTable,
  type Field,
  fillMessage,
  listQuery,
  phoneSearchDigits,
  type Resource,
  resourceByPath,
  resources,
} from '@somero/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  ilike,
  inArray,
  is,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { now } from '../core/dates.js';
import { Invalid, isUniqueViolation, Refusal } from '../core/errors.js';
import type { SchoolScope } from '../core/scope.js';
import * as coreSchema from '../db/schema.js';
import type { ModuleContext } from '../modules/module.js';

type Row = Record<string, unknown>;
const column = (r: Resource, f: Field) => (r.table as unknown as Record<string, PgColumn>)[f.key];
const likeTerm = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A row as the API answers it: column names, dates as ISO strings. */
export function rowToJson(table: PgTable, row: Row): Row {
  const out: Row = {};
  for (const [key, col] of Object.entries(getTableColumns(table))) {
    if (key === 'schoolId') continue;
    const v = row[key];
    out[col.name] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

/** Every table that can refer to another: the API's own and every table of the contract. */
const allTables: PgTable[] = ([...Object.values(coreSchema), ...Object.values(contract)] as unknown[])
  .filter((t): t is PgTable => is(t, PgTable))
  .filter((t, i, list) => list.indexOf(t) === i);

const labelOfTable = (name: string) =>
  resources.find((r) => r.tableName === name)?.label.many.toLowerCase() ?? name.replaceAll('_', ' ');

/** "used by 3 streams and 120 students", or null when nothing refers to the row. */
export async function usedBy(scope: SchoolScope, table: PgTable, id: number): Promise<string | null> {
  const target = getTableName(table);
  const uses: string[] = [];
  for (const other of allTables) {
    for (const fk of getTableConfig(other).foreignKeys) {
      const ref = fk.reference();
      if (getTableName(ref.foreignTable) !== target) continue;
      // (school_id, x_id) → target (school_id, id) between school tables (ARCHITECTURE §10, tenancy).
      const at = ref.foreignColumns.findIndex((c) => c.name !== 'school_id');
      if (at < 0) continue;
      const school = ref.columns.find((c, i) => i !== at && c.name === 'school_id');
      const where = school ? and(eq(ref.columns[at], id), eq(school, scope.schoolId)) : eq(ref.columns[at], id);
      const [{ n }] = await scope.db.select({ n: count() }).from(other).where(where);
      if (Number(n) > 0)
        uses.push(
          `${n} ${n === 1 ? labelOfTable(getTableName(other)).replace(/s$/, '') : labelOfTable(getTableName(other))}`,
        );
    }
  }
  if (!uses.length) return null;
  return uses.length === 1 ? uses[0] : `${uses.slice(0, -1).join(', ')} and ${uses.at(-1)}`;
}

/** References (one or several) must point at rows of the caller's school. */
async function checkReferences(scope: SchoolScope, r: Resource, values: Row) {
  for (const f of r.fields.filter((f) => (f.kind === 'reference' || f.kind === 'references') && f.references)) {
    const value = values[f.key];
    if (value === null || value === undefined) continue;
    const ids = Array.isArray(value) ? [...new Set(value as number[])] : [value as number];
    if (ids.length === 0) continue;
    const target = resourceByPath(f.references as string);
    if (!target) throw new Error(`${r.path}.${f.name} refers to undeclared ${f.references}`);
    const found = await scope.table(target.table as EntityTable, target.module).count(inArray(target.table.id, ids));
    if (found !== ids.length) throw new Invalid(f.name, `No such ${f.label.toLowerCase()}`);
  }
}

/** The refusal of a record whose unique set is taken, in the entity's words (`texts.exists`). */
function duplicate(r: Resource, values: Row, set: Field[] = r.unique[0] ?? []) {
  const name = values[r.titleField.key] ?? set.map((f) => values[f.key]).join(' ');
  return new Refusal(fillMessage(r.texts.exists, { name: String(name) }));
}

/**
 * Unique field sets per school: a 202 in the entity's words, never a database error. Text compares
 * without case; an empty value equals an empty value (as the indexes have it: `coalesce(stream_id, 0)`);
 * a value left out of a new record is compared as the column's default, which the row will hold.
 */
async function checkUnique(scope: SchoolScope, r: Resource, values: Row, exceptId = 0) {
  for (const set of r.unique) {
    const conditions = set.map((f) => {
      const col = column(r, f);
      const v = values[f.key] === undefined ? f.initial : values[f.key];
      if (v === null || v === undefined) return sql`${col} is null`;
      return typeof v === 'string' ? sql`lower(${col}) = ${v.toLowerCase()}` : eq(col, v);
    });
    const n = await scope.table(r.table, r.module).count(and(...conditions, ne(r.table.id, exceptId)));
    if (n) throw duplicate(r, values, set);
  }
}

/** Two requests at once both pass `checkUnique`: the index refuses the second, in the same words. */
async function orDuplicate<T>(r: Resource, values: Row, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error, r.table)) throw duplicate(r, values);
    throw error;
  }
}

function listWhere(r: Resource, query: Row): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const term = typeof query.search === 'string' ? query.search : '';
  if (term) {
    // A phone field compares digits, so "0772 123456" finds the stored "+256772123456".
    const digits = phoneSearchDigits(term);
    conditions.push(
      or(
        ...r.list.search.map((f) =>
          f.kind === 'phone' && digits
            ? sql`regexp_replace(coalesce(${column(r, f)}, ''), '[^0-9]', '', 'g') like ${likeTerm(digits)}`
            : ilike(column(r, f), likeTerm(term)),
        ),
      ),
    );
  }
  for (const f of r.list.filters) {
    const raw = query[f.name];
    if (typeof raw !== 'string' || raw === '') continue;
    const value =
      f.kind === 'number' || f.kind === 'reference' ? Number(raw) : f.kind === 'boolean' ? raw === 'true' : raw;
    if (typeof value === 'number' && !Number.isInteger(value))
      throw new Invalid(f.name, `${f.label} must be a whole number`);
    conditions.push(eq(column(r, f), value));
  }
  return and(...conditions);
}

const rowSchema = z.record(z.string(), z.unknown());

type BeforeWrite = (scope: SchoolScope, values: Row, current: Row | null) => Promise<void>;
const beforeWrites = new Map<string, BeforeWrite>();

/**
 * What an area checks before a declared entity of its is added or changed, beyond references and
 * unique sets: it throws a `Refusal` saying why (a subject of another level for a class's teaching
 * load). `values` are the record as it will be (table keys); `current` the stored row when changing.
 */
export function beforeWrite(path: string, check: BeforeWrite) {
  beforeWrites.set(path, check);
}

/** Serves GET/POST `path` and PUT/DELETE `path/{id}` for every declared entity. */
type AfterWrite = (scope: SchoolScope, row: Row, before?: Row) => Promise<void>;
const afterWrites = new Map<string, AfterWrite>();

/**
 * What an area does, in the same transaction, after a declared entity of its is added or changed (a
 * payment mode posts its opening balance to the journal; a class's curriculum is changed only where the
 * change is shown first). `before` is the row before a change. With `beforeWrite`, `beforeRemove` and
 * `afterRemove`, the engine's four hooks.
 */
export function afterWrite(path: string, work: AfterWrite) {
  afterWrites.set(path, work);
}

type BeforeRemove = (scope: SchoolScope, row: Row) => Promise<void>;
const beforeRemoves = new Map<string, BeforeRemove>();

/**
 * What an area checks before a declared entity of its is removed, beyond the foreign keys: it throws a
 * `Refusal` when the row is still counted on by name (a requirements line with collections).
 */
export function beforeRemove(path: string, check: BeforeRemove) {
  beforeRemoves.set(path, check);
}

const afterRemoves = new Map<string, AfterWrite>();

/** What an area does, in the same transaction, after a declared entity of its is removed. */
export function afterRemove(path: string, work: AfterWrite) {
  afterRemoves.set(path, work);
}

export function resourceRoutes({ serve }: ModuleContext) {
  for (const r of resources) serveResource(serve, r);
}

export function serveResource(serve: ModuleContext['serve'], r: Resource) {
  const name = (values: Row) => ({ name: String(values[r.titleField.key] ?? '') });
  const call = <C extends Call>(c: C) => c;

  if (r.calls.includes('list')) {
    serve(
      call({
        method: 'GET',
        path: r.path,
        access: r.read,
        summary: `${r.label.many}: paged, with search, sort and filters`,
        input: listQuery,
        output: z.array(rowSchema),
        paged: true as const,
      }),
      async ({ input, scope }) => {
        const query = input as Row & { page: number; per_page: number; sort?: string; order: 'asc' | 'desc' };
        const where = listWhere(r, query);
        const sortField = r.list.sort.find((f) => f.name === query.sort) ?? r.list.defaultSort;
        const direction = query.order === 'desc' ? desc : asc;
        const [rows, total] = await Promise.all([
          scope.db
            .select()
            .from(r.table as PgTable)
            .where(scope.mine(r.table, where))
            .orderBy(direction(column(r, sortField)), asc(r.table.id))
            .limit(query.per_page)
            .offset((query.page - 1) * query.per_page),
          scope.table(r.table, r.module).count(where),
        ]);
        return { data: rows.map((row) => rowToJson(r.table, row)), page: query.page, per_page: query.per_page, total };
      },
    );
  }

  if (r.calls.includes('create')) {
    serve(
      call({
        method: 'POST',
        path: r.path,
        access: r.write,
        summary: `Add a ${r.label.one.toLowerCase()}`,
        input: r.input,
        output: rowSchema,
      }),
      async ({ input, scope }) => {
        const values = input as Row;
        await checkReferences(scope, r, values);
        await beforeWrites.get(r.path)?.(scope, values, null);
        await checkUnique(scope, r, values);
        const row = await orDuplicate(
          r,
          values,
          scope.transaction(async (tx) => {
            const made = (await tx.table(r.table, r.module).insert(values as never)) as Row;
            await afterWrites.get(r.path)?.(tx, made);
            return made;
          }),
        );
        return { data: rowToJson(r.table, row as Row), message: fillMessage(r.texts.added, name(row as Row)) };
      },
    );
  }

  if (r.calls.includes('update')) {
    serve(
      call({
        method: 'PUT',
        path: `${r.path}/{id}`,
        access: r.write,
        summary: `Change a ${r.label.one.toLowerCase()}`,
        input: r.patch,
        output: rowSchema,
      }),
      async ({ id, input, scope }) => {
        const table = scope.table(r.table, r.module);
        const current = (await table.find(id, r.label.one.toLowerCase())) as Row;
        const values = { ...current, ...(input as Row) };
        await checkReferences(scope, r, input as Row);
        await beforeWrites.get(r.path)?.(scope, values, current);
        await checkUnique(scope, r, values, id);
        const row = await orDuplicate(
          r,
          values,
          scope.transaction(async (tx) => {
            const changed = (await tx
              .table(r.table, r.module)
              .update(id, { ...(input as Row), updatedAt: now() } as never)) as Row;
            await afterWrites.get(r.path)?.(tx, changed, current);
            return changed;
          }),
        );
        return { data: rowToJson(r.table, row as Row), message: fillMessage(r.texts.updated, name(row as Row)) };
      },
    );
  }

  if (r.calls.includes('delete')) {
    serve(
      call({
        method: 'DELETE',
        path: `${r.path}/{id}`,
        access: r.write,
        summary: `Remove a ${r.label.one.toLowerCase()} nothing refers to`,
        input: z.object({}),
        output: z.null(),
      }),
      async ({ id, scope }) => {
        const current = (await scope.table(r.table, r.module).find(id, r.label.one.toLowerCase())) as Row;
        const uses = await usedBy(scope, r.table, id);
        if (uses) throw new Refusal(`${r.label.one} ${name(current).name} cannot be removed: it is used by ${uses}.`);
        await beforeRemoves.get(r.path)?.(scope, current);
        await scope.transaction(async (tx) => {
          const gone = (await tx.table(r.table, r.module).remove(id)) as Row;
          await afterRemoves.get(r.path)?.(tx, gone);
        });
        return { data: null, message: fillMessage(r.texts.deleted, name(current)) };
      },
    );
  }
}
