import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { now } from '../src/core/dates.js';
import type { Json } from './students-fixtures.js';
import { bearer, newSchool, useTestApp } from './support.js';

/** What an operator's load balancer and monitoring ask (issue 26 §4): public, cheap, saying no school's data. */
const lines: Json[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
    done();
  },
});
const t = useTestApp({ env: { METRICS_PORT: '0' }, logger: { level: 'info', stream } });

describe('health and readiness', () => {
  it('health answers "ok" without a sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('ready is 503 until the job queue runs, naming it; then 200', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'not ready', database: true, migrations: true, jobs: false });
    await t.app.jobs.run();
    const after = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toEqual({ status: 'ready', database: true, migrations: true, jobs: true });
  });

  it('ready is 503 on a database whose schema is not this release’s', async () => {
    await t.app.jobs.run();
    // A migration newer than any committed one, as a later release would have left (later releases' and
    // this one's processes then migrate nothing, so the shared test database is safe).
    const newer = now().getTime() + 86_400_000;
    await t.database.raw('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      'a later release',
      newer,
    ]);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', database: true, migrations: false, jobs: true });
    } finally {
      await t.database.raw('delete from drizzle.__drizzle_migrations where created_at = $1', [newer]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe('logs and metrics', () => {
  it('logs one line a request with its id and its school, the route and never the query, a name or a token', async () => {
    const school = await newSchool(t.app, t.database);
    lines.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/classes?per_page=50&search=Nakato',
      headers: bearer(school.adminToken),
    });
    expect(res.statusCode).toBe(200);
    const line = lines.find((l) => l.msg === 'request' && l.route === '/api/classes');
    expect(line).toMatchObject({ method: 'GET', status: 200, school: school.schoolId, reqId: expect.any(String) });
    // Only that line: Fastify's own "incoming request" and "request completed" are off.
    expect(lines.filter((l) => l.reqId === line?.reqId).map((l) => l.msg)).toEqual(['request']);
    const written = JSON.stringify(lines);
    expect(written).not.toContain('Nakato');
    expect(written).not.toContain(school.adminToken);
    expect(written).not.toContain('per_page');
  });

  it('serves the figures on a port of their own: requests by route and status, durations, jobs', async () => {
    const school = await newSchool(t.app, t.database);
    for (const url of ['/api/classes?search=Nakato', '/api/no_such_call']) {
      await t.app.inject({ method: 'GET', url, headers: bearer(school.adminToken) });
    }
    const server = await t.app.metrics!.listen(0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/somero_http_requests_total\{route="\/api\/classes",method="GET",status="200"\} [1-9]/);
      expect(text).toMatch(/somero_http_requests_total\{route="unknown",method="GET",status="404"\} [1-9]/);
      expect(text).toMatch(/somero_http_request_duration_seconds_count\{route="\/api\/classes",method="GET"\} [1-9]/);
      expect(text).toMatch(/somero_jobs\{status="queued"\} \d+/);
      if (t.database.kind === 'postgres') expect(text).toMatch(/somero_db_pool_connections\{state="total"\} [1-9]/);
      expect(text).not.toContain('Nakato');
      expect((await fetch(`${base}/`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
