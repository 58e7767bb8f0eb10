import { describe, expect, it } from 'vitest';
import { SchoolScope } from '../src/core/scope.js';
import { bearer, newSchool, staffWith, type TestSchool, useTestApp } from './support.js';

const t = useTestApp();

/** The job as its screen sees it, polled until it has finished (or the test's patience runs out). */
async function finished(token: string, id: number) {
  for (let i = 0; i < 200; i++) {
    const res = await t.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const job = res.json().data;
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not finish`);
}

const scopeOf = (school: TestSchool) =>
  new SchoolScope(t.database.db, school.schoolId, { userId: school.adminId, name: 'Head Administrator' });

describe('jobs: long work off the request path', () => {
  it('runs queued work, shows its progress and hands its document only to the user who started it', async () => {
    const seen: number[][] = [];
    t.app.jobs.define<{ pages: number }>('count_pages', async ({ data, progress, scope }) => {
      for (let page = 1; page <= data.pages; page++) {
        await progress(page, data.pages);
        seen.push([scope.schoolId, page]);
      }
      return {
        message: `${data.pages} pages`,
        file: {
          bytes: new TextEncoder().encode(`%PDF-1.4 ${data.pages} pages`),
          mime: 'application/pdf',
          name: 'pages.pdf',
        },
      };
    });
    t.app.jobs.define(
      'break_down',
      async () => {
        throw new Error('the printer caught fire');
      },
      { retryLimit: 0 },
    );

    const school = await newSchool(t.app, t.database);
    const id = await t.app.jobs.start(scopeOf(school), 'count_pages', 'Count three pages', { pages: 3 });
    const job = await finished(school.adminToken, id);
    expect(job).toMatchObject({ status: 'done', done: 3, total: 3, failed: 0, message: '3 pages', has_file: true });
    expect(seen).toEqual([1, 2, 3].map((page) => [school.schoolId, page]));

    const file = await t.app.inject({ method: 'GET', url: `/api/jobs/${id}/file`, headers: bearer(school.adminToken) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('pages.pdf');
    expect(file.body).toBe('%PDF-1.4 3 pages');

    const mine = await t.app.inject({ method: 'GET', url: '/api/jobs', headers: bearer(school.adminToken) });
    expect(mine.json().data.map((j: { id: number; title: string }) => [j.id, j.title])).toEqual([
      [id, 'Count three pages'],
    ]);

    // Another user of the school, and another school's administrator, do not find it.
    const colleague = (await staffWith(t.app, t.database, school, ['view_students'])).token;
    const other = await newSchool(t.app, t.database);
    for (const token of [colleague, other.adminToken]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: bearer(token) })).statusCode).toBe(
        404,
      );
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/jobs/${id}/file`, headers: bearer(token) })).statusCode,
      ).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/jobs', headers: bearer(token) })).json().data).toEqual([]);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/jobs/${id}` })).statusCode).toBe(401);
  });

  it('says plainly when work failed, without the error itself', async () => {
    const school = await newSchool(t.app, t.database);
    const id = await t.app.jobs.start(scopeOf(school), 'break_down', 'Print everything', {});
    const job = await finished(school.adminToken, id);
    expect(job.status).toBe('failed');
    expect(job.message).toBe('It stopped with an error. Start it again; if it fails again, tell us.');
    expect(job.message).not.toContain('printer');
    expect(job.has_file).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/jobs/${id}/file`, headers: bearer(school.adminToken) }))
        .statusCode,
    ).toBe(404);
  });
});
