// A signed-in write request runs in one transaction (core/http.ts `serve`, db/open.ts): what it wrote stays only
// when it answers. A request that fails after its first write, is refused, or asks for confirmation leaves
// nothing; work it queued is never run; one that answers keeps everything, and its queued work runs.
import type { Call } from '@somero/contract';
import { jobs, staffPositions } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { NeedsConfirmation, Refusal } from '../src/core/errors.js';
import { bearer, newSchool, unique, useTestApp } from './support.js';

const t = useTestApp();

/** A call of the project's own, for this file: it writes two positions, then ends as `how` says. */
const twoWrites = {
  method: 'POST',
  path: 'test/two_writes',
  access: 'view_staff',
  summary: 'Writes two staff positions, then ends as asked',
  input: z.object({
    name: z.string(),
    how: z.enum(['answer', 'refuse', 'confirm', 'fault', 'duplicate', 'given_up_once', 'given_up_always']),
  }),
  output: z.number(),
} as const satisfies Call;

/** How many times the handler ran for each name. */
const triesOf = new Map<string, number>();

async function appWithTheCall() {
  return buildApp({
    database: t.database,
    config: t.config,
    extraRoutes: ({ serve, jobs: queue }) => {
      queue.define<{ name: string }>('one_transaction_probe', async ({ scope, data }) => {
        await scope.table(staffPositions, 'staff').insert({ name: `${data.name} (from the job)` });
      });
      serve(twoWrites, async ({ input, scope }) => {
        const positions = scope.table(staffPositions, 'staff');
        await positions.insert({ name: input.name });
        await queue.start(scope, 'one_transaction_probe', input.name, { name: input.name });
        await positions.insert({ name: `${input.name} II` });
        if (input.how === 'refuse') throw new Refusal('Refused after two writes.');
        if (input.how === 'confirm') throw new NeedsConfirmation('Sure?');
        if (input.how === 'fault') throw new Error('a fault after two writes');
        // As the database gives a transaction up (a deadlock): once, or every time it is made again.
        const tries = (triesOf.get(input.name) ?? 0) + 1;
        triesOf.set(input.name, tries);
        if (input.how === 'given_up_always' || (input.how === 'given_up_once' && tries === 1))
          throw Object.assign(new Error('Failed query'), { cause: { code: '40P01', message: 'deadlock detected' } });
        // The database refuses the third write: the first position's name again (its unique index).
        if (input.how === 'duplicate') await positions.insert({ name: input.name });
        return { data: 1 };
      });
    },
  });
}

describe('a write request is one transaction', () => {
  test('refused, asking to confirm, failing or refused by the database after two writes: nothing is left, its job never runs', async () => {
    const school = await newSchool(t.app, t.database);
    const app = await appWithTheCall();
    await app.jobs.run();
    try {
      const sent = [];
      for (const how of ['refuse', 'confirm', 'fault', 'duplicate'] as const) {
        const name = unique(`${how} `);
        const res = await app.inject({
          method: 'POST',
          url: '/api/test/two_writes',
          headers: bearer(school.adminToken),
          payload: { name, how },
        });
        sent.push({ how, status: res.statusCode, message: res.json().message });
      }
      expect(sent).toEqual([
        { how: 'refuse', status: 202, message: 'Refused after two writes.' },
        { how: 'confirm', status: 202, message: 'Sure?' },
        { how: 'fault', status: 500, message: expect.stringMatching(/^Something went wrong on the server/) },
        { how: 'duplicate', status: 202, message: 'A record with these details already exists.' },
      ]);
      // Long enough for a worker to have taken a queued job (it is woken at once when one is queued).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const left = await t.database.db
        .select({ name: staffPositions.name })
        .from(staffPositions)
        .where(eq(staffPositions.schoolId, school.schoolId));
      expect(left.filter((p) => /^(refuse|confirm|fault|duplicate) /.test(p.name))).toEqual([]);
      expect(
        await t.database.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.schoolId, school.schoolId), eq(jobs.kind, 'one_transaction_probe'))),
      ).toEqual([]);
    } finally {
      await app.close();
    }
  });

  test('answered: both writes stay, and the job it queued runs once it has committed', async () => {
    const school = await newSchool(t.app, t.database);
    const app = await appWithTheCall();
    await app.jobs.run();
    try {
      const name = unique('answer ');
      const res = await app.inject({
        method: 'POST',
        url: '/api/test/two_writes',
        headers: bearer(school.adminToken),
        payload: { name, how: 'answer' },
      });
      expect(res.statusCode).toBe(200);
      const names = async () =>
        (
          await t.database.db
            .select({ name: staffPositions.name })
            .from(staffPositions)
            .where(eq(staffPositions.schoolId, school.schoolId))
        )
          .map((p) => p.name)
          .filter((n) => n.startsWith(name))
          .sort();
      for (let i = 0; i < 100 && (await names()).length < 3; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await names()).toEqual([name, `${name} (from the job)`, `${name} II`]);
    } finally {
      await app.close();
    }
  });

  test('given up by the database: made again from the start, once kept; given up every time, it answers busy and keeps nothing', async () => {
    const school = await newSchool(t.app, t.database);
    const app = await appWithTheCall();
    try {
      const send = (name: string, how: string) =>
        app.inject({
          method: 'POST',
          url: '/api/test/two_writes',
          headers: bearer(school.adminToken),
          payload: { name, how },
        });
      const once = unique('once ');
      expect((await send(once, 'given_up_once')).statusCode).toBe(200);
      expect(triesOf.get(once)).toBe(2);
      const always = unique('always ');
      const busy = await send(always, 'given_up_always');
      expect([busy.statusCode, busy.json().message]).toEqual([503, 'The server was busy. Try again in a moment.']);
      expect(triesOf.get(always)).toBe(4);
      const names = (
        await t.database.db
          .select({ name: staffPositions.name })
          .from(staffPositions)
          .where(eq(staffPositions.schoolId, school.schoolId))
      )
        .map((p) => p.name)
        .sort();
      // The first try's writes went with it: each position once.
      expect(names.filter((n) => n.startsWith(once) && !n.includes('job'))).toEqual([once, `${once} II`]);
      expect(names.filter((n) => n.startsWith(always))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
