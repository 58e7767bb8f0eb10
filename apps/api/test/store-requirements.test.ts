import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audits } from '../src/db/schema.js';
import { admit, client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, useTestApp } from './support.js';

/**
 * Issue 14 §2: items students bring as requirements enter the store in one step. The store receives
 * what was brought and not yet received, never twice; a requirement with no store item of its name waits.
 */
const t = useTestApp();
const term1 = { year: 2026, term: 1 };

async function setUp(s: RegisterSchool) {
  const ok = async (url: string, body: Json) => {
    const res = await s.api.post(url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Json;
  };
  const line = { ...term1, class_id: s.classes.S1, section: 'all', entrants: 'all' };
  await ok('/student/requirements', { ...line, name: 'Ream of paper', quantity: 2, money_value: 20_000 });
  await ok('/student/requirements', { ...line, name: 'Broom', quantity: 1, money_value: 5_000 });
  const sarah = (await admit(s)).id as number;
  const brian = (await admit(s, { surname: 'Okello', other_names: 'Brian', gender: 'M' })).id as number;
  await ok('/save_student_requirement', {
    ...term1,
    cells: [
      { student_id: sarah, item: 'Ream of paper', brought: 2, paid: 0, version: null },
      { student_id: brian, item: 'Ream of paper', brought: 1, paid: 0, version: null },
      { student_id: sarah, item: 'Broom', brought: 1, paid: 0, version: null },
    ],
  });
  const units = (await s.api.get('/units?per_page=100')).json().data as Json[];
  // The store keeps paper as "REAM OF PAPER": names meet whatever their case.
  const paper = await ok('/store_items', {
    name: 'REAM OF PAPER',
    unit_id: units.find((u) => u.name === 'Reams')!.id,
    reorder_level: 10,
  });
  return { sarah, brian, paper: paper.id as number, ok };
}

const rowsOf = (data: Json) =>
  Object.fromEntries(
    (data.rows as Json[]).map((r) => [r.item, [r.collected, r.received, r.to_receive, r.store_item_id]]),
  );

describe("students' requirements into the store", () => {
  let s: RegisterSchool;
  let x: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await registerSchool(t.app, t.database, term1);
    x = await setUp(s);
  });

  it('lists what was brought and waits; one step receives it at no cost, and a second finds nothing new', async () => {
    const before = (await s.api.get('/requirements_in_store?year=2026&term=1')).json().data;
    expect(rowsOf(before)).toEqual({ Broom: [1, 0, 1, null], 'Ream of paper': [3, 0, 3, x.paper] });
    const step = await s.api.post('/receive_requirements', term1);
    expect(step.statusCode, step.body).toBe(200);
    expect(step.json().message).toBe("Students' requirements received into the store");
    expect(rowsOf(step.json().data)['Ream of paper']).toEqual([3, 3, 0, x.paper]);
    const level = (await s.api.get('/store_level')).json().data.items.find((i: Json) => i.id === x.paper);
    expect(level).toMatchObject({ balance: 3, value: 0 });
    const log = (await s.api.post('/item_logs', { id: x.paper })).json().data.lines;
    expect(log.at(-1)).toMatchObject({ kind: 'receipt', source: 'requirements', reference: 'Requirements T1 2026' });
    // Only the broom waits, and the store has no broom: the step says what to do.
    const again = await s.api.post('/receive_requirements', term1);
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toBe('Nothing can be received yet: link each requirement to its store item first.');
  });

  it('receives only what came in since; a reversed receipt waits again', async () => {
    const grid = await x.ok('/get/student/requirements', { ...term1, class_id: s.classes.S1 });
    const cell = (grid.students as Json[]).find((st) => st.id === x.brian)?.cells['ream of paper'];
    await x.ok('/save_student_requirement', {
      ...term1,
      cells: [{ student_id: x.brian, item: 'Ream of paper', brought: 2, paid: 0, version: cell.version }],
    });
    const step = (await x.ok('/receive_requirements', term1)) as Json;
    expect(rowsOf(step)['Ream of paper']).toEqual([4, 4, 0, x.paper]);
    const log = (await s.api.post('/item_logs', { id: x.paper })).json().data.lines as Json[];
    expect(log.map((m) => m.quantity)).toEqual([3, 1]);
    // The first receipt was a mistake: reversed, its three reams wait for the store again.
    const undone = await s.api.post('/delete_store_log', { id: log[0].id, reason: 'Counted in the wrong store' });
    expect(undone.statusCode, undone.body).toBe(200);
    const now = (await s.api.get('/requirements_in_store?year=2026&term=1')).json().data;
    expect(rowsOf(now)['Ream of paper']).toEqual([4, 1, 3, x.paper]);
    // The current term is used when none is given.
    expect((await s.api.get('/requirements_in_store')).json().data).toMatchObject(term1);
  });

  it('receives a requirement into the store item the store keeper linked it to, kept for later terms', async () => {
    const units = (await s.api.get('/units?per_page=100')).json().data as Json[];
    const sweeping = await x.ok('/store_items', {
      name: 'Sweeping brush',
      unit_id: units.find((u) => u.name === 'Pieces')!.id,
    });
    const keeper = client(t.app, (await staffWith(t.app, t.database, s, ['view_store_stock'])).token);
    const linked = await keeper.post('/requirement_store_item', { requirement: 'broom', store_item_id: sweeping.id });
    expect(linked.statusCode, linked.body).toBe(200);
    const now = (await keeper.get('/requirements_in_store?year=2026&term=1')).json().data;
    expect((now.rows as Json[]).find((r) => r.item === 'Broom')).toMatchObject({
      store_item_id: sweeping.id,
      store_item: 'Sweeping brush',
      linked: true,
      to_receive: 1,
    });
    const step = await keeper.post('/receive_requirements', term1);
    expect(step.statusCode, step.body).toBe(200);
    const level = (await s.api.get('/store_level')).json().data.items.find((i: Json) => i.id === sweeping.id);
    expect(level).toMatchObject({ balance: 1, value: 0 });
    // Kept: the next term's brooms go there too, and the link left an audit row.
    const term2 = (await s.api.get('/requirements_in_store?year=2026&term=2')).json().data;
    expect(term2.rows).toEqual([]);
    const trail = await t.database.db
      .select({ action: audits.action })
      .from(audits)
      .where(and(eq(audits.schoolId, s.schoolId), eq(audits.entity, 'requirement_store_items')));
    expect(trail.map((a) => a.action)).toEqual(['create']);
    // Another school's item cannot be linked; an unlink goes back to the item of the same name (none here).
    const other = await registerSchool(t.app, t.database, term1);
    expect(
      (await other.api.post('/requirement_store_item', { requirement: 'Broom', store_item_id: sweeping.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (await keeper.post('/requirement_store_item', { requirement: 'Broom', store_item_id: null })).statusCode,
    ).toBe(200);
    const unlinked = (await keeper.get('/requirements_in_store?year=2026&term=1')).json().data;
    expect((unlinked.rows as Json[]).find((r) => r.item === 'Broom')).toMatchObject({
      store_item_id: null,
      linked: false,
    });
    expect((await keeper.post('/requirement_store_item', { requirement: '', store_item_id: null })).statusCode).toBe(
      422,
    );
  });

  it('is the store keeper’s step: without view_store_stock the calls are refused', async () => {
    const collector = await staffWith(t.app, t.database, s, ['collect_requirements', 'view_requirements']);
    const api = client(t.app, collector.token);
    expect((await api.get('/requirements_in_store')).statusCode).toBe(403);
    expect((await api.post('/receive_requirements', term1)).statusCode).toBe(403);
    expect((await api.post('/requirement_store_item', { requirement: 'Broom', store_item_id: null })).statusCode).toBe(
      403,
    );
    const keeper = client(t.app, (await staffWith(t.app, t.database, s, ['view_store_stock'])).token);
    expect((await keeper.get('/requirements_in_store?year=2026&term=1')).statusCode).toBe(200);
  });
});
