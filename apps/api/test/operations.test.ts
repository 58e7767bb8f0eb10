import { describe, expect, it } from 'vitest';
import { useTestApp } from './support.js';

/** What an operator's load balancer and monitoring ask (issue 26 §4): public, cheap, saying no school's data. */
const t = useTestApp();

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
    const newer = Date.now() + 86_400_000;
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
