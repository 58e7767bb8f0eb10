import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { now } from '../../core/dates.js';
import type { FileStorage } from '../../core/file-store.js';
import { openFileStore } from '../../core/file-store.js';
import { newSecret } from '../../core/passwords.js';
import { SchoolScope } from '../../core/scope.js';
import { type Database, type Executor, sqlRows } from '../../db/open.js';
import { passwordResets } from '../../db/schema.js';
import { BackupRefused } from './backups.js';
import { ImportRefused, importFailureInWords, manyOf } from './import-words.js';
import {
  latestMigration,
  leftOutColumns,
  passwordLeftOut,
  type SchoolExportManifest,
  type SchoolTable,
  schoolTables,
} from './school-copy.js';

type Row = Record<string, unknown>;

/** How much an import reads before it refuses a copy (README, Settings). */
export interface ImportLimits {
  /** Bytes the copy may unpack to: IMPORT_MAX_MB, 2,048 MB. */
  maxBytes: number;
  /** Records of one kind: IMPORT_MAX_ROWS, 10,000,000. */
  maxRows: number;
}

const megabyte = 1024 * 1024;
export const defaultImportLimits: ImportLimits = { maxBytes: 2048 * megabyte, maxRows: 10_000_000 };

/** The limits an operator set (IMPORT_MAX_MB, IMPORT_MAX_ROWS), else the defaults. */
export function importLimitsFrom(env: NodeJS.ProcessEnv = process.env): ImportLimits {
  const number = (text: string | undefined, fallback: number) => {
    const n = Number(text);
    return text && Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return {
    maxBytes: Math.round(number(env.IMPORT_MAX_MB, defaultImportLimits.maxBytes / megabyte) * megabyte),
    maxRows: Math.floor(number(env.IMPORT_MAX_ROWS, defaultImportLimits.maxRows)),
  };
}

/**
 * One line of a copy (a chunk of rows) is never larger than this: a chunk is about 4 MB, and a school's largest
 * record, a 20 MB file written in hex, about 40 MB. A longer line is no school's copy (a gzip bomb is one line).
 */
const maxLineBytes = 64 * megabyte;

export interface ImportOptions {
  limits?: Partial<ImportLimits>;
  /** Where the details of a failure go (the statement, the database's words): never into the sentence. */
  log?: (details: Record<string, unknown>, message: string) => void;
}

const sizeInWords = (bytes: number) =>
  bytes < megabyte
    ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-GB')} KB`
    : `${Math.round(bytes / megabyte).toLocaleString('en-GB')} MB`;

/**
 * The lines of a gzipped copy, unpacked as they are read: at most `maxBytes` in all and `maxLineBytes` a line,
 * refused as soon as either is passed (so a small file that unpacks to gigabytes costs a few megabytes).
 */
async function* copyLines(file: string, limits: ImportLimits): AsyncGenerator<{ text: string; number: number }> {
  const source = createReadStream(file);
  const unpacked = createGunzip();
  source.on('error', (error) => unpacked.destroy(error));
  source.pipe(unpacked);
  const lineLimit = Math.min(maxLineBytes, limits.maxBytes);
  const tooLarge = () =>
    new ImportRefused(
      `The copy holds a part larger than ${sizeInWords(lineLimit)}, more than any school's records make: it is damaged or not a school's copy. Nothing was written.`,
    );
  let total = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let number = 0;
  try {
    for await (const chunk of unpacked as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limits.maxBytes)
        throw new ImportRefused(
          `The copy unpacks to more than ${sizeInWords(limits.maxBytes)}, this server's limit for an import (IMPORT_MAX_MB). Nothing was written.`,
        );
      let start = 0;
      for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
        if (pendingBytes + end - start > lineLimit) throw tooLarge();
        pending.push(chunk.subarray(start, end));
        const text = Buffer.concat(pending).toString('utf8');
        pending = [];
        pendingBytes = 0;
        number++;
        start = end + 1;
        if (text.trim()) yield { text, number };
      }
      if (pendingBytes + chunk.length - start > lineLimit) throw tooLarge();
      if (start < chunk.length) {
        pending.push(chunk.subarray(start));
        pendingBytes += chunk.length - start;
      }
    }
    const text = Buffer.concat(pending).toString('utf8');
    if (text.trim()) yield { text, number: number + 1 };
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ImportRefused(`There is no file ${file}.`);
    if (code === 'EISDIR') throw new ImportRefused(`${file} is a folder, not a school's copy.`);
    if (code?.startsWith('Z_'))
      throw new ImportRefused(
        `${file} is damaged or cut short: it does not unpack as a whole school's copy (a .json.gz file). Nothing was written.`,
      );
    throw error;
  } finally {
    source.destroy();
    unpacked.destroy();
  }
}

/** A chunk line, read and checked for its shape (its rows' contents are the database's to check). */
function chunkOf(line: { text: string; number: number }): { table: string; rows: Row[] } {
  let chunk: unknown;
  try {
    chunk = JSON.parse(line.text);
  } catch {
    throw new ImportRefused(`The copy is damaged: its line ${line.number} cannot be read. Nothing was written.`);
  }
  const { table, rows } = (chunk ?? {}) as { table?: unknown; rows?: unknown };
  if (
    typeof table !== 'string' ||
    !Array.isArray(rows) ||
    !rows.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r))
  )
    throw new ImportRefused(
      `The copy is damaged: its line ${line.number} is not a list of records. Nothing was written.`,
    );
  return { table, rows: rows as Row[] };
}

const notACopy = (file: string) =>
  new ImportRefused(
    `${file} is not a Somero school copy (one made by npm run export-school or downloaded from the Backups of a school). Nothing was written.`,
  );

/**
 * Rows into a table as the export wrote them (`row_to_json`): the columns they name, read back by
 * PostgreSQL's own conversion of JSON to the table's types; ids as they were (identity ones too).
 */
function insertRows(table: string, rows: Row[]) {
  const columns = Object.keys(rows[0] ?? {});
  const list = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const name = sql.identifier(table);
  return sql`insert into ${name} (${list}) overriding system value
    select ${list} from json_populate_recordset(null::${name}, ${JSON.stringify(rows)}::json)`;
}

export interface Imported {
  manifest: SchoolExportManifest;
  schoolId: number;
  /** What was added to each record number (0 when the school kept its own). */
  shift: number;
  summary: string;
  /** The school's users, by their numbers here: none can sign in until they set a new password. */
  users: { id: number; username: string; name: string; email: string | null; administrator: boolean }[];
  /** Kinds of records in the file that were left out (sessions, reset links, a server's own tables). */
  skipped: string[];
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
function renumbered(table: string, row: Row, columns: ReferenceColumns | undefined, shift: number, schoolId: number) {
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

/** What the first reading of a copy found: enough to decide, before anything is written. */
interface Survey {
  manifest: SchoolExportManifest;
  school: Row;
  counts: Map<string, number>;
  users: Row[];
  /** Whether a record number of the copy is taken here. */
  clash: boolean;
  skipped: Set<string>;
}

/**
 * The first reading: the manifest (kind, release), each line's shape, the rows of each kind against the limit
 * and the manifest's count, the users' names and e-mails, whether the record numbers are free here. Only the
 * school's own tables are counted; chunks of any other (sessions, a server's tables) are noted and skipped.
 */
async function survey(
  db: Executor,
  file: string,
  tables: Map<string, SchoolTable>,
  limits: ImportLimits,
): Promise<Survey> {
  let manifest: SchoolExportManifest | undefined;
  let school: Row | undefined;
  const counts = new Map<string, number>();
  const users: Row[] = [];
  const skipped = new Set<string>();
  const [anySchool] = await sqlRows<{ one: number }>(db, sql`select 1 as one from schools limit 1`);
  let clash = false;
  for await (const line of copyLines(file, limits)) {
    if (!manifest) {
      try {
        manifest = JSON.parse(line.text) as SchoolExportManifest;
      } catch {
        throw notACopy(file);
      }
      if (manifest?.kind !== 'somero-school' || manifest.format !== 1 || typeof manifest.school?.name !== 'string')
        throw notACopy(file);
      const here = await latestMigration(db);
      if (here !== manifest.schema)
        throw new ImportRefused(
          here !== null && manifest.schema !== null && manifest.schema > here
            ? 'This copy was made by a newer version of Somero: bring this server up to that version, then import it. Nothing was written.'
            : 'This copy was made by an older version of Somero: bring the server that made it up to this version, export the school again and import that copy. Nothing was written.',
        );
      continue;
    }
    const chunk = chunkOf(line);
    if (chunk.table === 'schools') {
      if (school || chunk.rows.length !== 1)
        throw new ImportRefused('The copy is damaged: it does not hold one school. Nothing was written.');
      school = chunk.rows[0];
      continue;
    }
    if (!tables.has(chunk.table)) {
      skipped.add(chunk.table);
      continue;
    }
    const count = (counts.get(chunk.table) ?? 0) + chunk.rows.length;
    counts.set(chunk.table, count);
    if (count > limits.maxRows)
      throw new ImportRefused(
        `The copy holds more than ${limits.maxRows.toLocaleString('en-GB')} ${manyOf(chunk.table)}, this server's limit of records of one kind for an import (IMPORT_MAX_ROWS). Nothing was written.`,
      );
    if (chunk.table === 'users') users.push(...chunk.rows);
    if (clash || !anySchool) continue;
    const ids = chunk.rows.map((r) => r.id).filter((id) => Number.isInteger(id));
    if (!ids.length) continue;
    const [hit] = await sqlRows<{ one: number }>(
      db,
      sql`select 1 as one from ${sql.identifier(chunk.table)}
          where id in (select (json_array_elements_text(${JSON.stringify(ids)}::json))::bigint) limit 1`,
    );
    clash = Boolean(hit);
  }
  if (!manifest) throw notACopy(file);
  if (!school) throw new ImportRefused('The copy is damaged: it holds no school. Nothing was written.');
  // A copy cut short (or added to) holds another number of records than its manifest counted.
  for (const table of tables.keys()) {
    const listed = manifest.tables?.[table];
    const found = counts.get(table) ?? 0;
    if ((listed ?? 0) !== found)
      throw new ImportRefused(
        `The copy is damaged: it holds ${found.toLocaleString('en-GB')} ${manyOf(table)} where its list says ${Number(listed ?? 0).toLocaleString('en-GB')}. Nothing was written.`,
      );
  }
  return { manifest, school, counts, users, clash, skipped };
}

/** Refuses (nothing written) when a user name or e-mail of the copy is taken here: people sign in without naming their school. */
async function refuseTakenNames(db: Executor, users: Row[]) {
  const names = users.map((u) => String(u.username).toLowerCase());
  const emails = users.map((u) => (u.email ? String(u.email).toLowerCase() : null)).filter((e): e is string => !!e);
  const taken = await sqlRows<{ username: string; email: string | null }>(
    db,
    sql`select username, email from users
        where lower(username) in (select json_array_elements_text(${JSON.stringify(names)}::json))
           or lower(email) in (select json_array_elements_text(${JSON.stringify(emails)}::json))`,
  );
  if (!taken.length) return;
  const said = [
    ...new Set(
      taken.flatMap((t) => [
        ...(names.includes(t.username.toLowerCase()) ? [t.username] : []),
        ...(t.email && emails.includes(t.email.toLowerCase()) ? [t.email] : []),
      ]),
    ),
  ].sort();
  throw new ImportRefused(
    `These user names or e-mails are already used on this server: ${said.join(', ')}. Change them on the school's server, export again and import.`,
  );
}

/**
 * Imports a school exported by `exportSchool` into this server's database (of either kind), in one
 * transaction: with its own record numbers and school id where they are free here, else renumbered past
 * this server's records (`shiftPast`, `renumbered`) under a new school id, beside the schools already
 * here. The file is read twice as a stream, never whole: first to check it (`survey`), then to write it, a
 * chunk at a time. Only the school's own tables are written (sessions, reset links and a server's tables in
 * a file are skipped), and nobody's password comes in: every user and student account gets one no password
 * matches, until they set a new one (`firstPasswordLinks`, "Forgot your password?", or an administrator).
 * Refused in a sentence, nothing written, when the file is not a whole copy, passes the limits, comes from
 * another release, its users' names or e-mails are taken here, or the database refuses a row (what the copy
 * holds, in words; the database's own words go to `log`).
 */
export async function importSchool(
  database: Database,
  fileStorage: FileStorage,
  file: string,
  options: ImportOptions = {},
): Promise<Imported> {
  const limits = { ...defaultImportLimits, ...options.limits };
  const log = options.log ?? (() => {});
  const { db } = database;
  const tables = new Map((await schoolTables(db)).map((t) => [t.name, t]));
  let found: Survey;
  try {
    found = await survey(db, file, tables, limits);
    await refuseTakenNames(db, found.users);
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    log({ err: error }, 'The import could not read the copy');
    throw new ImportRefused('The copy could not be read as a school’s copy. Nothing was written.', true);
  }
  const { manifest } = found;

  // Record numbers are unique across the server (parts of Somero find a record by its number alone). The
  // school keeps its numbers where they are all free here (a new server); else every record is renumbered
  // by one shift past this server's largest number, and each reference to it with it.
  const oldId = manifest.school.id;
  const [schoolTaken] = await sqlRows<{ one: number }>(db, sql`select 1 as one from schools where id = ${oldId}`);
  const moved = [...found.counts.keys()];
  const numbered = moved.filter((t) => tables.get(t)?.hasId);
  const shift = found.clash ? await shiftPast(db, numbered) : 0;
  const columns = shift ? await referenceColumns(db) : new Map<string, ReferenceColumns>();
  const store = fileStorage.kind === 'database' ? null : openFileStore(fileStorage);

  let current = 'schools';
  let schoolId: number;
  try {
    schoolId = await db.transaction(async (tx) => {
      const { id: _, ...fields } = found.school;
      const [inserted] = await sqlRows<{ id: number }>(
        tx,
        sql`${insertRows('schools', [schoolTaken ? fields : { id: oldId, ...fields }])} returning id`,
      );
      const newId = inserted?.id as number;
      // A row referring to another of its table goes in without it, set once the whole table is in.
      const later = new Map<string, Row[]>();
      let first = true;
      for await (const line of copyLines(file, limits)) {
        if (first) {
          first = false;
          continue;
        }
        const chunk = chunkOf(line);
        const table = tables.get(chunk.table);
        if (!table || !chunk.rows.length) continue;
        current = table.name;
        const leftOut = leftOutColumns[table.name] ?? [];
        const rows: Row[] = chunk.rows.map((r) => {
          const row = shift ? renumbered(table.name, r, columns.get(table.name), shift, newId) : { ...r };
          row.school_id = newId;
          for (const column of leftOut) row[column] = passwordLeftOut;
          for (const column of table.selfReferences) {
            if (row[column] == null) continue;
            const pending = later.get(table.name) ?? [];
            later.set(table.name, pending);
            pending.push({ id: row.id, [column]: row[column] });
            row[column] = null;
          }
          return row;
        });
        if (table.name === 'files' && store) {
          for (const r of rows) {
            if (typeof r.bytes !== 'string') continue;
            const key = `${newId}/${r.kind}/${randomUUID()}`;
            await store.put(key, Buffer.from(r.bytes.slice(2), 'hex'), String(r.mime));
            r.bytes = null;
            r.storage_key = key;
          }
        }
        await tx.execute(insertRows(table.name, rows));
      }
      for (const [name, pending] of later) {
        current = name;
        for (const column of tables.get(name)?.selfReferences ?? []) {
          const rows = pending.filter((r) => r[column] != null);
          for (let i = 0; i < rows.length; i += 2000) {
            const part = JSON.stringify(rows.slice(i, i + 2000));
            await tx.execute(
              sql`update ${sql.identifier(name)} t set ${sql.identifier(column)} = v.${sql.identifier(column)}
                  from json_populate_recordset(null::${sql.identifier(name)}, ${part}::json) v
                  where t.school_id = ${newId} and t.id = v.id`,
            );
          }
        }
      }
      // Ids come from each table's sequence: it must be past the ids brought in.
      current = 'schools';
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
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    log({ err: error, table: current }, 'The import failed');
    throw await importFailureInWords(db, current, error);
  }
  if (found.skipped.size)
    log({ skipped: [...found.skipped] }, 'Chunks of tables that are not a school’s records were left out');
  const total = [...found.counts.values()].reduce((a, b) => a + b, 0);
  const users = found.users.map((u) => ({
    id: Number(u.id) + shift,
    username: String(u.username),
    name: String(u.name ?? u.username),
    email: u.email ? String(u.email) : null,
    administrator: u.type === 0 || u.type === 1,
  }));
  return {
    manifest,
    schoolId,
    shift,
    users,
    skipped: [...found.skipped].sort(),
    summary:
      `Imported ${manifest.school.name} (${total.toLocaleString('en-GB')} records, ${users.length} user${users.length === 1 ? '' : 's'}) as school ${schoolId}` +
      (shift ? `, its record numbers raised by ${shift.toLocaleString('en-GB')} past this server's own.` : '.'),
  };
}

/**
 * Reset links for people of an imported school, to set their first password on this server (the operator hands
 * them over): each works once, for `hours`. One audit row each, as a link asked for on the sign-in page leaves.
 */
export async function firstPasswordLinks(
  database: Database,
  schoolId: number,
  userIds: number[],
  publicUrl: string,
  hours = 72,
): Promise<{ userId: number; link: string }[]> {
  const links: { userId: number; link: string }[] = [];
  await database.db.transaction(async (tx) => {
    const scope = new SchoolScope(tx, schoolId, { userId: null, name: null });
    for (const userId of userIds) {
      const { secret, hash } = newSecret();
      await tx
        .insert(passwordResets)
        .values({ schoolId, userId, tokenHash: hash, expiresAt: new Date(now().getTime() + hours * 3_600_000) });
      await scope.audit({
        action: 'password_reset_requested',
        module: 'auth',
        entity: 'users',
        entityId: userId,
        after: { by: 'import-school' },
      });
      links.push({ userId, link: `${publicUrl}/recover?token=${secret}` });
    }
  });
  return links;
}
