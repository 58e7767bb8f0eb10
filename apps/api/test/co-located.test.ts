// On a Citus cluster every school table is distributed by school_id, co-located: a join or a subquery between
// two of them runs on the node that holds the school only when it says the two rows are of the same school
// (README, "Many schools on Citus"). `npm run test:citus` runs every API test on a cluster; this reads the code,
// without one, for the joins and subqueries that forget it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../src/config.js';
import { citusPlan, colocationAnchor } from '../src/db/citus.js';
import { newSchool, onCitus, unique, useTestApp } from './support.js';

/** Every .ts file under a folder of the repository. */
function sources(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) out.push(full);
    }
  };
  walk(path.join(repoRoot, folder));
  return out;
}

/** The text of each call of `name(` in `code` (its arguments, to the matching parenthesis), with its line. */
function calls(code: string, name: RegExp): { line: number; args: string }[] {
  const out: { line: number; args: string }[] = [];
  for (const m of code.matchAll(new RegExp(`${name.source}\\(`, 'g'))) {
    let i = (m.index ?? 0) + m[0].length;
    for (let depth = 1; depth > 0 && i < code.length; i++)
      if (code[i] === '(') depth++;
      else if (code[i] === ')') depth--;
    out.push({
      line: code.slice(0, m.index).split('\n').length,
      args: code.slice((m.index ?? 0) + m[0].length, i - 1),
    });
  }
  return out;
}

const files = [...sources('apps/api/src'), ...sources('apps/api/test')].filter(
  (f) => !f.endsWith('co-located.test.ts'),
);
const where = (file: string, line: number, text: string) =>
  `${path.relative(repoRoot, file)}:${line}: ${text.replace(/\s+/g, ' ').slice(0, 140)}`;

describe('queries between school tables name the school (Citus co-location)', () => {
  test('every join names school_id on both sides, but a join to the schools table itself or the service’s own tables', () => {
    const found: string[] = [];
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      // A condition kept in a constant of the file (`join`, `...purchaseFrom()`) is read where it is made.
      const made = (name: string) => new RegExp(`const ${name} = [^;]*;`).exec(code)?.[0] ?? '';
      for (const { line, args } of calls(code, /\.(inner|left|right|full)Join/)) {
        const named = /^\s*(?:\.\.\.(\w+)\(\)|\w+\s*,\s*(\w+))\s*,?\s*$/.exec(args);
        const condition = named ? made(named[1] ?? named[2]) : args;
        // The schools table, and the service's own tables (operators and their sessions), are not per school.
        if (!/schoolId|school_id/.test(condition) && !/^\s*(schools|operators|operatorSessions)\s*,/.test(args))
          found.push(where(file, line, args));
      }
    }
    expect(found).toEqual([]);
  });

  test('every EXISTS subquery names school_id', () => {
    const found: string[] = [];
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      for (const { line, args } of calls(code, /\b(exists|notExists)/))
        if (!/schoolId|school_id|\.mine\(/.test(args)) found.push(where(file, line, args));
      // And in hand-written SQL: `exists (select … from table where …)`.
      for (const m of code.matchAll(/exists \(select[^`]*?\)/gi))
        if (!/school_id|schoolId/.test(m[0]) && !/pg_|information_schema/.test(m[0]))
          found.push(where(file, code.slice(0, m.index).split('\n').length, m[0]));
    }
    expect(found).toEqual([]);
  });

  test('hand-written SQL that joins tables names school_id', () => {
    const found: string[] = [];
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      // A tagged sql`…` or a raw query's text: the words `join <table>` in it.
      for (const m of code.matchAll(/`[^`]*\bjoin\s+(lateral\s+)?[a-z_"$][^`]*`/gi)) {
        const text = m[0];
        if (/\bpg_[a-z_]+|information_schema|\bschools\b/.test(text) || !/\bjoin\s/i.test(text)) continue;
        if (!/\bjoin\s+(lateral\s+)?("?[a-z_]+"?|\$\{[^}]+\})\s+\w*\s*on\b/i.test(text)) continue;
        if (!/school_id|schoolId/.test(text)) found.push(where(file, code.slice(0, m.index).split('\n').length, text));
      }
    }
    expect(found).toEqual([]);
  });
});

describe('what npm run citus:distribute would make of this release’s tables (read from the catalogue)', () => {
  const t = useTestApp();
  test('the tables read before the school is known, and what they refer to, are copied to every node; the rest go by school', async () => {
    const plan = await citusPlan(<T>(text: string, values?: unknown[]) => t.database.raw(text, values) as Promise<T[]>);
    expect(plan.reference).toEqual([
      'login_failures',
      'operator_audits',
      'operator_sessions',
      'operators',
      'password_resets',
      'roles',
      'schools',
      'server_backups',
      'users',
    ]);
    expect(plan.distributed).toContain(colocationAnchor);
    expect(plan.distributed).toEqual(
      // Sessions go with their school: a sign-in and a request's look-up stay on the school's node.
      expect.arrayContaining(['fees_payments', 'journal_lines', 'audits', 'exam_marks', 'auth_tokens']),
    );
    expect(plan.distributed.length).toBeGreaterThan(100);
  });
});

/**
 * The tables a migration creates without placing them at once on a cluster (`SELECT somero_distribute('x');` for
 * a school table, `SELECT somero_reference('x');` for a server table, as the statement right after
 * `CREATE TABLE "x"`): on a cluster their foreign keys would fail, or the table would stay on the coordinator alone.
 */
function undistributedTables(migration: string): string[] {
  const statements = migration
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
  const out: string[] = [];
  statements.forEach((statement, i) => {
    const created = /^CREATE TABLE (?:IF NOT EXISTS )?"?(\w+)"?\s*\(/i.exec(statement);
    if (!created) return;
    // A school table goes by school; a server table is copied to every node.
    const how = /"school_id"/.test(statement) ? 'somero_distribute' : 'somero_reference';
    const next = statements[i + 1] ?? '';
    if (!new RegExp(`^SELECT ${how}\\('"?${created[1]}"?'\\);?$`, 'i').test(next)) out.push(created[1]);
  });
  return out;
}

describe('migrations that create a school table distribute it in the same step (ARCHITECTURE.md, "Migrations")', () => {
  const folder = path.join(repoRoot, 'apps/api/drizzle');
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  // Those before somero_distribute existed were distributed by `npm run citus:distribute` itself.
  const since = journal.entries.findIndex((e) => e.tag === '0052_sessions_by_school');

  test('the check finds a school table left undistributed, and passes one distributed at once', () => {
    const table = 'CREATE TABLE "x" (\n\t"id" serial NOT NULL,\n\t"school_id" integer NOT NULL\n);';
    const key = 'ALTER TABLE "x" ADD CONSTRAINT "x_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "schools"("id");';
    expect(undistributedTables([table, key].join('\n--> statement-breakpoint\n'))).toEqual(['x']);
    expect(
      undistributedTables([table, "SELECT somero_distribute('x');", key].join('\n--> statement-breakpoint\n')),
    ).toEqual([]);
    const server = 'CREATE TABLE "y" (\n\t"id" serial NOT NULL\n);';
    expect(undistributedTables(server)).toEqual(['y']);
    expect(undistributedTables([server, "SELECT somero_reference('y');"].join('\n--> statement-breakpoint\n'))).toEqual(
      [],
    );
  });

  test('every migration from 0052 on', () => {
    expect(since).toBeGreaterThan(0);
    const found = journal.entries
      .slice(since)
      .flatMap((e) =>
        undistributedTables(readFileSync(path.join(folder, `${e.tag}.sql`), 'utf8')).map((t) => `${e.tag}: ${t}`),
      );
    expect(found).toEqual([]);
  });
});

describe('a migration that creates a school table, as drizzle-kit writes it with somero_distribute', () => {
  const t = useTestApp();
  test(`runs in one transaction as the migrations do, and the new table joins students on the school's node${onCitus ? ' (a cluster)' : ''}`, async () => {
    const school = await newSchool(t.app, t.database);
    const table = unique('probe_');
    const migration = `CREATE TABLE "${table}" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"note" text NOT NULL,
	CONSTRAINT "${table}_pkey" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
SELECT somero_distribute('${table}');--> statement-breakpoint
ALTER TABLE "${table}" ADD CONSTRAINT "${table}_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "${table}" ADD CONSTRAINT "${table}_student_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "${table}_student" ON "${table}" USING btree ("school_id","student_id");`;
    expect(undistributedTables(migration)).toEqual([]);
    try {
      // As drizzle's migrator runs a release's migrations: statement by statement, in one transaction.
      await t.database.db.transaction(async (tx) => {
        for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
      });
      const [placed] = (await t.database.raw(
        onCitus
          ? `select (select colocationid from pg_dist_partition where logicalrelid = '${table}'::regclass) =
                    (select colocationid from pg_dist_partition where logicalrelid = 'students'::regclass) as beside`
          : `select to_regclass('${table}') is not null as beside`,
      )) as { beside: boolean }[];
      expect(placed.beside).toBe(true);
      // A row of another school's student is refused by the foreign key; the join runs.
      await expect(
        t.database.raw(`insert into "${table}" (school_id, student_id, note) values ($1, -1, 'x')`, [school.schoolId]),
      ).rejects.toThrow(/foreign key/);
      const joined = await t.database.raw(
        `select count(*)::int as n from "${table}" p join students s on s.school_id = p.school_id and s.id = p.student_id where p.school_id = $1`,
        [school.schoolId],
      );
      expect(joined).toEqual([{ n: 0 }]);
    } finally {
      await t.database.raw(`drop table if exists "${table}"`);
    }
  });
});
