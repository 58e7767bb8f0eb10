import { type Resource, resources } from '@somero/contract';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as apiTables from '../src/db/schema.js';
import { signedInOperator } from './operator-fixtures.js';
import { type JsonValue, plausible, resourceSample } from './plausible.js';
import { admit, type RegisterSchool, type Json as Reply, registerSchool } from './students-fixtures.js';
import { bearer, login, newSchool, type TestSchool, unique, useTestApp } from './support.js';

/**
 * Issue 9 §3: no input, however malformed, gets a 500. This walks every POST/PUT route the server
 * registered (not a hand-kept list) and sends each a battery built from its own input schema: a
 * plausible body, then the same body with wrong types, null, arrays and objects for every field, 1 MB
 * strings, NUL, 2³¹, negative and fractional numbers, impossible dates, unknown keys, `__proto__`,
 * non-JSON and the wrong content type; the plausible body is sent twice. Every reply must be below 500.
 */
const t = useTestApp();

type Json = JsonValue;

/** Every path to a leaf of a plausible body, with its value (into objects and first array entries). */
function leaves(value: Json, path: string[] = []): { path: string[]; value: Json }[] {
  if (Array.isArray(value)) return value.length ? leaves(value[0], [...path, '0']) : [];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return path.length ? [{ path, value }] : [];
}
function withValue(body: Json, path: string[], value: Json): Json {
  const copy = structuredClone(body) as Record<string, Json>;
  let at: Record<string, Json> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, Json>;
  at[path[path.length - 1]] = value;
  return copy;
}
const replaceAll = (body: Json, pick: (v: Json) => boolean, spoil: (v: Json) => Json): Json =>
  leaves(body)
    .filter((l) => pick(l.value))
    .reduce((b, l) => withValue(b, l.path, spoil(l.value)), body);

const isDate = (v: Json) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v);
const megabyte = 'x'.repeat(1024 * 1024);

/** The malformed bodies of one route, as [case name, raw payload, content type]. */
function battery(input: z.ZodType | undefined): [string, string, string][] {
  const base = input ? plausible(input) : {};
  const json = (name: string, body: unknown): [string, string, string] => [
    name,
    JSON.stringify(body),
    'application/json',
  ];
  const cases: [string, string, string][] = [
    json('plausible', base),
    json('array for the object', [base]),
    json('null', null),
    json('text', 'text'),
    ['__proto__', `{"__proto__": {"admin": true}, ${JSON.stringify(base).slice(1)}`, 'application/json'],
    json('constructor.prototype', { ...(base as object), constructor: { prototype: { admin: true } } }),
    ['not JSON', '{"name": ', 'application/json'],
    ['wrong content type', 'name=Test&amount=1', 'application/x-www-form-urlencoded'],
    json('unknown keys', { ...(base as object), zz_unknown: 1, __defineGetter__: 'x' }),
  ];
  const all = leaves(base);
  for (const [name, spoil] of [
    ['null everywhere', () => null],
    ['arrays everywhere', () => []],
    ['objects everywhere', () => ({})],
    ['text everywhere', () => 'abc'],
    ['1 MB strings', (v: Json) => (typeof v === 'string' ? megabyte : v)],
  ] as const)
    cases.push(
      json(
        name,
        replaceAll(base, () => true, spoil as (v: Json) => Json),
      ),
    );
  // Spoilt values of each leaf's own kind, so the rest of the body stays valid: text and dates all at
  // once (NUL passes any plain string rule), numbers one field at a time (one field's bound would
  // hide another's).
  const texts = (v: Json) => typeof v === 'string' && !isDate(v) && !v.includes('@');
  cases.push(
    json(
      'NUL in every text',
      replaceAll(base, texts, () => 'Te\u0000st'),
    ),
  );
  cases.push(
    json(
      'impossible dates',
      replaceAll(base, isDate, () => '2026-02-30'),
    ),
  );
  cases.push(
    json(
      'dates in year 0',
      replaceAll(base, isDate, () => '0000-06-15'),
    ),
  );
  cases.push(
    json(
      'negative numbers',
      replaceAll(
        base,
        (v) => typeof v === 'number',
        () => -1500,
      ),
    ),
  );
  cases.push(
    json(
      'fractions',
      replaceAll(
        base,
        (v) => typeof v === 'number',
        () => 1.5,
      ),
    ),
  );
  for (const leaf of all.filter((l) => typeof l.value === 'number'))
    cases.push(json(`${leaf.path.join('.')} 2³¹`, withValue(base, leaf.path, 2 ** 31)));
  return cases;
}

describe('bad input never gives a 500', () => {
  let school: TestSchool;
  /** The service console's calls take an operator's token (a school's is refused before the body is read). */
  let operator: Awaited<ReturnType<typeof signedInOperator>>;
  beforeAll(async () => {
    school = await newSchool(t.app, t.database);
    operator = await signedInOperator(t.app, t.database);
  });
  const asOperator = (r: { access: unknown }) => r.access === 'operator';

  it('answers every malformed body of every POST/PUT route below 500', async () => {
    let token = school.adminToken;
    const routes = t.app.registeredRoutes.filter((r) => r.method === 'POST' || r.method === 'PUT');
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let sent = 0;
    const slow: [number, string, number][] = [];
    // The lock screen's calls (and the backup download, which asks the password again) get a session of their
    // own from another address: locking it, or failing its password many times, must not stop the rest of the
    // battery (423, or 429 on signing in again).
    const screenToken = await login(t.app, school.adminUsername);
    const lockScreen = (url: string) => /\/(lock|unlock|backups\/latest)$/.test(url);
    for (const r of routes) {
      const started = performance.now();
      const cases = battery(r.input);
      for (const [name, payload, type] of cases) {
        const send = () =>
          t.app.inject({
            method: r.method as 'POST',
            url: r.url.replace(/:(\w+)/g, '999999'),
            headers: {
              ...bearer(asOperator(r) ? operator.token : lockScreen(r.url) ? screenToken : token),
              'content-type': type,
            },
            payload,
            ...(lockScreen(r.url) ? { remoteAddress: '10.9.9.9' } : {}),
          });
        let res = await send();
        sent++;
        // A plausible body may end the session (logout, lock): sign in again and carry on.
        if (res.statusCode === 401 && asOperator(r)) {
          operator = await signedInOperator(t.app, t.database);
          res = await send();
        } else if ((res.statusCode === 401 || res.statusCode === 423) && r.access !== 'public') {
          token = await login(t.app, school.adminUsername);
          school.adminToken = token;
          res = await send();
        }
        if (res.statusCode >= 500) failures.push(`${r.method} ${r.url} ${name}: ${res.statusCode} ${res.body}`);
        // The same request twice (a double click, a retry): it may add again or refuse, never 5xx.
        if (name === 'plausible') {
          const again = await send();
          sent++;
          if (again.statusCode >= 500)
            failures.push(`${r.method} ${r.url} ${name} again: ${again.statusCode} ${again.body}`);
        }
      }
      slow.push([performance.now() - started, `${r.method} ${r.url}`, cases.length]);
    }
    slow.sort((a, b) => b[0] - a[0]);
    console.info(
      slow
        .slice(0, 25)
        .map((s) => `${Math.round(s[0])}ms ${s[1]} ${s[2]}`)
        .join('\n'),
    );
    console.info(`bad input: ${sent} requests to ${routes.length} POST/PUT routes`);
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers every path id out of range below 500, on every route with an {id}', async () => {
    const routes = t.app.registeredRoutes.filter((r) => r.url.includes(':'));
    const failures: string[] = [];
    for (const r of routes)
      for (const id of ['2147483648', '99999999999999999999', '-1', '1.5', 'abc', '%00']) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: r.url.replace(/:(\w+)/g, id),
          headers: {
            ...bearer(asOperator(r) ? operator.token : school.adminToken),
            'content-type': 'application/json',
          },
          payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : '{}',
        });
        if (res.statusCode >= 500) failures.push(`${r.method} ${r.url} ${id}: ${res.statusCode} ${res.body}`);
      }
    expect(failures).toEqual([]);
  });

  it('answers NUL and 2³¹ in a query string below 500, on every GET route', async () => {
    // The readiness check answers 503 by design while this app's job queue is not started
    // (operations.test.ts pins it); it reads no query.
    const routes = t.app.registeredRoutes.filter(
      (r) => r.method === 'GET' && !r.url.includes(':') && r.url !== '/api/ready',
    );
    const failures: string[] = [];
    for (const r of routes) {
      const base = r.input ? (plausible(r.input) as Record<string, Json>) : {};
      const keys = [...Object.keys(base), 'search'];
      for (const value of ['Te%00st', '2147483648', '-2147483649', '0000-01-01', '2026-02-30']) {
        const query = keys.map((k) => `${encodeURIComponent(k)}=${value}`).join('&');
        const res = await t.app.inject({
          method: 'GET',
          url: `${r.url}?${query}`,
          headers: bearer(asOperator(r) ? operator.token : school.adminToken),
        });
        if (res.statusCode >= 500) failures.push(`GET ${r.url}?${query}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses NUL in sign-in and 2³¹ in a body with 422 and a sentence naming the field', async () => {
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ad\u0000min', password: 'x' },
    });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors).toEqual({ username: ['Remove the control characters from Username'] });
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/fees_categories',
      headers: bearer(school.adminToken),
      payload: { name: 'Lab', order: 2 ** 31 },
    });
    expect(big.statusCode).toBe(422);
    expect(Object.values(big.json().errors).flat()).toContain('Order must be at most 2,147,483,647');
    const id = await t.app.inject({
      method: 'PUT',
      url: '/api/users/2147483648',
      headers: bearer(school.adminToken),
      payload: {},
    });
    expect(id.statusCode).toBe(422);
    expect(id.json().errors.id).toEqual(['Id must be at most 2,147,483,647']);
  });

  it('words field errors as sentences, not zod’s texts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: null, password: 12 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ username: ['Enter the username'], password: ['Password must be text'] });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('The details sent could not be read: send them as JSON.');
  });

  it('has only 32-bit whole-number columns, the range the input check bounds numbers to', () => {
    const tables = [
      ...resources.map((r) => r.table as PgTable),
      ...(Object.values(apiTables) as unknown[]).filter(
        (v): v is PgTable => typeof v === 'object' && v !== null && 'getSQL' in v,
      ),
    ];
    const numeric = new Set<string>();
    for (const table of tables)
      for (const column of Object.values(getTableColumns(table)) as PgColumn[])
        if (column.dataType === 'number' || column.dataType === 'bigint')
          numeric.add(
            `${column.columnType}${column.columnType === 'PgBigInt53' ? ` ${getTableName(table)}.${column.name}` : ''}`,
          );
    // audits.id and a backup's size are bigint, but never input. Any other kind of number column needs its own range.
    expect([...numeric].sort()).toEqual(
      [
        'PgBigInt53 audits.id',
        'PgBigInt53 school_backups.bytes',
        'PgBigInt53 server_backups.bytes',
        'PgInteger',
        'PgSerial',
      ].sort(),
    );
  });
});

/*
 * Issue 24 §3: no 500 on the same request twice (a double click, a retry after a lost answer). Every
 * hand-written call that adds a record gets a body it accepts (the first answer is 200) and the same
 * body again: the second may add another record (200) or refuse in words (202), never 5xx. Declared
 * entities are sent twice in resources.test.ts; every POST route's plausible body above, twice too.
 */

let a: RegisterSchool;
/** One row of every declared entity, by path. */
const made = new Map<string, number>();
let student: Reply;
let png: string;
/** The data of each call's last 200 answer below, for the calls that follow it. */
// biome-ignore lint/suspicious/noExplicitAny: JSON replies, read field by field
const replies = new Map<string, any>();

/**
 * The row of `r` the bodies use, made once; or, given `offered` (a reference that takes only some rows,
 * such as a subject the combination's level takes), a row of that sample.
 */
async function createIn(r: Resource, offered?: Record<string, unknown>): Promise<number> {
  if (!offered && made.has(r.path)) return made.get(r.path)!;
  const body = offered ?? (await resourceSample(r, createIn, (f) => unique(`${f.label} `)));
  const res = await a.api.post(`/${r.path}`, body);
  expect(res.statusCode, `${r.path}: ${res.body}`).toBe(200);
  if (!made.has(r.path)) made.set(r.path, res.json().data.id);
  return res.json().data.id;
}

/** A school with one row of every declared entity and what the bodies below need besides. */
async function setUp() {
  a = await registerSchool(t.app, t.database);
  for (const r of resources.filter((r) => r.calls.includes('create'))) await createIn(r);
  student = await admit(a, { surname: unique('Twice ') });
  // What some bodies need beside the declared entities: a second mode, a salaried member, an event.
  const add = async (path: string, body: Reply) => {
    const res = await a.api.post(path, body);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json().data.id as number;
  };
  made.set(
    'second mode',
    await add('/payment_options', {
      name: unique('Bank '),
      kind: 'bank',
      opening_balance: 0,
      opening_on: '2026-01-01',
    }),
  );
  made.set(
    'salaried',
    await add('/staff', { name: unique('Salaried '), initials: unique('').slice(0, 6), basic_salary: 400_000 }),
  );
  made.set('nlsc', await add('/subjects', { name: unique('Biology '), code: unique(''), level: 'nlsc' }));
  made.set('role', await add('/roles', { name: unique('Clerks ') }));
  made.set('event', await add('/events', { title: 'Sports day', event_type: 'other', on_date: '2026-03-02' }));
  png = (
    await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer()
  ).toString('base64');
}

const id = (path: string) => made.get(path)!;
const file = (filename: string) => ({ filename, data: png });

/**
 * Hand-written calls that add a record, with a body each accepts, in an order where each finds what it
 * needs (the pass-out's student, the minutes' event). A call added later belongs here.
 */
const creates: [path: string, body: () => Reply][] = [
  [
    'users',
    () => ({
      name: 'Twice Clerk',
      username: unique('twice'),
      type: 2,
      role_id: made.get('role')!,
      password: 'twice-pass-9',
    }),
  ],
  ['roles', () => ({ name: unique('Twice Group ') })],
  ['staff', () => ({ name: unique('Twice Teacher '), initials: unique('').slice(0, 6) })],
  [
    'staff_sign_in/{staff}',
    () => ({ username: unique('twicestaff'), password: 'twice-pass-9', role_id: made.get('role')! }),
  ],
  [
    'students',
    () => ({
      surname: unique('Twice '),
      other_names: 'Sarah',
      gender: 'F',
      class_id: a.classes.S1,
      stream_id: a.streams['S1 East'],
      admitted_on: '2026-02-10',
    }),
  ],
  [
    'fees_payments',
    () => ({
      student_id: student.id,
      amount: 50_000,
      mode_id: id('payment_options'),
      paid_on: '2026-03-02',
      reference: unique('T-'),
      confirm: true,
    }),
  ],
  [
    'money_transfers',
    () => ({ from_mode_id: id('payment_options'), to_mode_id: made.get('second mode')!, amount: 1_000 }),
  ],
  ['old_payments', () => ({ old_student_id: id('old_students'), amount: 1_000, mode_id: id('payment_options') })],
  [
    'bursaries',
    () => ({
      student_id: student.id,
      bursary_category_id: id('bursary_categories'),
      kind: 'fixed',
      amount: 10_000,
      start_year: 2026,
      start_term: 2,
    }),
  ],
  [
    'revenues',
    () => ({
      source_id: id('revenue_sources'),
      amount: 10_000,
      mode_id: id('payment_options'),
      received_on: '2026-03-02',
      received_from: 'Twice',
    }),
  ],
  ['expense_cart', () => ({ item_id: id('expense_items'), quantity: 1, unit_cost: 5_000 })],
  ['expenses', () => ({ spent_on: '2026-03-03', mode_id: id('payment_options'), note: 'Twice' })],
  ['expense_requisition_cart', () => ({ item_id: id('expense_items'), quantity: 1, unit_cost: 5_000 })],
  ['expense_requisitions', () => ({ title: 'Twice' })],
  [
    'asset_purchases',
    () => ({
      item_id: id('asset_items'),
      quantity: 1,
      unit_cost: 40_000,
      purchased_on: '2026-03-03',
      location_id: id('asset_locations'),
      mode_id: id('payment_options'),
      reference: 'Twice',
    }),
  ],
  ['fyear', () => ({ name: unique('FY '), starts_on: '2031-01-01', ends_on: '2031-12-31' })],
  [
    'advances',
    () => ({
      staff_id: made.get('salaried')!,
      amount: 10_000,
      mode_id: id('payment_options'),
      months: 1,
      consent: 'Form',
    }),
  ],
  ['salary_temp', () => ({ year: 2026, month: 4 })],
  [
    'salary_ledger',
    () => ({ temp_id: replies.get('salary_temp').rows[0].id, mode_id: id('payment_options'), reference: 'Twice' }),
  ],
  ['sms_packages', () => ({ credits: 100, price: 3_000, mode_id: id('payment_options') })],
  ['store_previous_debts', () => ({ student_id: student.id, amount: 20_000, note: 'Brought forward' })],
  [
    'pass_outs',
    () => ({
      student_id: student.id,
      type: 'Medical',
      reason: 'Clinic',
      time_out: '2026-03-02T09:00:00+03:00',
      expected_return: '2026-03-02T17:00:00+03:00',
      authorised_by: 'Deputy',
    }),
  ],
  [
    'report_comments',
    () => ({
      year: 2026,
      term: 2,
      comments: [{ student_id: student.id, class_teacher: 'Works hard', head_teacher: null }],
    }),
  ],
  [
    'competences',
    () => ({ subject_id: made.get('nlsc')!, class_id: a.classes.S1, year: 2026, term: 2, name: unique('Classifies ') }),
  ],
  ['medication', () => ({ student_id: student.id, complaint: 'Headache' })],
  ['staff_medication', () => ({ staff_id: id('staff'), complaint: 'Flu' })],
  [
    'add_store_stock',
    () => ({
      item_id: id('store_items'),
      quantity: 5,
      unit_cost: 1_000,
      payment: 'mode',
      mode_id: id('payment_options'),
      supplier_id: id('suppliers'),
    }),
  ],
  ['give_out_item', () => ({ item_id: id('store_items'), quantity: 1, issued_to: 'person', person: 'Cook' })],
  ['add_store_loss', () => ({ item_id: id('store_items'), quantity: 1, loss_kind: 'spoilt', reason: 'Rats' })],
  [
    'visitors',
    () => ({
      visitor_name: 'Parent',
      visitor_type: 'parent',
      purpose: 'Visit',
      whom: 'student',
      student_id: student.id,
    }),
  ],
  ['events', () => ({ title: 'PTA', event_type: 'pta', on_date: '2026-03-02' })],
  ['minutes', () => ({ event_id: made.get('event')!, resolutions: 'Resolved' })],
  ['staff_resources', () => ({ title: 'Circular', category: 'circular', file: file('circular.png') })],
  [
    'department_reports',
    () => ({ department_id: id('departments'), title: 'Report', body: 'Text', attachments: [file('chart.png')] }),
  ],
  ['student/attendance', () => ({ student_id: student.id })],
  ['staff/attendance', () => ({ staff_id: id('staff') })],
  [
    'take/rollcall',
    () => ({ category_id: id('rollcal/categories'), class_id: student.class_id, absent: [student.id] }),
  ],
  [
    'elearning',
    () => ({ title: 'Notes', kind: 'note', class_id: a.classes.S1, subject_id: id('subjects'), body: 'Text' }),
  ],
  ['school_logo', () => file('logo.png')],
  [
    'register',
    () => ({
      school: unique('Twice School '),
      name: 'Twice Head',
      username: unique('twicehead'),
      email: `${unique('twice')}@school.example`,
      password: 'twice-pass-9',
    }),
  ],
];

describe('the same request twice', () => {
  it('never answers 5xx to a hand-written call that adds a record', async () => {
    await setUp();
    const served = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const refused: string[] = [];
    const failures: string[] = [];
    for (const [path, body] of creates) {
      const url = `/${path.replace('{staff}', String(made.get('salaried')))}`;
      expect(served.has(`POST /api${url.replace(/\/\d+$/, '/:id')}`), `POST ${path} is served`).toBe(true);
      const payload = body();
      const first = await a.api.post(url, payload);
      // The body must be one the call accepts, else the second request proves nothing.
      replies.set(path, first.json().data);
      if (first.statusCode !== 200) refused.push(`POST ${path}: ${first.statusCode} ${first.body.slice(0, 200)}`);
      const again = await a.api.post(url, payload);
      if (again.statusCode === 200) replies.set(path, again.json().data);
      if (![200, 202].includes(again.statusCode))
        failures.push(`POST ${path} again: ${again.statusCode} ${again.body.slice(0, 200)}`);
    }
    expect(refused, 'bodies the call did not accept the first time').toEqual([]);
    expect(failures).toEqual([]);
  }, 120_000);
});
