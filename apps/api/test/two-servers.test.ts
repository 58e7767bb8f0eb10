import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { dropMadeDatabases, emptyPostgres, unique } from './support.js';

/**
 * Several server processes on one PostgreSQL (issue 26 §3): two real servers share one database with the
 * demo school. Desks pay through both (receipts gapless, nothing lost or doubled with an Idempotency-Key),
 * a flag taken away through one is refused by the other as soon as it hears the news (not when its 5-second cache runs out), and a
 * whole-school print is done once. PostgreSQL only: the embedded database is one process's.
 */
const work = mkdtempSync(path.join(tmpdir(), 'somero-two-servers-'));
let databaseUrl = '';
const children: ChildProcess[] = [];
const password = 'two-servers-pass-1';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function startServer(databaseUrl: string, port: number): Promise<string> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DEMO_SCHOOL: 'true',
      DEMO_ADMIN_PASSWORD: password,
      DATA_DIR: path.join(work, `data${port}`),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(work, 'no-web'),
      BACKUP_HOURS: '0',
      ONLINE_SYNC_MINUTES: '0',
      // One queue for both, as two processes of one deployment share it.
      JOBS_QUEUE: 'two-servers',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 300_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Somero is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return `http://127.0.0.1:${port}/api`;
}

// biome-ignore lint/suspicious/noExplicitAny: JSON replies, read field by field in assertions
type Reply = { status: number; body: { data?: any; message?: string; token?: string } };
const json = { 'content-type': 'application/json' };
async function call(base: string, token: string | null, method: string, url: string, body?: object, extra = {}) {
  const res = await fetch(`${base}/${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? json : {}), ...extra },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Reply['body'] } satisfies Reply;
}
const signIn = async (base: string, username: string) => {
  const res = await call(base, null, 'POST', 'login', { username, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
};

let a = '';
let b = '';
let adminA = '';
let adminB = '';

// PostgreSQL only: vitest.config.ts leaves this file out when TEST_DATABASE_URL is not set.
describe('two servers on one PostgreSQL database', () => {
  beforeAll(async () => {
    databaseUrl = await emptyPostgres('two_servers_');
    // The first seeds the demo school; the second starts on it (both would migrate it once).
    a = await startServer(databaseUrl, await freePort());
    b = await startServer(databaseUrl, await freePort());
    adminA = await signIn(a, 'admin');
    adminB = await signIn(b, 'admin');
  }, 600_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    await dropMadeDatabases();
    rmSync(work, { recursive: true, force: true });
  });

  /**
   * What a server answers once it has heard of a change made through the other, and whether it heard it by the
   * news. It is asked every 25 ms while it still answers 200 (the news arrives a moment after the commit). Its
   * copy of a caller is kept 5 s from when it looked (`cacheMs` in core/auth.ts), and `lookedAfter` is taken
   * before it first looked, so an answer that changed and came back before `lookedAfter` + 5 s came from the
   * news, never from the copy's age. The test does not time the news: that bound only says which of the two
   * changed the answer.
   */
  const cacheMs = 5000;
  const answerOnceChanged = async (lookedAfter: number, ask: () => Promise<{ status: number }>) => {
    for (;;) {
      const { status } = await ask();
      const byNews = Date.now() < lookedAfter + cacheMs;
      if (status !== 200 || !byNews) return { status, byNews };
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  it('takes a flag away through one server and the other refuses as soon as it hears, before its copy runs out', async () => {
    const group = await call(a, adminA, 'POST', 'roles', { name: 'Desk Clerks' });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    const roleId = group.body.data.id as number;
    expect((await call(a, adminA, 'PUT', `permissions/${roleId}`, { flags: { view_users: true } })).status).toBe(200);
    const username = unique('clerk');
    const user = await call(a, adminA, 'POST', 'users', {
      name: 'Desk Clerk',
      username,
      type: 2,
      role_id: roleId,
      password,
    });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    const bLooked = Date.now();
    const clerkOnB = await signIn(b, username);
    // B has seen the clerk with the flag (and keeps what it saw for a few seconds)…
    expect((await call(b, clerkOnB, 'GET', 'users')).status).toBe(200);
    // …A takes it away…
    expect((await call(a, adminA, 'PUT', `permissions/${roleId}`, { flags: { view_users: false } })).status).toBe(200);
    // …and B refuses once the news arrives, not when its copy runs out.
    expect(await answerOnceChanged(bLooked, () => call(b, clerkOnB, 'GET', 'users'))).toEqual({
      status: 403,
      byNews: true,
    });

    // A session signed out on one server ends on the other when the news arrives.
    const clerkOnA = await signIn(a, username);
    await call(a, adminA, 'PUT', `permissions/${roleId}`, { flags: { view_users: true } });
    const bLookedAgain = Date.now();
    expect((await call(b, clerkOnA, 'GET', 'users')).status).toBe(200);
    expect((await call(a, clerkOnA, 'POST', 'logout', {})).status).toBe(200);
    expect(await answerOnceChanged(bLookedAgain, () => call(b, clerkOnA, 'GET', 'users'))).toEqual({
      status: 401,
      byNews: true,
    });
  });

  it('takes payments at desks on both servers: gapless receipts, none lost, none doubled', async () => {
    const modes = await call(a, adminA, 'GET', 'payment_options?per_page=50');
    const modeId = (modes.body.data as { id: number; kind: string }[]).find((m) => m.kind === 'cash')?.id;
    const students = await call(a, adminA, 'POST', 'view_students', { per_page: 20 });
    const studentIds = (students.body.data as { id: number }[]).map((s) => s.id);
    expect(studentIds.length).toBe(20);
    const before = await call(a, adminA, 'POST', 'fees_receipts', { per_page: 1, mode_id: modeId });
    const receiptsBefore = before.body as unknown as { total: number };

    // Four desks, two on each server; each payment sent twice with its key (a retry after a lost answer).
    const answered: { id: number; again: number }[] = [];
    const desk = async (base: string, token: string, first: number) => {
      for (let i = first; i < first + 10; i++) {
        const key = randomUUID();
        const body = {
          student_id: studentIds[i % studentIds.length],
          amount: 5000 + i,
          mode_id: modeId,
          confirm: true,
        };
        const one = await call(base, token, 'POST', 'fees_payments', body, { 'idempotency-key': key });
        const other = base === a ? b : a;
        const two = await call(other, base === a ? adminB : adminA, 'POST', 'fees_payments', body, {
          'idempotency-key': key,
        });
        expect(one.status, JSON.stringify(one.body)).toBe(200);
        expect(two.status, JSON.stringify(two.body)).toBe(200);
        answered.push({ id: one.body.data as number, again: two.body.data as number });
      }
    };
    await Promise.all([desk(a, adminA, 0), desk(a, adminA, 10), desk(b, adminB, 20), desk(b, adminB, 30)]);
    expect(answered).toHaveLength(40);
    for (const p of answered) expect(p.again).toBe(p.id);

    const list = await call(b, adminB, 'POST', 'fees_receipts', { per_page: 500, mode_id: modeId });
    const body = list.body as unknown as { total: number; data: { id: number; receipt_no: number }[] };
    expect(body.total).toBe(receiptsBefore.total + 40);
    const ours = body.data
      .filter((r) => answered.some((p) => p.id === r.id))
      .map((r) => r.receipt_no)
      .sort((x, y) => x - y);
    // The 40 receipt numbers the two servers gave run on without a gap or a repeat.
    expect(ours).toHaveLength(40);
    expect(ours).toEqual(ours.map((_, i) => (ours[0] as number) + i));

    // One payment sent with its key to both servers at the same moment is one payment: both answer it.
    for (let i = 0; i < 10; i++) {
      const key = randomUUID();
      const body = { student_id: studentIds[i], amount: 7000 + i, mode_id: modeId, confirm: true };
      const [one, two] = await Promise.all([
        call(a, adminA, 'POST', 'fees_payments', body, { 'idempotency-key': key }),
        call(b, adminB, 'POST', 'fees_payments', body, { 'idempotency-key': key }),
      ]);
      expect([one.status, two.status], JSON.stringify([one.body, two.body])).toEqual([200, 200]);
      expect(two.body.data).toBe(one.body.data);
    }
    const after = await call(a, adminA, 'POST', 'fees_receipts', { per_page: 1, mode_id: modeId });
    expect((after.body as unknown as { total: number }).total).toBe(receiptsBefore.total + 50);
  }, 180_000);

  it("prints the whole school's cards once, whichever server's worker takes the job", async () => {
    const settings = (await call(a, adminA, 'GET', 'current_settings')).body.data as { year: number; term: number };
    const started = await call(a, adminA, 'POST', 'reports_updated', {
      kind: 'alevel_reports',
      year: settings.year,
      term: settings.term,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const jobId = started.body.data.job_id as number;
    let job: { status: string; message: string | null } = { status: 'queued', message: null };
    for (let i = 0; i < 600 && !['done', 'failed'].includes(job.status); i++) {
      await new Promise((r) => setTimeout(r, 500));
      job = (await call(i % 2 ? a : b, i % 2 ? adminA : adminB, 'GET', `jobs/${jobId}`)).body.data;
    }
    expect(job.status, job.message ?? '').toBe('done');
    // Done once: one document, and each card recorded as printed once.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows: files } = await db.query(
        "select count(*)::int as n from files where kind = 'job_result' and id = (select result_file_id from jobs where id = $1)",
        [jobId],
      );
      expect(files[0].n).toBe(1);
      const { rows } = await db.query(
        "select count(*)::int as n from files where kind = 'job_result' and created_at >= (select created_at from jobs where id = $1)",
        [jobId],
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await db.end();
    }
    expect(job.message).toMatch(/^\d+ cards in 2 classes\./);
  }, 300_000);
});
