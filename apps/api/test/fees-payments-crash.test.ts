import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A real server process on an embedded database receives a stream of payments and is killed with
 * SIGKILL; restarted on the same data, every payment it answered 200 is there with its receipt.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'somero-crash-'));
const password = 'crash-test-password-1';
let child: ChildProcess | undefined;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function start(port: number): Promise<ChildProcess> {
  // One process (node with tsx's loader), so that SIGKILL kills the server itself, not a wrapper.
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: path.join(dataDir, 'db'),
      PORT: String(port),
      HOST: '127.0.0.1',
      // An empty database: the test registers its own small school (seeding the demo takes a minute).
      DEMO_SCHOOL: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    // A failsafe only: the start is waited for by its "ready" line (a loaded machine may take minutes).
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 240_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Somero is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return proc;
}

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed while taking payments', () => {
  it('keeps every payment it answered 200, with its receipt', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    child = await start(port);
    const json = { 'content-type': 'application/json' };
    const registered = await fetch(`${base}/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        school: 'Crash Test College',
        name: 'Crash Administrator',
        username: 'admin',
        email: 'admin@crash.example',
        password,
      }),
    });
    expect(registered.status).toBe(200);
    const signIn = async () => {
      const res = await fetch(`${base}/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: 'admin', password }),
      });
      expect(res.status).toBe(200);
      return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
    };
    let auth = await signIn();
    const post = async (url: string, body: object) => {
      const res = await fetch(`${base}/${url}`, {
        method: 'POST',
        headers: { ...auth, ...json },
        body: JSON.stringify(body),
      });
      const reply = (await res.json()) as { data: { id: number } };
      expect(res.status, JSON.stringify(reply)).toBe(200);
      return reply.data.id;
    };
    const modeId = await post('payment_options', {
      name: 'Crash Cash',
      kind: 'cash',
      opening_balance: 0,
      opening_on: '2026-01-01',
    });
    const classes = (await (await fetch(`${base}/classes?per_page=10`, { headers: auth })).json()) as {
      data: { id: number }[];
    };
    const classId =
      classes.data[0]?.id ?? (await post('classes', { name: 'S1', level: 'olevel', curriculum: 'new', rank: 1 }));
    const studentIds: number[] = [];
    for (const surname of ['Nakato', 'Okello', 'Achieng', 'Mugisha', 'Namubiru'])
      studentIds.push(
        await post('students', {
          surname,
          other_names: 'Crash',
          gender: 'F',
          class_id: classId,
          admitted_on: '2026-02-10',
        }),
      );

    // Four desks pay in a loop (confirmed: these students owe nothing) until the process dies; it dies once 20 payments were answered, with more in flight.
    const answered: number[] = [];
    let enough: () => void = () => {};
    const twenty = new Promise<void>((resolve) => {
      enough = resolve;
    });
    let alive = true;
    let n = 0;
    const desk = async () => {
      while (alive && n < 400) {
        const i = n++;
        try {
          const res = await fetch(`${base}/fees_payments`, {
            method: 'POST',
            headers: { ...auth, ...json },
            body: JSON.stringify({
              student_id: studentIds[i % studentIds.length],
              amount: 1000 + i,
              mode_id: modeId,
              confirm: true,
            }),
          });
          if (res.status === 200) answered.push(((await res.json()) as { data: number }).data);
          if (answered.length >= 20) enough();
        } catch {
          // The connection died with the process: this payment was never answered.
        }
      }
    };
    const desks = Promise.all([desk(), desk(), desk(), desk()]);
    await Promise.race([twenty, desks]);
    expect(answered.length, 'payments answered before the kill').toBeGreaterThanOrEqual(20);
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    alive = false;
    await desks;
    // Killed mid-stream: not every one of the 400 payments was answered.
    expect(answered.length).toBeLessThan(400);

    child = await start(port);
    auth = await signIn();
    const receipts = await fetch(`${base}/fees_receipts`, {
      method: 'POST',
      headers: { ...auth, ...json },
      body: JSON.stringify({ per_page: 500, mode_id: modeId }),
    });
    const rows = ((await receipts.json()) as { data: { id: number; receipt_no: number }[] }).data;
    const kept = new Set(rows.map((r) => r.id));
    for (const id of answered) expect(kept.has(id), `payment ${id}`).toBe(true);
    // The receipt numbers that survived follow on: the killed transactions left no gap.
    const numbers = rows.map((r) => r.receipt_no).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    const pdf = await fetch(`${base}/fees_payments/${answered.at(-1)}`, { headers: auth });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  }, 600_000);
});
