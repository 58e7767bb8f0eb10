import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { now } from '../../core/dates.js';
import type { FileStorage } from '../../core/file-store.js';
import { openFileStore } from '../../core/file-store.js';
import { type Database, type Executor, sqlRows } from '../../db/open.js';
import { BackupRefused } from './backups.js';

/**
 * One school's records as one file, to move it to another server (from the embedded database to
 * PostgreSQL or back, or to a new machine). Every school table keys on `school_id` and every reference
 * between them carries it (the tenancy rules), so a school's rows move whole with their own ids. The file
 * is gzipped JSON lines: a manifest, then each table's rows in chunks, parents before children. Files kept
 * outside the database travel inside it. Sessions and reset links stay behind: people sign in again.
 */
export interface SchoolExportManifest {
  format: 1;
  kind: 'somero-school';
  made_at: string;
  /** The latest migration of the release that made it: only a server of the same release imports it. */
  schema: number | null;
  school: { id: number; name: string };
  tables: Record<string, number>;
}

/**
 * Rows into a table as the export wrote them (`row_to_json`): the columns they name, read back by
 * PostgreSQL's own conversion of JSON to the table's types; ids as they were (identity ones too).
 */
function insertRows(table: string, rows: Record<string, unknown>[]) {
  const columns = Object.keys(rows[0] ?? {});
  const list = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const name = sql.identifier(table);
  return sql`insert into ${name} (${list}) overriding system value
    select ${list} from json_populate_recordset(null::${name}, ${JSON.stringify(rows)}::json)`;
}

/**
 * Tables of a school's that do not move: sessions and reset links (people sign in again on the new
 * server), and the list of its copies kept on the old one.
 */
const leftBehind = new Set(['auth_tokens', 'password_resets', 'school_backups']);
const chunkRows = 2000;

interface Table {
  name: string;
  /** Whether the table refers to itself (classes' next class, a journal entry's reversal): its rows go in one statement. */
  selfReferencing: boolean;
}

/** The school's tables (those with `school_id`, and `schools`), parents before the tables that refer to them. */
async function schoolTables(db: Executor): Promise<Table[]> {
  const tables = await sqlRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'school_id' and not a.attisdropped)
        order by 1`,
  );
  const references = await sqlRows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const names = new Set(tables.map((t) => t.name).filter((n) => !leftBehind.has(n)));
  const parents = new Map<string, Set<string>>([...names].map((n) => [n, new Set<string>()]));
  const selfReferencing = new Set<string>();
  for (const r of references) {
    if (!names.has(r.child)) continue;
    if (r.child === r.parent) selfReferencing.add(r.child);
    else if (names.has(r.parent)) parents.get(r.child)?.add(r.parent);
  }
  const ordered: Table[] = [];
  const placed = new Set<string>();
  while (placed.size < names.size) {
    const ready = [...names].filter((n) => !placed.has(n) && [...(parents.get(n) ?? [])].every((p) => placed.has(p)));
    if (!ready.length) throw new Error('The school tables refer to each other in a circle');
    for (const n of ready) {
      placed.add(n);
      ordered.push({ name: n, selfReferencing: selfReferencing.has(n) });
    }
  }
  return ordered;
}

const latestMigration = async (db: Executor) =>
  (
    await sqlRows<{ at: string | null }>(db, sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`)
  )[0]?.at ?? null;

/** Writes school `schoolId` to `file` (gzipped JSON lines); answers the manifest. */
export async function exportSchool(
  database: Database,
  fileStorage: FileStorage,
  schoolId: number,
  file: string,
): Promise<SchoolExportManifest> {
  const { db } = database;
  const [school] = await sqlRows<{ id: number; name: string }>(
    db,
    sql`select id, name from schools where id = ${schoolId}`,
  );
  if (!school) throw new BackupRefused(`There is no school ${schoolId} on this server.`);
  const tables = await schoolTables(db);
  const store = fileStorage.kind === 'database' ? null : openFileStore(fileStorage);
  const lines: string[] = [];
  const counts: Record<string, number> = {};
  const schoolRow = await sqlRows<{ row: Record<string, unknown> }>(
    db,
    sql`select row_to_json(s) as row from schools s where id = ${schoolId}`,
  );
  lines.push(JSON.stringify({ table: 'schools', rows: schoolRow.map((r) => r.row) }));
  for (const table of tables) {
    const rows = (
      await sqlRows<{ row: Record<string, unknown> }>(
        db,
        sql`select row_to_json(t) as row from ${sql.identifier(table.name)} t where school_id = ${schoolId}`,
      )
    ).map((r) => r.row);
    counts[table.name] = rows.length;
    if (table.name === 'files' && store) {
      // Bytes kept outside the database travel in the row.
      for (const row of rows) {
        if (row.bytes == null && typeof row.storage_key === 'string') {
          row.bytes = `\\x${Buffer.from(await store.get(row.storage_key)).toString('hex')}`;
          row.storage_key = null;
        }
      }
    }
    const size = table.selfReferencing ? rows.length || 1 : chunkRows;
    for (let i = 0; i < rows.length; i += size)
      lines.push(JSON.stringify({ table: table.name, rows: rows.slice(i, i + size) }));
  }
  const manifest: SchoolExportManifest = {
    format: 1,
    kind: 'somero-school',
    made_at: now().toISOString(),
    schema: Number(await latestMigration(db)) || null,
    school,
    tables: counts,
  };
  await pipeline(
    (function* () {
      yield `${JSON.stringify(manifest)}\n`;
      for (const line of lines) yield `${line}\n`;
    })(),
    createGzip(),
    createWriteStream(file),
  );
  return manifest;
}

export interface Imported {
  manifest: SchoolExportManifest;
  schoolId: number;
  /** What was added to each record number (0 when the school kept its own). */
  shift: number;
  summary: string;
}

/** The columns of a school table that hold record numbers, by how they hold them. */
interface ReferenceColumns {
  /** Integer columns: the row's id, another record's (`*_id`, `*_by`, a foreign key). */
  ids: Set<string>;
  /** Integer arrays of records (`class_ids`). */
  arrays: Set<string>;
  /** JSON whose `id`, `…Id` and `…_id` numbers are records (attachments' files, amendments' before and after). */
  json: Set<string>;
}

/**
 * Where each school table refers to records, read from the schema: `id`; integer columns named `…_id` or
 * `…_by` (who recorded, approved or paid: a user) and every foreign key; integer arrays named `…_ids`;
 * JSON columns (the provider's own payload of an online payment aside). Two text columns carry a number
 * too: the audit row's `entity_id`, and an account's key (`mode:12`, `expense:7`).
 */
async function referenceColumns(db: Executor): Promise<Map<string, ReferenceColumns>> {
  const rows = await sqlRows<{ t: string; col: string; type: string; fk: boolean }>(
    db,
    sql`select c.relname as t, a.attname as col, format_type(a.atttypid, a.atttypmod) as type,
          exists (select 1 from pg_constraint k where k.conrelid = c.oid and k.contype = 'f' and a.attnum = any(k.conkey)) as fk
        from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
        where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and a.attname <> 'school_id'`,
  );
  const out = new Map<string, ReferenceColumns>();
  for (const { t, col, type, fk } of rows) {
    const c = out.get(t) ?? { ids: new Set<string>(), arrays: new Set<string>(), json: new Set<string>() };
    out.set(t, c);
    const integer = type === 'integer' || type === 'bigint';
    if (integer && (col === 'id' || fk || /_(id|by)$/.test(col))) c.ids.add(col);
    else if (type === 'integer[]' && col.endsWith('_ids')) c.arrays.add(col);
    else if ((type === 'jsonb' || type === 'json') && !(t === 'online_transactions' && col === 'raw')) c.json.add(col);
  }
  return out;
}

/** A shift past every record number of this server, rounded up to a thousand (a moved record reads as its old number plus it). */
async function shiftPast(db: Executor, tables: string[]) {
  let largest = 0;
  for (const table of ['schools', ...tables]) {
    const [row] = await sqlRows<{ n: string | null }>(db, sql`select max(id)::text as n from ${sql.identifier(table)}`);
    largest = Math.max(largest, Number(row?.n ?? 0));
  }
  return Math.ceil((largest + 1) / 1000) * 1000;
}

const idKey = /^(id|.+Id|.+_id)$/;
const idsKey = /(Ids|_ids)$/;

/** JSON with each record number in it raised by `shift` (a school's own id left for the row's `school_id`). */
function shiftJson(value: unknown, shift: number): unknown {
  if (Array.isArray(value)) return value.map((v) => shiftJson(v, shift));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      if (k === 'schoolId' || k === 'school_id') return [k, v];
      if (idKey.test(k) && Number.isInteger(v)) return [k, (v as number) + shift];
      if (idsKey.test(k) && Array.isArray(v)) return [k, v.map((x) => (Number.isInteger(x) ? x + shift : x))];
      return [k, shiftJson(v, shift)];
    }),
  );
}

/**
 * A row of the export with its record numbers, and those it refers to, raised by `shift`; the school's
 * own number (an audit row of its settings) becomes `schoolId`.
 */
function renumbered(
  table: string,
  row: Record<string, unknown>,
  columns: ReferenceColumns | undefined,
  shift: number,
  schoolId: number,
) {
  const out = { ...row };
  for (const [col, v] of Object.entries(row)) {
    if (v == null || !columns) continue;
    if (columns.ids.has(col) && typeof v === 'number') out[col] = v + shift;
    else if (columns.arrays.has(col) && Array.isArray(v))
      out[col] = v.map((x) => (typeof x === 'number' ? x + shift : x));
    else if (columns.json.has(col)) out[col] = shiftJson(v, shift);
  }
  if (table === 'audits' && typeof row.entity_id === 'string' && /^\d+$/.test(row.entity_id))
    out.entity_id = String(row.entity === 'schools' ? schoolId : Number(row.entity_id) + shift);
  if (table === 'accounts' && typeof row.key === 'string')
    out.key = row.key.replace(/^(\w+):(\d+)$/, (_, kind: string, n: string) => `${kind}:${Number(n) + shift}`);
  return out;
}

/**
 * Imports a school exported by `exportSchool` into this server's database (of either kind), in one
 * transaction: with its own record numbers and school id where they are free here, else renumbered past
 * this server's records (`shiftPast`, `renumbered`) under a new school id, beside the schools already
 * here. Refused (nothing written) when the release differs, or when any of its users' names or e-mails is
 * taken here (they sign in without naming their school: the names are said).
 */
export async function importSchool(database: Database, fileStorage: FileStorage, file: string): Promise<Imported> {
  const input = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let manifest: SchoolExportManifest | undefined;
  const chunks: { table: string; rows: Record<string, unknown>[] }[] = [];
  try {
    for await (const line of input) {
      if (!line) continue;
      if (!manifest) manifest = JSON.parse(line) as SchoolExportManifest;
      else chunks.push(JSON.parse(line));
    }
  } catch (error) {
    throw new BackupRefused(`${file} is not a Somero school export (${(error as Error).message}).`);
  }
  if (manifest?.kind !== 'somero-school' || manifest.format !== 1)
    throw new BackupRefused(`${file} is not a Somero school export.`);
  const { db } = database;
  const here = Number(await latestMigration(db)) || null;
  if (here !== manifest.schema)
    throw new BackupRefused(
      'This export was made by another release of Somero: bring both servers to the same release, then export again.',
    );
  const users = chunks.filter((c) => c.table === 'users').flatMap((c) => c.rows);
  const names = users.map((u) => String(u.username).toLowerCase());
  const emails = users.map((u) => (u.email ? String(u.email).toLowerCase() : null)).filter((e): e is string => !!e);
  const taken = await sqlRows<{ username: string; email: string | null }>(
    db,
    sql`select username, email from users
        where lower(username) in (select json_array_elements_text(${JSON.stringify(names)}::json))
           or lower(email) in (select json_array_elements_text(${JSON.stringify(emails)}::json))`,
  );
  if (taken.length) {
    const said = [
      ...new Set(
        taken.flatMap((t) => [
          ...(names.includes(t.username.toLowerCase()) ? [t.username] : []),
          ...(t.email && emails.includes(t.email.toLowerCase()) ? [t.email] : []),
        ]),
      ),
    ].sort();
    throw new BackupRefused(
      `These user names or e-mails are already used on this server: ${said.join(', ')}. Change them on the school's server, export again and import.`,
    );
  }

  // Record numbers are unique across the server (parts of Somero find a record by its number alone). The
  // school keeps its numbers where they are all free here (a new server); else every record is renumbered
  // by one shift past this server's largest number, and each reference to it with it.
  const oldId = manifest.school.id;
  const [schoolTaken] = await sqlRows<{ one: number }>(db, sql`select 1 as one from schools where id = ${oldId}`);
  let clash = false;
  for (const chunk of chunks) {
    const ids = chunk.rows.map((r) => r.id).filter((id) => id !== undefined && id !== null);
    if (clash || !ids.length) continue;
    const [hit] = await sqlRows<{ one: number }>(
      db,
      sql`select 1 as one from ${sql.identifier(chunk.table)}
          where id in (select (json_array_elements_text(${JSON.stringify(ids)}::json))::bigint) limit 1`,
    );
    clash = Boolean(hit);
  }
  const moved = [...new Set(chunks.map((c) => c.table))].filter((t) => t !== 'schools');
  const numbered = [...new Set(chunks.filter((c) => c.rows[0]?.id != null).map((c) => c.table))];
  const shift = clash ? await shiftPast(db, numbered) : 0;
  const columns = shift ? await referenceColumns(db) : new Map<string, ReferenceColumns>();

  const store = fileStorage.kind === 'database' ? null : openFileStore(fileStorage);
  const schoolId = await db.transaction(async (tx) => {
    const { id: _, ...fields } = { ...chunks.find((c) => c.table === 'schools')?.rows[0] };
    const row = schoolTaken ? fields : { id: oldId, ...fields };
    const [inserted] = await sqlRows<{ id: number }>(tx, sql`${insertRows('schools', [row])} returning id`);
    const newId = inserted?.id as number;
    for (const chunk of chunks) {
      if (chunk.table === 'schools' || !chunk.rows.length) continue;
      const rows: Record<string, unknown>[] = chunk.rows.map((r) => ({
        ...(shift ? renumbered(chunk.table, r, columns.get(chunk.table), shift, newId) : r),
        school_id: newId,
      }));
      if (chunk.table === 'files' && store) {
        for (const r of rows) {
          if (typeof r.bytes !== 'string') continue;
          const key = `${newId}/${r.kind}/${randomUUID()}`;
          await store.put(key, Buffer.from(r.bytes.slice(2), 'hex'), String(r.mime));
          r.bytes = null;
          r.storage_key = key;
        }
      }
      await tx.execute(insertRows(chunk.table, rows));
    }
    // Ids come from each table's sequence: it must be past the ids brought in.
    const sequences = await sqlRows<{ name: string; seq: string }>(
      tx,
      sql`select c.relname as name, pg_get_serial_sequence(quote_ident(c.relname), 'id') as seq
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'
            and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'id' and not a.attisdropped)`,
    );
    const into = new Set(['schools', ...moved]);
    for (const { name, seq } of sequences) {
      if (!seq || !into.has(name)) continue;
      await tx.execute(
        sql`select setval(${seq}::regclass, greatest(coalesce((select max(id) from ${sql.identifier(name)}), 1), (select last_value from ${sql.raw(seq)})))`,
      );
    }
    return newId;
  });
  const total = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  return {
    manifest,
    schoolId,
    shift,
    summary:
      `Imported ${manifest.school.name} (${total.toLocaleString('en-GB')} records, ${users.length} users) as school ${schoolId}` +
      (shift ? `, its record numbers raised by ${shift.toLocaleString('en-GB')} past this server's own.` : '.'),
  };
}
