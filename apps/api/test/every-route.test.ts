import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type CallAccess,
  classes,
  isPermissionFlag,
  type PermissionFlag,
  permissionFlags,
  projectFlags,
  staffPositions,
  staffSubjects,
  streams,
} from '@somero/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { signedInOperator } from './operator-fixtures.js';
import { bearer, newSchool, staffWith, type TestSchool, useTestApp } from './support.js';

/**
 * These walk the routes the server actually registered (not a hand-kept list), so every route a
 * later area adds is covered: sign-in, permission flag and input shape.
 */
const t = useTestApp();
const concrete = (url: string) => url.replace(/:(\w+)/g, '999999');

describe('every registered API route', () => {
  let school: TestSchool;
  let nobody: string;

  it('is a known route with an access rule', async () => {
    school = await newSchool(t.app, t.database);
    // A staff user whose group holds no flag at all.
    nobody = (await staffWith(t.app, t.database, school, [])).token;
    expect(t.app.registeredRoutes.length).toBeGreaterThan(15);
    for (const r of t.app.registeredRoutes) expect(r.access, `${r.method} ${r.url}`).toBeTruthy();
  });

  it('answers 401 without a token, except the public ones', async () => {
    for (const r of t.app.registeredRoutes.filter((r) => r.access !== 'public')) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('answers 401 with an unknown token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer('not-a-real-token') });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to a user group without the route’s flag, and not 403 with it', async () => {
    // A route's flags: its one flag, or each of the flags any one of which lets a user in.
    const flagsOf = (access: CallAccess): PermissionFlag[] =>
      typeof access !== 'string' ? [...access] : isPermissionFlag(access) ? [access] : [];
    const guarded = t.app.registeredRoutes.filter((r) => flagsOf(r.access).length > 0 || r.access === 'admin');
    expect(guarded.length).toBeGreaterThan(5);
    const holders = new Map<PermissionFlag, string>();
    for (const r of guarded) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: bearer(nobody),
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      for (const flag of flagsOf(r.access)) {
        if (!holders.has(flag)) holders.set(flag, (await staffWith(t.app, t.database, school, [flag])).token);
        const allowed = await t.app.inject({
          method: r.method as 'GET',
          url: concrete(r.url),
          headers: bearer(holders.get(flag)!),
          payload: r.method === 'GET' ? undefined : {},
        });
        expect(allowed.statusCode, `${r.method} ${r.url} with ${flag}`).not.toBe(403);
        expect(allowed.statusCode, `${r.method} ${r.url} with ${flag}`).toBeLessThan(500);
      }
    }
    // Some 500 calls, each of whose allowed side runs its query: ~10 s alone, far more beside other files.
  }, 180_000);

  it('answers 422, never 500, to a body of the wrong shape', async () => {
    // The service console's calls with an operator's token (a school's is refused before the body is read).
    const operator = await signedInOperator(t.app, t.database);
    for (const r of t.app.registeredRoutes.filter((r) => r.method === 'POST' || r.method === 'PUT')) {
      for (const payload of [[1, 2, 3], 'text', { page: 'x', id: {}, name: 12, username: [], password: 5 }]) {
        const res = await t.app.inject({
          method: r.method as 'POST',
          url: concrete(r.url),
          headers: {
            ...bearer(r.access === 'operator' ? operator.token : school.adminToken),
            'content-type': 'application/json',
          },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, `${r.method} ${r.url} ${JSON.stringify(payload)}: ${res.body}`).toBeLessThan(500);
        if (Array.isArray(payload) || typeof payload === 'string')
          expect(res.statusCode, `${r.method} ${r.url}`).toBe(422);
      }
    }
  });

  it('answers 422 to malformed JSON and to a bad query', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: { ...bearer(school.adminToken), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(bad.statusCode).toBe(422);
    const query = await t.app.inject({ method: 'GET', url: '/api/users?page=-3', headers: bearer(school.adminToken) });
    expect(query.statusCode).toBe(422);
    expect(query.json().errors.page).toBeDefined();
  });

  it('answers 404 naming the call for an unknown API path', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/no/such/thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such API call: PATCH /api/no/such/thing' });
  });

  it('serves the OpenAPI document with every registered call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/login'].post).toBeDefined();
    expect(doc.paths['/api/users/{id}'].put).toBeDefined();
    // A declared entity's generic calls say what they do.
    expect(doc.paths['/api/fees_categories'].get.summary).toBe('Fees Categories: paged, with search, sort and filters');
    expect(doc.paths['/api/fees_categories'].post.summary).toBe('Add a fees category');
    expect(doc.paths['/api/fees_categories/{id}'].put.summary).toBe('Change a fees category');
    expect(doc.paths['/api/fees_categories/{id}'].delete.summary).toBe('Remove a fees category nothing refers to');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('serves every call of the specification', () => {
    // shared/spec/calls.tsv as committed among the contract's fixtures (a fresh clone has no shared/).
    const spec = readFileSync(new URL('../../../packages/contract/test/fixtures/calls.tsv', import.meta.url), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t'));
    expect(spec).toHaveLength(435);
    // users/{id} and /api/users/:id alike, whatever the parameter's name (asset_labels/{purchase}).
    const shape = (method: string, url: string) =>
      `${method} ${url.replace(/^\/api\//, '').replace(/\{\w+\}|:\w+/g, '{}')}`;
    const served = new Set(t.app.registeredRoutes.map((r) => shape(r.method, r.url)));
    const missing = spec.filter(([method, path]) => !served.has(shape(method, path))).map(([m, p]) => `${m} ${p}`);
    expect(missing, 'calls of shared/spec/calls.tsv the server does not serve').toEqual([]);
  });

  it("covers the specification's 99 flags and the project's own in user groups", () => {
    expect(permissionFlags).toHaveLength(99 + projectFlags.length);
    expect(permissionFlags).toContain('write_head_teacher_comments');
  });
});

describe('the core', () => {
  it('serves the web app for screen paths (history mode), but not for missing files', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'somero-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Somero</title>');
    writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), 'console.log(1)');
    const app = await buildApp({ database: t.database, config: { ...t.config, webDist: dist } });
    const screen = await app.inject({ method: 'GET', url: '/student/ledger/12/Nakato%20Sarah' });
    const chunk = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    const stale = await app.inject({ method: 'GET', url: '/assets/app-old.js' });
    const api = await app.inject({ method: 'GET', url: '/api/nothing' });
    await app.close();
    expect(screen.statusCode).toBe(200);
    expect(screen.body).toContain('<title>Somero</title>');
    expect(screen.headers['cache-control']).toBe('no-cache');
    expect(chunk.headers['cache-control']).toContain('immutable');
    expect(stale.statusCode).toBe(404);
    expect(api.json().message).toBe('No such API call: GET /api/nothing');
  });

  it('refuses to start when a route declares no access', async () => {
    await expect(
      buildApp({
        database: t.database,
        config: t.config,
        extraRoutes: ({ app }) => app.get('/api/forgotten', async () => ({ data: 1 })),
      }),
    ).rejects.toThrow(/declares no access/);
  });

  it('answers a server fault with 500, a request id and no stack trace', async () => {
    const app = await buildApp({
      database: t.database,
      config: t.config,
      extraRoutes: ({ app }) =>
        app.get('/api/broken', { config: { access: 'public' } }, async () => {
          throw new Error('secret internal detail');
        }),
    });
    const res = await app.inject({ method: 'GET', url: '/api/broken' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json().request_id).toBeTruthy();
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('at ');
  });

  it('answers what a unique index or a foreign key refuses with 202 in words, never 500 nor the database’s', async () => {
    // Written without the checks a handler makes, as two requests at once slip past them; drizzle
    // wraps the driver's error (DrizzleQueryError), which the handler must look into.
    const school = await newSchool(t.app, t.database);
    const db = t.database.db;
    const [s1] = await db
      .insert(classes)
      .values({ schoolId: school.schoolId, name: 'Senior Seven', level: 'olevel', curriculum: 'new' })
      .returning();
    await db.insert(streams).values({ schoolId: school.schoolId, classId: s1.id, name: 'East' });
    const app = await buildApp({
      database: t.database,
      config: t.config,
      extraRoutes: ({ app }) => {
        const route = (url: string, write: () => Promise<unknown>) =>
          app.post(url, { config: { access: 'public' } }, async () => ({ data: await write() }));
        const position = { schoolId: school.schoolId, name: 'Bursar' };
        route('/api/twice', async () => {
          await db.insert(staffPositions).values(position);
          await db.insert(staffPositions).values(position);
        });
        route('/api/dangling', () =>
          db
            .insert(staffSubjects)
            .values({ schoolId: school.schoolId, staffId: 999_999, subjectId: 1, classId: s1.id }),
        );
        route('/api/in_use', () => db.delete(classes).where(eq(classes.id, s1.id)));
      },
    });
    const answers = [];
    for (const url of ['/api/twice', '/api/dangling', '/api/in_use'])
      answers.push(await app.inject({ method: 'POST', url, payload: {} }));
    await app.close();
    expect(answers.map((a) => [a.statusCode, a.json()])).toEqual([
      [202, { message: 'A record with these details already exists.' }],
      [202, { message: 'Something this record refers to no longer exists. Reload and try again.' }],
      [202, { message: 'This record is still in use by other records, so it cannot be removed.' }],
    ]);
  });
});
