import { resources } from '@somero/contract';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as apiTables from '../src/db/schema.js';
import { type JsonValue, plausible } from './plausible.js';
import { bearer, login, newSchool, type TestSchool, useTestApp } from './support.js';

/**
 * Issue 9 §3: no input, however malformed, gets a 500. This walks every POST/PUT route the server
 * registered (not a hand-kept list) and sends each a battery built from its own input schema: a
 * plausible body, then the same body with wrong types, null, arrays and objects for every field, 1 MB
 * strings, NUL, 2³¹, negative and fractional numbers, impossible dates, unknown keys, `__proto__`,
 * non-JSON and the wrong content type. Every reply must be below 500.
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
  beforeAll(async () => {
    school = await newSchool(t.app, t.database);
  });

  it('answers every malformed body of every POST/PUT route below 500', async () => {
    let token = school.adminToken;
    const routes = t.app.registeredRoutes.filter((r) => r.method === 'POST' || r.method === 'PUT');
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let sent = 0;
    const slow: [number, string, number][] = [];
    // The lock screen's calls get a session of their own from another address: locking it, or failing
    // its unlock many times, must not stop the rest of the battery (423, or 429 on signing in again).
    const screenToken = await login(t.app, school.adminUsername);
    const lockScreen = (url: string) => /\/(lock|unlock)$/.test(url);
    for (const r of routes) {
      const started = performance.now();
      const cases = battery(r.input);
      for (const [name, payload, type] of cases) {
        const send = () =>
          t.app.inject({
            method: r.method as 'POST',
            url: r.url.replace(/:(\w+)/g, '999999'),
            headers: { ...bearer(lockScreen(r.url) ? screenToken : token), 'content-type': type },
            payload,
            ...(lockScreen(r.url) ? { remoteAddress: '10.9.9.9' } : {}),
          });
        let res = await send();
        sent++;
        // A plausible body may end the session (logout, lock): sign in again and carry on.
        if ((res.statusCode === 401 || res.statusCode === 423) && r.access !== 'public') {
          token = await login(t.app, school.adminUsername);
          school.adminToken = token;
          res = await send();
        }
        if (res.statusCode >= 500) failures.push(`${r.method} ${r.url} ${name}: ${res.statusCode} ${res.body}`);
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
          headers: { ...bearer(school.adminToken), 'content-type': 'application/json' },
          payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : '{}',
        });
        if (res.statusCode >= 500) failures.push(`${r.method} ${r.url} ${id}: ${res.statusCode} ${res.body}`);
      }
    expect(failures).toEqual([]);
  });

  it('answers NUL and 2³¹ in a query string below 500, on every GET route', async () => {
    const routes = t.app.registeredRoutes.filter((r) => r.method === 'GET' && !r.url.includes(':'));
    const failures: string[] = [];
    for (const r of routes) {
      const base = r.input ? (plausible(r.input) as Record<string, Json>) : {};
      const keys = [...Object.keys(base), 'search'];
      for (const value of ['Te%00st', '2147483648', '-2147483649', '0000-01-01', '2026-02-30']) {
        const query = keys.map((k) => `${encodeURIComponent(k)}=${value}`).join('&');
        const res = await t.app.inject({ method: 'GET', url: `${r.url}?${query}`, headers: bearer(school.adminToken) });
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
    // audits.id is bigint, but never input. Any other kind of number column needs its own range.
    expect([...numeric].sort()).toEqual(['PgBigInt53 audits.id', 'PgInteger', 'PgSerial'].sort());
  });
});
