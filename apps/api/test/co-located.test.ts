// On a Citus cluster every school table is distributed by school_id, co-located: a join or a subquery between
// two of them runs on the node that holds the school only when it says the two rows are of the same school
// (README, "Many schools on Citus"). `npm run test:citus` runs every API test on a cluster; this reads the code,
// without one, for the joins and subqueries that forget it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../src/config.js';
import { citusPlan, colocationAnchor } from '../src/db/citus.js';
import { useTestApp } from './support.js';

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
  test('every join names school_id on both sides, but a join to the schools table itself', () => {
    const found: string[] = [];
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      // A condition kept in a constant of the file (`join`, `...purchaseFrom()`) is read where it is made.
      const made = (name: string) => new RegExp(`const ${name} = [^;]*;`).exec(code)?.[0] ?? '';
      for (const { line, args } of calls(code, /\.(inner|left|right|full)Join/)) {
        const named = /^\s*(?:\.\.\.(\w+)\(\)|\w+\s*,\s*(\w+))\s*,?\s*$/.exec(args);
        const condition = named ? made(named[1] ?? named[2]) : args;
        if (!/schoolId|school_id/.test(condition) && !/^\s*schools\s*,/.test(args)) found.push(where(file, line, args));
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
      'auth_tokens',
      'login_failures',
      'password_resets',
      'roles',
      'schools',
      'server_backups',
      'users',
    ]);
    expect(plan.distributed).toContain(colocationAnchor);
    expect(plan.distributed).toEqual(
      expect.arrayContaining(['fees_payments', 'journal_lines', 'audits', 'exam_marks']),
    );
    expect(plan.distributed.length).toBeGreaterThan(100);
  });
});
