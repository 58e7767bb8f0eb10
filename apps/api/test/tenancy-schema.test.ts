import { notPerSchool, schools, schoolTable, tenantColumns } from '@somero/contract';
import { getTableConfig, integer, text } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newSchool, onCitus, type TestSchool, unique, useTestApp } from './support.js';

/**
 * Issue 9 §7: the database holds tenancy too. Every school-owned table keys on school_id, and every
 * foreign key between school-owned tables carries it, so PostgreSQL itself refuses a row of one school
 * pointing at another school's row. What is not per school is listed in `notPerSchool`.
 */

const t = useTestApp();
type Row = Record<string, unknown>;
const q = async <T = Row>(text: string, params: unknown[] = []) => (await t.database.raw(text, params)) as T[];

interface Table {
  name: string;
  /** attnum of school_id, or null. */
  school: number | null;
}

describe('the schema', () => {
  let tables: Map<number, Table>;
  beforeAll(async () => {
    const rows = await q<{ oid: number; name: string; school: number | null }>(`
      select c.oid::int as oid, c.relname as name,
        (select a.attnum::int from pg_attribute a where a.attrelid = c.oid and a.attname = 'school_id' and not a.attisdropped) as school
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`);
    tables = new Map(
      rows.map((r) => [Number(r.oid), { name: r.name, school: r.school === null ? null : Number(r.school) }]),
    );
    expect(tables.size).toBeGreaterThan(40);
  });

  it('has school_id in every table but those named as not per school', () => {
    const global = [...tables.values()].filter((x) => x.school === null).map((x) => x.name);
    expect(global.sort()).toEqual(Object.keys(notPerSchool.tables).sort());
  });

  it('keys every school-owned table on school_id', async () => {
    const keys = await q<{ rel: number; key: number[] }>(
      `select conrelid::int as rel, conkey::int[] as key from pg_constraint where contype = 'p'`,
    );
    const keyed = new Map(keys.map((k) => [Number(k.rel), k.key.map(Number)]));
    const wrong = [...tables.entries()]
      .filter(([oid, x]) => x.school !== null && !keyed.get(oid)?.includes(x.school))
      .map(([, x]) => x.name);
    expect(wrong, 'school-owned tables whose primary key lacks school_id').toEqual([]);
  });

  it('leads every unique index of a school-owned table with school_id, or names it as global', async () => {
    const indexes = await q<{ rel: number; name: string; key: string }>(`
      select i.indrelid::int as rel, c.relname as name, i.indkey::text as key
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indisunique`);
    const wrong: string[] = [];
    const globals: string[] = [];
    for (const ix of indexes) {
      const table = tables.get(Number(ix.rel));
      if (!table || table.school === null) continue;
      const key = ix.key.split(' ').map(Number);
      if (ix.name in notPerSchool.uniques) globals.push(ix.name);
      else if (!key.includes(table.school)) wrong.push(`${table.name}.${ix.name}`);
    }
    expect(wrong, 'unique indexes without school_id').toEqual([]);
    // The list names only what exists, so it stays true.
    expect(globals.sort()).toEqual(Object.keys(notPerSchool.uniques).sort());
  });

  it('carries school_id in every foreign key between school-owned tables', async () => {
    const fks = await q<{ name: string; rel: number; ref: number; key: number[]; refkey: number[] }>(`
      select conname as name, conrelid::int as rel, confrelid::int as ref, conkey::int[] as key, confkey::int[] as refkey
      from pg_constraint where contype = 'f'`);
    const wrong: string[] = [];
    let composite = 0;
    for (const fk of fks) {
      const from = tables.get(Number(fk.rel));
      const to = tables.get(Number(fk.ref));
      if (!from || !to) continue;
      if (to.school === null) {
        // Only the tables named as not per school may be referenced by a single column.
        if (!(to.name in notPerSchool.tables)) wrong.push(fk.name);
        continue;
      }
      const at = fk.key.map(Number).indexOf(from.school ?? -1);
      if (from.school === null || at < 0 || Number(fk.refkey[at]) !== to.school) wrong.push(`${from.name}: ${fk.name}`);
      else composite += 1;
    }
    expect(wrong, 'foreign keys between school-owned tables without school_id on both sides').toEqual([]);
    expect(composite).toBeGreaterThan(40);
  });
});

describe('the database refuses a cross-school reference', () => {
  let a: TestSchool;
  let b: TestSchool;
  const codeOf = async (run: Promise<unknown>) => {
    try {
      await run;
      return 'accepted';
    } catch (e) {
      const err = e as { code?: string; cause?: { code?: string } };
      return err.code ?? err.cause?.code ?? String(e);
    }
  };
  const classOf = async (school: TestSchool) =>
    Number(
      (await q<{ id: number }>('select id from classes where school_id = $1 order by id limit 1', [school.schoolId]))[0]
        .id,
    );
  const addStudent = (school: TestSchool, classId: number) =>
    q<{ id: number }>(
      `insert into students (school_id, admission_no, surname, other_names, gender, class_id, entry_year, entry_term, admitted_on)
       values ($1, $2, 'Nakato', 'Sarah', 'F', $3, 2026, 1, '2026-02-10') returning id`,
      [school.schoolId, unique('T/'), classId],
    );

  beforeAll(async () => {
    a = await newSchool(t.app, t.database);
    b = await newSchool(t.app, t.database);
  });

  it("refuses a student of school A in school B's class, and takes A's own", async () => {
    expect(await codeOf(addStudent(a, await classOf(b)))).toBe('23503');
    expect(await codeOf(addStudent(a, await classOf(a)))).toBe('accepted');
  });

  it("refuses a charge of school A on school B's student", async () => {
    const [student] = await addStudent(b, await classOf(b));
    const charge = (school: TestSchool) =>
      q(
        `insert into fees_additions (school_id, student_id, description, amount, year, term)
         values ($1, $2, 'Transport', 50000, 2026, 1)`,
        [school.schoolId, student.id],
      );
    expect(await codeOf(charge(a))).toBe('23503');
    expect(await codeOf(charge(b))).toBe('accepted');
  });

  it('refuses to move a row to another school under its references', async () => {
    const [student] = await addStudent(a, await classOf(a));
    // Citus refuses it before the references are read: a row never changes its distribution value (0A000).
    expect(await codeOf(q('update students set school_id = $1 where id = $2', [b.schoolId, student.id]))).toBe(
      onCitus ? '0A000' : '23503',
    );
  });
});

describe('schoolTable', () => {
  it('gives a new table the (school_id, id) key and composite references by itself', () => {
    const parents = schoolTable('tenancy_parents', { ...tenantColumns(), name: text().notNull() });
    const children = schoolTable('tenancy_children', {
      ...tenantColumns(),
      parentId: integer('parent_id')
        .notNull()
        .references(() => parents.id, { onDelete: 'cascade' }),
    });
    const config = getTableConfig(children);
    expect(config.primaryKeys.map((k) => k.columns.map((c) => c.name))).toEqual([['school_id', 'id']]);
    const fks = config.foreignKeys.map((fk) => {
      const ref = fk.reference();
      return {
        from: ref.columns.map((c) => c.name),
        to: `${getTableConfig(ref.foreignTable).name}(${ref.foreignColumns.map((c) => c.name).join(',')})`,
        onDelete: fk.onDelete,
      };
    });
    expect(fks).toContainEqual({
      from: ['school_id', 'parent_id'],
      to: 'tenancy_parents(school_id,id)',
      onDelete: 'cascade',
    });
    expect(fks).toContainEqual({ from: ['school_id'], to: 'schools(id)', onDelete: 'no action' });
    expect(getTableConfig(schools).name).toBe('schools');
  });

  it('refuses a single-column key and a SET NULL that would clear school_id', () => {
    expect(() => schoolTable('tenancy_bad', { ...tenantColumns(), code: text().primaryKey() })).toThrow(/primary key/);
    const parents = schoolTable('tenancy_parents2', { ...tenantColumns() });
    expect(() =>
      schoolTable('tenancy_bad2', {
        ...tenantColumns(),
        parentId: integer('parent_id').references(() => parents.id, { onDelete: 'set null' }),
      }),
    ).toThrow(/SET NULL/);
  });
});
