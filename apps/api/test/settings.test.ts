import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../src/core/dates.js';
import { calendarOf, termOn } from '../src/modules/settings/school.js';
import { bearer, newSchool, type TestSchool, useTestApp } from './support.js';

const t = useTestApp();
let a: TestSchool;
let b: TestSchool;
const as = (token: string) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) }),
  post: (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload }),
  put: (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: bearer(token), payload }),
});
const year = now().getFullYear();

beforeAll(async () => {
  a = await newSchool(t.app, t.database);
  b = await newSchool(t.app, t.database);
});

describe('a new school', () => {
  it('starts with S1–S6, promoting to the next class, with S4 and S6 leaving', async () => {
    const rows = (await as(a.adminToken).get('/api/classes?sort=rank')).json().data as {
      id: number;
      name: string;
      level: string;
      curriculum: string;
      promotes_to_id: number | null;
    }[];
    expect(rows.map((c) => c.name)).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'S6']);
    const byId = new Map(rows.map((c) => [c.id, c.name]));
    expect(rows.map((c) => (c.promotes_to_id ? byId.get(c.promotes_to_id) : null))).toEqual([
      'S2',
      'S3',
      'S4',
      null,
      'S6',
      null,
    ]);
    expect(rows.map((c) => c.curriculum)).toEqual(['new', 'new', 'new', 'new', 'alevel', 'alevel']);
  });

  it("has this year's Ministry term dates and a current term", async () => {
    const terms = (await as(a.adminToken).get('/api/term_dates')).json().data;
    expect(terms).toHaveLength(3);
    expect(terms.map((x: { term: number }) => x.term)).toEqual([1, 2, 3]);
    expect(terms[0].next_term_begins).toBe(terms[1].opens_on);
    const current = (await as(a.adminToken).get('/api/current_settings')).json().data;
    expect(current).toMatchObject({ year, currency: 'UGX' });
    expect(current.label).toBe(`Term ${current.term} ${year}`);
    // This year's terms, whichever year the tests run in, are the Ministry's (2026's weeks for a year not known).
    expect(terms.map((x: { opens_on: string; closes_on: string }) => [x.opens_on, x.closes_on])).toEqual(
      calendarOf(year),
    );
    expect(calendarOf(2026)[0]).toEqual(['2026-02-02', '2026-05-01']);
  });

  it('is in the term a day falls in, the next one in a holiday, and the last one after the year closes', () => {
    const terms = calendarOf(2026).map(([opensOn, closesOn], i) => ({ term: i + 1, opensOn, closesOn }));
    expect(
      ['2026-01-10', '2026-02-02', '2026-05-01', '2026-05-10', '2026-09-14', '2026-12-04'].map((d) => termOn(d, terms)),
    ).toEqual([1, 1, 1, 2, 3, 3]);
    // The December holiday is still term 3's: its balances and report cards, not term 1's again.
    expect(termOn('2026-12-05', terms)).toBe(3);
    expect(termOn('2026-12-31', terms)).toBe(3);
  });
});

describe('school details', () => {
  const details = {
    name: 'Kampala Hill Secondary School',
    motto: 'Knowledge is Light',
    address: 'Plot 12, Hill Road, Kampala',
    phone: '+256 414 123456',
    email: 'info@kampalahill.example',
    website: '',
    registration_no: 'UNEB U1234',
    currency: 'ugx',
    head_teacher: 'Mr. Ssemakula John',
    receipt_format: 'thermal',
    payment_instructions: 'Pay through SchoolPay with the student payment code.',
    current_year: year,
    current_term: 2,
  };

  it('are saved with the current term, audited, and only for your own school', async () => {
    const res = await as(a.adminToken).put(`/api/school/${a.schoolId}`, details);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: details.name,
      currency: 'UGX',
      receipt_format: 'thermal',
      website: null,
      current_term: 2,
    });
    expect((await as(a.adminToken).get('/api/current_settings')).json().data.label).toBe(`Term 2 ${year}`);
    expect((await as(a.adminToken).get('/api/user')).json().data.school.name).toBe(details.name);
    const trail = (await as(a.adminToken).post('/api/audits', { entity: 'school_settings' })).json().data;
    expect(trail[0]).toMatchObject({
      action: 'update',
      before: { current_term: expect.any(Number) },
      after: { current_term: 2 },
    });
    expect((await as(a.adminToken).put(`/api/school/${b.schoolId}`, details)).statusCode).toBe(404);
    expect((await as(b.adminToken).get('/api/school_details')).json().data.name).not.toBe(details.name);
  });

  it('take a logo: checked, resized, served back only to the same school', async () => {
    const png = await sharp({
      create: { width: 1200, height: 900, channels: 4, background: { r: 0, g: 80, b: 160, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const res = await as(a.adminToken).post('/api/school_logo', { filename: 'logo.png', data: png.toString('base64') });
    expect(res.statusCode, res.body).toBe(200);
    const fileId = res.json().data.logo_file_id;
    const file = await as(a.adminToken).get(`/api/files/${fileId}`);
    expect(file.headers['content-type']).toBe('image/png');
    const meta = await sharp(file.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(600);
    expect((await as(b.adminToken).get(`/api/files/${fileId}`)).statusCode).toBe(404);
    const fake = await as(a.adminToken).post('/api/school_logo', {
      filename: 'logo.png',
      data: Buffer.from('not an image at all').toString('base64'),
    });
    expect(fake.statusCode).toBe(422);
  });
});

describe('term dates', () => {
  it('refuse a term that overlaps another, and save one that does not', async () => {
    const terms = (await as(a.adminToken).get('/api/term_dates')).json().data;
    const [one, two] = terms;
    const clash = await as(a.adminToken).put(`/api/term_dates/${one.id}`, {
      opens_on: one.opens_on,
      closes_on: two.opens_on,
    });
    expect(clash.statusCode).toBe(202);
    expect(clash.json().message).toContain(`would overlap Term 2 ${two.year}`);
    const ok = await as(a.adminToken).put(`/api/term_dates/${one.id}`, {
      opens_on: one.opens_on,
      closes_on: one.closes_on,
      next_term_begins: two.opens_on,
    });
    expect(ok.statusCode).toBe(200);
    const backwards = await as(a.adminToken).put(`/api/term_dates/${one.id}`, {
      opens_on: one.closes_on,
      closes_on: one.opens_on,
    });
    expect(backwards.statusCode).toBe(422);
    expect(
      (await as(b.adminToken).put(`/api/term_dates/${one.id}`, { opens_on: one.opens_on, closes_on: one.closes_on }))
        .statusCode,
    ).toBe(404);
  });

  it("lay out a new year from the Ministry calendar's pattern", async () => {
    const next = (await as(a.adminToken).get(`/api/term_dates?year=${year + 1}`)).json().data;
    expect(next).toHaveLength(3);
    expect(next[0].opens_on.startsWith(String(year + 1))).toBe(true);
    // Asking again does not make more.
    expect((await as(a.adminToken).get(`/api/term_dates?year=${year + 1}`)).json().data).toEqual(next);
  });
});

describe('curriculum and stream lists', () => {
  it('sets which O Level classes follow the old curriculum, and keeps A Level classes on A Level', async () => {
    const rows = (await as(a.adminToken).get('/api/curriculum')).json().data as { id: number; name: string }[];
    const s3 = rows.find((c) => c.name === 'S3')!;
    const s5 = rows.find((c) => c.name === 'S5')!;
    // A change is first shown and asked about (202 confirm), then made when confirmed.
    const asked = await as(a.adminToken).post('/api/curriculum', { classes: [{ id: s3.id, curriculum: 'old' }] });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ confirm: true, changes: [{ class_name: 'S3', from: 'new', to: 'old' }] });
    const saved = await as(a.adminToken).post('/api/curriculum', {
      classes: [{ id: s3.id, curriculum: 'old' }],
      confirm: true,
    });
    expect(saved.json().data.find((c: { id: number }) => c.id === s3.id).curriculum).toBe('old');
    const wrong = await as(a.adminToken).post('/api/curriculum', { classes: [{ id: s5.id, curriculum: 'new' }] });
    expect(wrong.statusCode).toBe(202);
    expect(
      (await as(b.adminToken).post('/api/curriculum', { classes: [{ id: s3.id, curriculum: 'old' }] })).statusCode,
    ).toBe(404);
  });

  it('lists O Level and A Level streams as "S1 East"', async () => {
    const rows = (await as(a.adminToken).get('/api/classes')).json().data as { id: number; name: string }[];
    const s1 = rows.find((c) => c.name === 'S1')!;
    const s5 = rows.find((c) => c.name === 'S5')!;
    await as(a.adminToken).post('/api/streams', { class_id: s1.id, name: 'East' });
    await as(a.adminToken).post('/api/streams', { class_id: s5.id, name: 'Sciences' });
    const o = (await as(a.adminToken).get('/api/ostreams')).json().data.map((s: { label: string }) => s.label);
    const al = (await as(a.adminToken).get('/api/astreams')).json().data.map((s: { label: string }) => s.label);
    expect(o).toContain('S1 East');
    expect(o).not.toContain('S5 Sciences');
    expect(al).toEqual(['S5 Sciences']);
  });
});
