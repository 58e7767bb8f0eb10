import { allows, fillMessage, isPermissionFlag, type Resource, resources } from '@somero/contract';
import { Column, is, SQL } from 'drizzle-orm';
import { getTableConfig, IndexedColumn } from 'drizzle-orm/pg-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { resourceSample } from './plausible.js';
import { bearer, newSchool, shared, staffWith, type TestSchool, unique, useTestApp } from './support.js';

/**
 * One loop over every declared entity: what a new declaration gets for free is tested for free.
 * Sample values come from the declaration itself.
 */
const t = useTestApp();
type Json = Record<string, unknown>;

const sample = (r: Resource, token: string) =>
  resourceSample(
    r,
    async (target, body) => (await create(target, token, body)).id as number,
    (f) => unique(`${f.label} `),
  );

async function create(r: Resource, token: string, body?: Json): Promise<Json> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${r.path}`,
    headers: bearer(token),
    payload: body ?? (await sample(r, token)),
  });
  expect(res.statusCode, `${r.path}: ${res.body}`).toBe(200);
  return res.json().data;
}

let a: TestSchool;
let b: TestSchool;
// Made on first use: a set-up that fails then fails the tests (a failing hook would skip them).
const setUp = shared(async () => {
  a = await newSchool(t.app, t.database);
  b = await newSchool(t.app, t.database);
});
beforeEach(() => setUp());

// Entities whose records are made by a hand-written verb are tested with their module.
const generic = resources.filter((r) => r.calls.includes('create'));

describe.each(generic.map((r) => [r.path, r] as const))('declared entity %s', (_, r) => {
  const title = r.titleField.name;

  it('adds, finds by search, pages, changes and removes a record', async () => {
    const created = await create(r, a.adminToken);
    expect(created.id).toEqual(expect.any(Number));
    expect(created).not.toHaveProperty('school_id');
    const second = await create(r, a.adminToken);

    const found = await t.app.inject({
      method: 'GET',
      url: `/api/${r.path}?search=${encodeURIComponent(String(created[title]))}`,
      headers: bearer(a.adminToken),
    });
    if (r.list.search.length) expect(found.json().data.map((x: Json) => x.id)).toEqual([created.id]);
    const paged = await t.app.inject({
      method: 'GET',
      url: `/api/${r.path}?per_page=1&page=2&sort=id&order=desc`,
      headers: bearer(a.adminToken),
    });
    expect(paged.json()).toMatchObject({ page: 2, per_page: 1 });
    expect(paged.json().total).toBeGreaterThanOrEqual(2);
    expect(paged.json().data).toHaveLength(1);

    // An entity without PUT (a teaching load is removed and added again) keeps its title.
    const renamed = r.titleField.kind === 'text' && r.calls.includes('update') ? unique('Renamed ') : second[title];
    if (r.calls.includes('update')) {
      const updated = await t.app.inject({
        method: 'PUT',
        url: `/api/${r.path}/${second.id}`,
        headers: bearer(a.adminToken),
        payload: { [title]: renamed },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data[title]).toBe(renamed);
    }

    // Entities whose removal is a verb of their own (a bursary ends rather than vanishes) stop here.
    if (!r.calls.includes('delete')) return;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/${r.path}/${second.id}`,
      headers: bearer(a.adminToken),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // The message names the record, unless the specification's text has no name in it (exam sets) or
    // the entity's screens show none (revenues).
    if (r.texts.deleted.includes('{name}')) expect(removed.json().message).toContain(String(renamed));
    else expect(removed.json().message).toBe(r.texts.deleted);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/${r.path}/${second.id}`,
      headers: bearer(a.adminToken),
    });
    expect(again.statusCode).toBe(404);
  });

  it('keeps each school’s records to itself', async () => {
    const theirs = await create(r, b.adminToken);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/${r.path}?per_page=500`,
      headers: bearer(a.adminToken),
    });
    expect(mine.json().data.map((x: Json) => x.id)).not.toContain(theirs.id);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/${r.path}/${theirs.id}`,
      headers: bearer(a.adminToken),
      payload: { [title]: r.titleField.kind === 'text' ? 'Hijacked' : theirs[title] },
    });
    expect(put.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/${r.path}/${theirs.id}`,
      headers: bearer(a.adminToken),
    });
    expect(del.statusCode).toBe(404);
    // Nor may a record of mine point at theirs.
    for (const f of r.fields.filter((f) => f.kind === 'reference' && f.references === r.path)) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${r.path}`,
        headers: bearer(a.adminToken),
        payload: { ...(await sample(r, a.adminToken)), [f.name]: theirs.id },
      });
      expect(res.statusCode).toBe(422);
    }
  });

  it('asks for the flag that guards it', async () => {
    const none = await staffWith(t.app, t.database, a, []);
    const read = await t.app.inject({ method: 'GET', url: `/api/${r.path}`, headers: bearer(none.token) });
    expect(read.statusCode).toBe(allows({ type: 2, flags: {} }, r.read) ? 200 : 403);
    const write = await t.app.inject({
      method: 'POST',
      url: `/api/${r.path}`,
      headers: bearer(none.token),
      payload: await sample(r, a.adminToken),
    });
    expect(write.statusCode).toBe(403);
    if (typeof r.write === 'string' && isPermissionFlag(r.write)) {
      const holder = await staffWith(t.app, t.database, a, [r.write]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${r.path}`,
        headers: bearer(holder.token),
        payload: await sample(r, a.adminToken),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('names each missing or wrong field (422)', async () => {
    const required = r.fields.filter((f) => f.required && !f.readOnly);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${r.path}`,
      headers: bearer(a.adminToken),
      payload: {},
    });
    if (!required.length) return;
    expect(res.statusCode).toBe(422);
    for (const f of required) expect(res.json().errors[f.name], f.name).toBeDefined();
  });

  it('answers the same body sent twice with 200 or a refusal in its own words, never 5xx', async () => {
    const body = await sample(r, a.adminToken);
    const send = () =>
      t.app.inject({ method: 'POST', url: `/api/${r.path}`, headers: bearer(a.adminToken), payload: body });
    expect((await send()).statusCode).toBe(200);
    const again = await send();
    expect([200, 202], `${r.path}: ${again.statusCode} ${again.body}`).toContain(again.statusCode);
    // Not the database's backstop: a unique index the declaration does not name would answer that.
    if (again.statusCode === 202)
      expect(again.json().message).toBe(fillMessage(r.texts.exists, { name: String(body[title] ?? '') }));
  });

  it('refuses a duplicate with 202 "… already exists"', async () => {
    if (!r.unique.length) return;
    const body = await sample(r, a.adminToken);
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/${r.path}`,
      headers: bearer(a.adminToken),
      payload: body,
    });
    expect(first.statusCode).toBe(200);
    const shouting = Object.fromEntries(
      Object.entries(body).map(([k, v]) => [k, typeof v === 'string' && k === title ? v.toUpperCase() : v]),
    );
    const dup = await t.app.inject({
      method: 'POST',
      url: `/api/${r.path}`,
      headers: bearer(a.adminToken),
      payload: shouting,
    });
    expect(dup.statusCode, dup.body).toBe(202);
    // "… already exists", or the entity's own words ("This teacher already teaches …").
    if (r.texts.exists.includes('{name}')) expect(dup.json().message).toMatch(/already exists$/);
    else expect(dup.json().message).toBe(r.texts.exists);
    // Changing another record into the first is refused the same way, naming it.
    if (r.calls.includes('update')) {
      const other = await create(r, a.adminToken);
      const clash = await t.app.inject({
        method: 'PUT',
        url: `/api/${r.path}/${other.id}`,
        headers: bearer(a.adminToken),
        payload: shouting,
      });
      expect(clash.statusCode).toBe(202);
      expect(clash.json().message).toBe(dup.json().message);
      expect(clash.json().message).toMatch(new RegExp(`^${r.label.one} `));
    }
    // Another school may use the same name: the same unique values, its own references.
    const same = { ...(await sample(r, b.adminToken)) };
    for (const f of r.unique.flat()) if (f.kind !== 'reference' && f.name in body) same[f.name] = body[f.name];
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/${r.path}`,
      headers: bearer(b.adminToken),
      payload: same,
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
  });
});

describe('unique indexes', () => {
  /** The columns an index names, itself or inside an expression (`lower(name)`, `coalesce(stream_id, 0)`). */
  const columnsOf = (c: unknown): string[] =>
    is(c, IndexedColumn) || is(c, Column) ? [c.name as string] : is(c, SQL) ? c.queryChunks.flatMap(columnsOf) : [];

  it('of each entity the engine adds or changes are its declared unique sets, so a duplicate is refused in words', () => {
    const undeclared: string[] = [];
    for (const r of resources.filter((r) => r.calls.includes('create') || r.calls.includes('update'))) {
      const names = new Set(r.fields.map((f) => f.name));
      const config = getTableConfig(r.table);
      const indexes = [
        ...config.indexes
          .filter((i) => i.config.unique)
          .map((i) => [i.config.name, i.config.columns.flatMap(columnsOf)]),
        ...config.uniqueConstraints.map((u) => [u.name, u.columns.map((c) => c.name)]),
      ] as [string, string[]][];
      for (const [name, columns] of indexes) {
        const own = columns.filter((c) => c !== 'school_id');
        // A column no form sets (a staff member's sign-in) is a verb's to keep unique.
        if (!own.every((c) => names.has(c))) continue;
        const declared = r.unique.some((set) => set.length === own.length && set.every((f) => own.includes(f.name)));
        if (!declared) undeclared.push(`${r.path}: ${name} (${own.join(', ')})`);
      }
    }
    expect(undeclared).toEqual([]);
  });
});

describe('removing a record that others use', () => {
  it('answers 202 naming what uses it', async () => {
    const s1 = await t.app.inject({
      method: 'POST',
      url: '/api/classes',
      headers: bearer(a.adminToken),
      payload: { name: 'Senior One', level: 'olevel', curriculum: 'new' },
    });
    const id = s1.json().data.id;
    for (const name of ['East', 'West']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/streams',
        headers: bearer(a.adminToken),
        payload: { class_id: id, name },
      });
    }
    const res = await t.app.inject({ method: 'DELETE', url: `/api/classes/${id}`, headers: bearer(a.adminToken) });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe('Class Senior One cannot be removed: it is used by 2 streams.');
  });
});
