import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { now } from '../../core/dates.js';
import type { FileStorage } from '../../core/file-store.js';
import { openFileStore } from '../../core/file-store.js';
import { type Database, type Executor, sqlRows } from '../../db/open.js';
import { BackupRefused } from './backups.js';
import {
  chunkBytes,
  chunkRows,
  latestMigration,
  leftOutColumns,
  type SchoolExportManifest,
  type SchoolTable,
  schoolTables,
} from './school-copy.js';

export type { SchoolExportManifest } from './school-copy.js';

type Row = Record<string, unknown>;

/** Rows of a table read at a time (files by their size, about `chunkBytes` of them). */
const pageRows = 2000;

/**
 * A table's rows of the school, a page at a time (by id where it has one), so that a school of any size is
 * never held whole in memory. Files are read in pages of about `chunkBytes` of their bytes.
 */
async function* pages(db: Executor, table: SchoolTable, schoolId: number): AsyncGenerator<Row[]> {
  const name = sql.identifier(table.name);
  if (!table.hasId) {
    yield (
      await sqlRows<{ row: Row }>(db, sql`select row_to_json(t) as row from ${name} t where school_id = ${schoolId}`)
    ).map((r) => r.row);
    return;
  }
  if (table.name === 'files') {
    const sizes = await sqlRows<{ id: number; size: number }>(
      db,
      sql`select id, coalesce(octet_length(bytes), 0)::int as size from files where school_id = ${schoolId} order by id`,
    );
    for (let i = 0; i < sizes.length; ) {
      const ids: number[] = [];
      for (let bytes = 0; i < sizes.length && ids.length < pageRows && (bytes < chunkBytes || !ids.length); i++) {
        ids.push(sizes[i]?.id as number);
        bytes += sizes[i]?.size ?? 0;
      }
      yield (
        await sqlRows<{ row: Row }>(
          db,
          sql`select row_to_json(t) as row from files t where school_id = ${schoolId}
              and id in (select (json_array_elements_text(${JSON.stringify(ids)}::json))::int) order by id`,
        )
      ).map((r) => r.row);
    }
    return;
  }
  for (let last = -1; ; ) {
    const rows = await sqlRows<{ row: Row; id: number }>(
      db,
      sql`select row_to_json(t) as row, t.id from ${name} t where school_id = ${schoolId} and id > ${last}
          order by id limit ${pageRows}`,
    );
    if (!rows.length) return;
    yield rows.map((r) => r.row);
    last = Number(rows[rows.length - 1]?.id);
    if (rows.length < pageRows) return;
  }
}

/** `{"table":…,"rows":[…]}` lines of at most `chunkRows` rows and about `chunkBytes` (one larger row alone). */
function* chunkLines(table: string, rows: string[]): Generator<string> {
  let start = 0;
  while (start < rows.length) {
    let end = start;
    for (let bytes = 0; end < rows.length && end - start < chunkRows && (bytes < chunkBytes || end === start); end++)
      bytes += (rows[end] as string).length;
    yield `{"table":${JSON.stringify(table)},"rows":[${rows.slice(start, end).join(',')}]}\n`;
    start = end;
  }
}

/**
 * Writes school `schoolId` to `file` (gzipped JSON lines); answers the manifest. The rows go to a file beside
 * it as they are read; the manifest, which counts them, is then written first and the rows appended to it as a
 * second gzip member (a gzip reader reads the two as one stream).
 */
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
  const counts: Record<string, number> = {};

  async function* lines(): AsyncGenerator<string> {
    const schoolRow = await sqlRows<{ row: Row }>(
      db,
      sql`select row_to_json(s) as row from schools s where id = ${schoolId}`,
    );
    yield* chunkLines(
      'schools',
      schoolRow.map((r) => JSON.stringify(r.row)),
    );
    for (const table of tables) {
      counts[table.name] = 0;
      const leftOut = leftOutColumns[table.name] ?? [];
      for await (const rows of pages(db, table, schoolId)) {
        counts[table.name] += rows.length;
        for (const row of rows) for (const column of leftOut) delete row[column];
        if (table.name === 'files' && store) {
          // Bytes kept outside the database travel in the row.
          for (const row of rows) {
            if (row.bytes == null && typeof row.storage_key === 'string') {
              row.bytes = `\\x${Buffer.from(await store.get(row.storage_key)).toString('hex')}`;
              row.storage_key = null;
            }
          }
        }
        yield* chunkLines(
          table.name,
          rows.map((row) => JSON.stringify(row)),
        );
      }
    }
  }

  const body = `${file}.${randomUUID().slice(0, 8)}.part`;
  try {
    await pipeline(lines(), createGzip(), createWriteStream(body));
    const manifest: SchoolExportManifest = {
      format: 1,
      kind: 'somero-school',
      made_at: now().toISOString(),
      schema: await latestMigration(db),
      school,
      tables: counts,
    };
    await pipeline([`${JSON.stringify(manifest)}\n`], createGzip(), createWriteStream(file));
    await pipeline(createReadStream(body), createWriteStream(file, { flags: 'a' }));
    return manifest;
  } finally {
    await rm(body, { force: true });
  }
}
