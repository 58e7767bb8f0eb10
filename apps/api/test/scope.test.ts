import { feesCategories } from '@somero/contract';
import { and, desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { NotFound } from '../src/core/errors.js';
import { chunks, SchoolScope } from '../src/core/scope.js';
import { audits, roles, users } from '../src/db/schema.js';
import { bearer, newSchool, shared, staffWith, type TestSchool, unique, useTestApp } from './support.js';

/**
 * The school scope every handler writes through: one school's rows only, and an audit row with every
 * write, in the same transaction. What a bursar would notice if it broke: another school's record
 * changed or shown, or a change with no trace in the audit log.
 */
const t = useTestApp();
let a: TestSchool;
let b: TestSchool;
const schools = shared(async () => {
  a = await newSchool(t.app, t.database);
  b = await newSchool(t.app, t.database);
});
beforeEach(() => schools());

const scopeOf = (school: TestSchool) =>
  new SchoolScope(t.database.db, school.schoolId, { userId: school.adminId, name: 'Bursar Auma' });
const categories = (school: TestSchool) => scopeOf(school).table(feesCategories, 'fees');
const trailOf = (school: TestSchool, entityId: number | string) =>
  t.database.db
    .select()
    .from(audits)
    .where(
      and(
        eq(audits.schoolId, school.schoolId),
        eq(audits.entity, 'fees_categories'),
        eq(audits.entityId, String(entityId)),
      ),
    )
    .orderBy(audits.id);
const category = (school: TestSchool, name = unique('Tuition ')) => categories(school).insert({ name } as never);

describe('reading through the scope', () => {
  it("finds the school's own row and not another school's, naming what was not found", async () => {
    const mine = await category(a);
    expect((await categories(a).find(mine.id)).name).toBe(mine.name);
    await expect(categories(b).find(mine.id)).rejects.toBeInstanceOf(NotFound);
    await expect(categories(b).find(mine.id, 'Fees category')).rejects.toThrow(/Fees category/);
    await expect(categories(b).find(mine.id)).rejects.toThrow(/fees_categories/);
  });

  it("counts the school's rows only, and only those the condition picks", async () => {
    const c = await newSchool(t.app, t.database);
    const first = await category(c, unique('Boarding '));
    await category(c, unique('Uniform '));
    await category(b);
    expect(await categories(c).count()).toBe(2);
    expect(await categories(c).count(eq(feesCategories.id, first.id))).toBe(1);
    expect(await categories(b).count(eq(feesCategories.id, first.id))).toBe(0);
  });
});

describe('writing through the scope', () => {
  it("inserts into the caller's school whatever school the values name, with a create row in the audit", async () => {
    const row = await categories(a).insert({ name: unique('Lunch '), schoolId: b.schoolId } as never);
    expect(row.schoolId).toBe(a.schoolId);
    const [trail] = await trailOf(a, row.id);
    expect(trail).toMatchObject({
      action: 'create',
      module: 'fees',
      entity: 'fees_categories',
      entityId: String(row.id),
      userId: a.adminId,
      userName: 'Bursar Auma',
      before: null,
      after: expect.objectContaining({ name: row.name, id: row.id }),
    });
  });

  it('updates with the row before and after in the audit, under the action named', async () => {
    const row = await category(a, unique('Transport '));
    const renamed = unique('Bus ');
    const after = await categories(a).update(row.id, { name: renamed } as never, 'rename');
    expect(after.name).toBe(renamed);
    const trail = await trailOf(a, row.id);
    expect(trail.map((x) => x.action)).toEqual(['create', 'rename']);
    expect(trail[1]).toMatchObject({
      module: 'fees',
      before: expect.objectContaining({ name: row.name }),
      after: expect.objectContaining({ name: renamed }),
    });
    await categories(a).update(row.id, { name: unique('Bus ') } as never);
    expect((await trailOf(a, row.id)).map((x) => x.action)).toEqual(['create', 'rename', 'update']);
  });

  it("refuses to update or remove another school's row, which stays as it was with no audit row", async () => {
    const row = await category(a);
    await expect(categories(b).update(row.id, { name: 'Taken over' } as never)).rejects.toBeInstanceOf(NotFound);
    await expect(categories(b).remove(row.id)).rejects.toBeInstanceOf(NotFound);
    expect((await categories(a).find(row.id)).name).toBe(row.name);
    expect(await trailOf(b, row.id)).toEqual([]);
    expect((await trailOf(a, row.id)).map((x) => x.action)).toEqual(['create']);
  });

  it('removes with the row before in the audit', async () => {
    const row = await category(a);
    const removed = await categories(a).remove(row.id);
    expect(removed.id).toBe(row.id);
    await expect(categories(a).find(row.id)).rejects.toBeInstanceOf(NotFound);
    const trail = await trailOf(a, row.id);
    expect(trail.map((x) => x.action)).toEqual(['create', 'delete']);
    expect(trail[1]).toMatchObject({ before: expect.objectContaining({ name: row.name }), after: null });
  });
});

describe('transactions', () => {
  it('undoes the writes and their audit rows when the work fails half way', async () => {
    const name = unique('Half way ');
    let id = 0;
    await expect(
      scopeOf(a).transaction(async (tx) => {
        id = (await tx.table(feesCategories, 'fees').insert({ name } as never)).id;
        // The inner call joins the same transaction rather than committing on its own.
        await tx.transaction(async (inner) =>
          inner.table(feesCategories, 'fees').update(id, { name: `${name}!` } as never),
        );
        throw new Error('power cut');
      }),
    ).rejects.toThrow('power cut');
    expect(id).toBeGreaterThan(0);
    expect(await categories(a).count(eq(feesCategories.id, id))).toBe(0);
    expect(await trailOf(a, id)).toEqual([]);
  });

  it('commits the writes and their audit rows together when the work succeeds', async () => {
    const row = await scopeOf(a).transaction((tx) =>
      tx.table(feesCategories, 'fees').insert({ name: unique('Ok ') } as never),
    );
    expect(await categories(a).count(eq(feesCategories.id, row.id))).toBe(1);
    expect(await trailOf(a, row.id)).toHaveLength(1);
  });
});

describe('the audit trail', () => {
  it('writes every entry of a large batch (more than one statement holds), with ids as text', async () => {
    const entity = unique('batch_');
    const entries = Array.from({ length: 1201 }, (_, i) => ({
      action: 'import',
      module: 'fees',
      entity,
      entityId: i % 2 ? i : null,
      after: { n: i },
    }));
    await scopeOf(a).auditMany(entries);
    const rows = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.schoolId, a.schoolId), eq(audits.entity, entity)))
      .orderBy(desc(audits.id));
    expect(rows).toHaveLength(1201);
    expect(rows.filter((r) => r.entityId === null)).toHaveLength(601);
    expect(rows.find((r) => r.entityId === '1199')?.after).toEqual({ n: 1199 });
    expect(chunks([])).toEqual([]);
    expect(chunks(Array.from({ length: 1000 }, (_, i) => i)).map((c) => c.length)).toEqual([500, 500]);
    expect(chunks(Array.from({ length: 1001 }, (_, i) => i)).map((c) => c.length)).toEqual([500, 500, 1]);
  });

  it('never copies a password or token hash into the trail, and keeps the rest', async () => {
    const entity = unique('secret_');
    await scopeOf(a).audit({
      action: 'update',
      module: 'users',
      entity,
      entityId: 7,
      before: { name: 'Okello', passwordHash: 'argon2-old', tokenHash: 'sha-old' },
      after: { name: 'Okello James', passwordHash: 'argon2-new' },
    });
    const [row] = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.schoolId, a.schoolId), eq(audits.entity, entity)));
    expect(row).toMatchObject({ entityId: '7', before: { name: 'Okello' }, after: { name: 'Okello James' } });
    expect(JSON.stringify([row?.before, row?.after])).not.toMatch(/argon2|sha-old/);
  });

  it("changing a user group through the scope acts on that group's signed-in users at once", async () => {
    const clerk = await staffWith(t.app, t.database, a, ['view_fees_categories']);
    const list = () =>
      t.app
        .inject({ method: 'GET', url: '/api/fees_categories', headers: bearer(clerk.token) })
        .then((r) => r.statusCode);
    expect(await list()).toBe(200);
    const [group] = await t.database.db.select().from(roles).where(eq(roles.id, clerk.roleId));
    await scopeOf(a)
      .table(roles, 'users')
      .update(clerk.roleId, { flags: { ...(group?.flags as object), view_fees_categories: false } } as never);
    expect(await list()).toBe(403);
    await scopeOf(a)
      .table(users, 'users')
      .update(clerk.userId, { active: false } as never);
    expect(await list()).toBe(401);
  });

  it('renaming the school shows at once to its signed-in users (the settings audit forgets the cached name)', async () => {
    const c = await newSchool(t.app, t.database);
    const me = () =>
      t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(c.adminToken) }).then((r) => r.json().data);
    expect((await me()).school.id).toBe(c.schoolId);
    const name = unique('Mbarara High School ');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/school/${c.schoolId}`,
      headers: bearer(c.adminToken),
      payload: { name, currency: 'UGX', receipt_format: 'a5', current_year: 2026, current_term: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me()).school.name).toBe(name);
  });
});
