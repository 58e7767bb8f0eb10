import { sql } from 'drizzle-orm';
import { type Executor, sqlRows } from '../../db/open.js';

/**
 * One school's records as one file, to move it to another server (from the embedded database to PostgreSQL
 * or back, or to a new machine), and a school's own copy on a shared server. Every school table keys on
 * `school_id` and every reference between them carries it (the tenancy rules), so a school's rows move whole
 * with their own ids. The file is gzipped JSON lines: a manifest, then each table's rows in chunks (at most
 * `chunkRows` rows and about `chunkBytes` of JSON a line), parents before children. Files kept outside the
 * database travel inside it. What is not the school's records stays behind (`leftBehind`), and so do its
 * people's passwords (`leftOutColumns`).
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
 * A school's tables that never travel, whatever a file holds: sessions and reset links (people set a password
 * on the new server), the list of its copies kept on the old one. The server's own tables (`login_failures`,
 * `server_backups`, migrations) have no `school_id` and are never a school table.
 */
export const leftBehind = new Set(['auth_tokens', 'password_resets', 'school_backups']);

/**
 * Columns a copy never holds: password hashes (staff users', students' portal accounts'), which could be
 * cracked offline by whoever holds the file. An import gives these people `passwordLeftOut` instead.
 */
export const leftOutColumns: Record<string, string[]> = {
  users: ['password_hash'],
  student_accounts: ['password_hash'],
};

/** A password hash no password matches (argon2 cannot read it): the person sets a new password first. */
export const passwordLeftOut = '!set-a-new-password';

export const chunkRows = 2000;
export const chunkBytes = 4 * 1024 * 1024;

export interface SchoolTable {
  name: string;
  hasId: boolean;
  /** Columns referring to another row of the same table (a class's next class, a journal entry's reversal). */
  selfReferences: string[];
}

/** The school's tables (those with `school_id`) but `leftBehind`, parents before the tables that refer to them. */
export async function schoolTables(db: Executor): Promise<SchoolTable[]> {
  const tables = await sqlRows<{ name: string; has_id: boolean }>(
    db,
    sql`select c.relname as name,
          exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'id' and not a.attisdropped) as has_id
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'school_id' and not a.attisdropped)
        order by 1`,
  );
  const references = await sqlRows<{ child: string; parent: string; columns: string[] | string }>(
    db,
    sql`select c.relname as child, p.relname as parent,
          array(select a.attname::text from pg_attribute a
                where a.attrelid = c.oid and a.attnum = any(k.conkey) and a.attname <> 'school_id' order by a.attnum) as columns
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const names = new Set(tables.map((t) => t.name).filter((n) => !leftBehind.has(n)));
  const parents = new Map<string, Set<string>>([...names].map((n) => [n, new Set<string>()]));
  const selfReferences = new Map<string, string[]>();
  for (const r of references) {
    if (!names.has(r.child)) continue;
    if (r.child === r.parent) {
      const columns = Array.isArray(r.columns) ? r.columns : parseTextArray(r.columns);
      selfReferences.set(r.child, [...(selfReferences.get(r.child) ?? []), ...columns]);
    } else if (names.has(r.parent)) parents.get(r.child)?.add(r.parent);
  }
  const hasId = new Map(tables.map((t) => [t.name, t.has_id]));
  const ordered: SchoolTable[] = [];
  const placed = new Set<string>();
  while (placed.size < names.size) {
    const ready = [...names].filter((n) => !placed.has(n) && [...(parents.get(n) ?? [])].every((p) => placed.has(p)));
    if (!ready.length) throw new Error('The school tables refer to each other in a circle');
    for (const n of ready) {
      placed.add(n);
      ordered.push({ name: n, hasId: hasId.get(n) === true, selfReferences: selfReferences.get(n) ?? [] });
    }
  }
  return ordered;
}

/** `{a,b}` as a driver may give a text[] it does not parse. */
const parseTextArray = (text: string) =>
  text
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);

/** The latest migration this database has applied (drizzle's journal time), or null. */
export const latestMigration = async (db: Executor) =>
  Number(
    (
      await sqlRows<{ at: string | null }>(
        db,
        sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`,
      )
    )[0]?.at ?? 0,
  ) || null;
