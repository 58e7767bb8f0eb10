import { eventsCalls, schools } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../src/core/dates.js';
import { audits } from '../src/db/schema.js';
import { fillDemoEvents } from '../src/modules/events/index.js';
import { pdfPages } from './pdf-text.js';
import { client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, useTestApp } from './support.js';

const t = useTestApp();

const pta = (extra: Json = {}) => ({
  title: 'Term 1 General PTA Meeting',
  event_type: 'pta',
  on_date: '2026-03-14',
  starts_at: '10:00',
  ends_at: '14:00',
  venue: 'Main Hall',
  invited: ['parents', 'staff'],
  invited_note: 'Guest of honour: the DEO',
  ...extra,
});
const minutes = (eventId: number, extra: Json = {}) => ({
  event_id: eventId,
  present: 'Mr. Ssemwogerere John (Chairperson)\nMrs. Nakato Harriet (Head Teacher)\n212 parents',
  apologies: 'Mr. Byaruhanga Moses',
  agenda: '1. Opening prayer\n2. Head Teacher’s report\n3. Girls’ dormitory',
  resolutions: '- Parents contribute UGX 50,000 towards the dormitory\n- Holiday classes for candidates',
  actions: 'Bursar to open a dormitory account — by end of term',
  ...extra,
});

describe('events and minutes', () => {
  let s: RegisterSchool;

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database);
  });

  it('plans an event, with a class invited by name, and audits it', async () => {
    const res = await s.api.post('/events', pta({ invited: ['parents', 'class'], class_id: s.classes.S4 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Event Added Successfully');
    const e = res.json().data;
    expect(e).toMatchObject({
      title: 'Term 1 General PTA Meeting',
      on_date: '2026-03-14',
      starts_at: '10:00',
      invited: ['parents', 'class'],
      class_name: 'S4',
      has_minutes: false,
      created_by: 'Head Administrator',
    });
    const [audit] = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.schoolId, s.schoolId), eq(audits.entity, 'events'), eq(audits.entityId, e.id)));
    expect(audit?.action).toBe('create');
    const edit = await s.api.put(`/events/${e.id}`, pta({ venue: 'School Chapel' }));
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ venue: 'School Chapel', class_id: null, invited: ['parents', 'staff'] });
  });

  it('refuses bad input with field messages (422)', async () => {
    const bad = async (body: Json, field: string) => {
      const res = await s.api.post('/events', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    };
    await bad(pta({ title: '' }), 'title');
    await bad(pta({ event_type: 'party' }), 'event_type');
    await bad(pta({ on_date: '14/03/2026' }), 'on_date');
    await bad(pta({ starts_at: '25:00' }), 'starts_at');
    await bad(pta({ starts_at: '14:00', ends_at: '10:00' }), 'ends_at');
    await bad(pta({ invited: ['class'], class_id: null }), 'class_id');
    await bad(pta({ invited: ['aliens'] }), 'invited.0');
    const e = (await s.api.post('/events', pta())).json().data.id;
    const none = await s.api.post('/minutes', { event_id: e, present: '', agenda: ' ' });
    expect(none.statusCode, none.body).toBe(422);
    expect(Object.keys(none.json().errors)).toContain('present');
  });

  it('records minutes after the event, prints them under the school header, and keeps the event', async () => {
    const e = (await s.api.post('/events', pta())).json().data.id;
    const early = await s.api.post('/minutes', { event_id: e, format: 'pdf' });
    expect(early.statusCode).toBe(202);
    expect(early.json().message).toBe('No minutes have been recorded for this event yet.');
    const res = await s.api.post('/minutes', minutes(e));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Minutes Recorded Successfully');
    expect(res.json().data).toMatchObject({ has_minutes: true, minutes_recorded_by: 'Head Administrator' });

    const pdf = await s.api.post('/minutes', { event_id: e, format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    const [school] = await t.database.db.select().from(schools).where(eq(schools.id, s.schoolId));
    expect(text).toContain(school!.name.toUpperCase());
    expect(text).toContain('MINUTES');
    expect(text).toContain('Term 1 General PTA Meeting');
    expect(text).toContain('14 Mar 2026, 10:00 to 14:00');
    expect(text).toContain('Parents, Staff, Guest of honour: the DEO');
    expect(text).toContain('PRESENT (214)');
    expect(text).toContain('3. Girls');
    expect(text).toContain('Parents contribute UGX 50,000 towards the dormitory');
    expect(text).not.toContain('- Parents');
    expect(text).toContain('Bursar to open a dormitory account');

    const moved = await s.api.put(`/events/${e}`, pta({ on_date: '2099-01-01' }));
    expect(moved.statusCode).toBe(422);
    expect(Object.keys(moved.json().errors)).toEqual(['on_date']);
    const del = await s.api.del(`/events/${e}`);
    expect(del.statusCode).toBe(202);
    expect(del.json().message).toMatch(/has minutes/);
    const planned = (await s.api.post('/events', pta({ on_date: '2099-03-14' }))).json().data.id;
    const tooSoon = await s.api.post('/minutes', minutes(planned));
    expect(tooSoon.statusCode).toBe(202);
    expect(tooSoon.json().message).toMatch(/not taken place/);
    const gone = await s.api.del(`/events/${planned}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await s.api.put(`/events/${planned}`, pta())).statusCode).toBe(404);
  });

  it('refuses without each flag (403) and another school’s ids (404)', async () => {
    const e = (await s.api.post('/events', pta())).json().data.id;
    const nav = client(t.app, (await staffWith(t.app, t.database, s, ['events_navigation'])).token);
    expect((await nav.get('/events')).statusCode).toBe(403);
    expect((await nav.post('/minutes', minutes(e))).statusCode).toBe(403);
    const secretary = client(t.app, (await staffWith(t.app, t.database, s, ['view_events'])).token);
    expect((await secretary.get('/events')).statusCode).toBe(200);
    expect((await secretary.post('/minutes', minutes(e))).statusCode).toBe(200);
    expect((await secretary.post('/events_report', { from: '2026-01-01', to: '2026-12-31' })).statusCode).toBe(403);
    const head = client(t.app, (await staffWith(t.app, t.database, s, ['view_events_report'])).token);
    expect((await head.post('/events_report', { from: '2026-01-01', to: '2026-12-31' })).statusCode).toBe(200);
    expect((await head.post('/events', pta())).statusCode).toBe(403);

    const other = await registerSchool(t.app, t.database);
    expect((await other.api.put(`/events/${e}`, pta())).statusCode).toBe(404);
    expect((await other.api.del(`/events/${e}`)).statusCode).toBe(404);
    expect((await other.api.post('/minutes', minutes(e))).statusCode).toBe(404);
    expect((await other.api.post('/minutes', { event_id: e, format: 'pdf' })).statusCode).toBe(404);
    expect((await other.api.post('/events', pta({ invited: ['class'], class_id: s.classes.S4 }))).statusCode).toBe(422);
    expect((await other.api.get('/events')).json().data).toEqual([]);
  });

  it('reports events by month and type, with attendance and resolutions from the minutes; xlsx read back', async () => {
    const r = await registerSchool(t.app, t.database);
    const add = async (body: Json) => {
      const res = await r.api.post('/events', body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    const meeting = await add(pta({ on_date: '2026-02-21' }));
    expect((await r.api.post('/minutes', minutes(meeting))).statusCode).toBe(200);
    await add({ title: 'Board Meeting', event_type: 'board', on_date: '2026-03-05', invited: ['board'] });
    await add({ title: 'Sports Day', event_type: 'sports', on_date: '2026-03-28', invited: ['students'] });
    await add({ title: 'Staff Meeting', event_type: 'staff', on_date: '2026-03-02', invited: ['staff'] });
    await add({ title: 'Later', event_type: 'staff', on_date: '2026-05-02' });

    const res = await r.api.post('/events_report', { from: '2026-02-01', to: '2026-04-30' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ total: 4, with_minutes: 1 });
    expect(d.by_month.map((l: Json) => [l.label, l.count])).toEqual([
      ['Feb 2026', 1],
      ['Mar 2026', 3],
      ['Apr 2026', 0],
    ]);
    expect(d.by_type.map((l: Json) => [l.label, l.count])).toEqual([
      ['PTA meeting', 1],
      ['Board meeting', 1],
      ['Staff meeting', 1],
      ['Sports day', 1],
    ]);
    // 2 named people and "212 parents": 214 present; two resolutions.
    expect(d.events[0]).toMatchObject({ title: 'Term 1 General PTA Meeting', present: 214, resolutions: 2 });
    expect(d.events.map((e: Json) => e.title)).toEqual([
      'Term 1 General PTA Meeting',
      'Staff Meeting',
      'Board Meeting',
      'Sports Day',
    ]);
    const boards = (
      await r.api.post('/events_report', { from: '2026-02-01', to: '2026-04-30', event_type: 'board' })
    ).json().data;
    expect(boards.total).toBe(1);

    const sheet = await r.api.post('/events_report', { from: '2026-02-01', to: '2026-04-30', format: 'xlsx' });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-disposition']).toContain('events_report.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().map((row) => (Array.isArray(row) ? row.slice(1) : []));
    expect(rows).toContainEqual([
      '21 Feb 2026',
      'Term 1 General PTA Meeting',
      'PTA meeting',
      'Main Hall',
      214,
      2,
      'Yes',
    ]);
    expect(rows.at(-1)?.slice(0, 2)).toEqual(['Total', '4 events, 1 with minutes']);
  });

  it('fills the demo school with this term’s meetings and their minutes and next term’s plans', async () => {
    const d = await registerSchool(t.app, t.database);
    await fillDemoEvents(t.database.db, d.schoolId, d.adminId);
    const all = (await d.api.get('/events?per_page=100')).json().data as Json[];
    expect(all.length).toBeGreaterThanOrEqual(8);
    const today = new Date(now().getTime() + 3 * 3600_000).toISOString().slice(0, 10);
    expect(all.filter((e) => e.has_minutes).every((e) => e.on_date <= today)).toBe(true);
    expect(all.some((e) => e.event_type === 'pta' && e.has_minutes)).toBe(true);
    expect(all.filter((e) => e.on_date > today).length).toBeGreaterThanOrEqual(3);
    const pta = all.find((e) => e.event_type === 'pta' && e.has_minutes)!;
    const pdf = await d.api.post('/minutes', { event_id: pta.id, format: 'pdf' });
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('Proposal to build a second dormitory for girls');
    expect(text).toContain('PRESENT (254)');
  });

  it('lists today’s and coming events first, soonest first, then past ones latest first; filters either', async () => {
    const d = await registerSchool(t.app, t.database);
    const day = (n: number) => new Date(now().getTime() + 3 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);
    const plan = async (title: string, on: number, starts_at?: string) => {
      const res = await d.api.post('/events', {
        title,
        event_type: 'staff',
        on_date: day(on),
        ...(starts_at ? { starts_at } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await plan('Last month', -30);
    await plan('Sports day', 20);
    await plan('Yesterday', -1, '09:00');
    await plan('Today afternoon', 0, '14:00');
    await plan('Today all day', 0);
    await plan('Tomorrow', 1, '08:00');
    await plan('Last week', -7);
    const titles = async (query: string) =>
      ((await d.api.get(`/events?per_page=100${query}`)).json().data as Json[]).map((e) => e.title);
    expect(await titles('')).toEqual([
      'Today all day',
      'Today afternoon',
      'Tomorrow',
      'Sports day',
      'Yesterday',
      'Last week',
      'Last month',
    ]);
    expect(await titles('&when=upcoming')).toEqual(['Today all day', 'Today afternoon', 'Tomorrow', 'Sports day']);
    expect(await titles('&when=past')).toEqual(['Yesterday', 'Last week', 'Last month']);
    // Paged, the order holds across pages.
    const second = (await d.api.get('/events?per_page=3&page=2')).json();
    expect([second.total, second.data.map((e: Json) => e.title)]).toEqual([
      7,
      ['Sports day', 'Yesterday', 'Last week'],
    ]);
    expect((await d.api.get('/events?when=soon')).statusCode).toBe(422);
  });

  it('serves every events call', () => {
    const served = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const missing = eventsCalls.filter((c) => !served.has(`${c.method} /api/${c.path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(missing).toEqual([]);
  });
});
