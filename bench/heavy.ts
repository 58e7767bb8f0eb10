// `npm run bench:heavy --workspace=@somero/bench`: no school stalls the others (issue 38, point 4). One school
// prints its 3,000 ID cards again and again (`BENCH_PRINTERS` at once, 2: the per-school limit) while another
// school's user asks `GET /api/user` every 20 ms: its p50 and p99 with nothing printing, then while printing, and
// the ratio. Prints, never asserts; aim p99 < 50 ms on a quiet machine. The server is a process of its own
// (`heavy-server.ts`), so the timing client does not share its event loop. With DATABASE_URL the run makes a
// database of its own beside it and drops it at the end; else an embedded one in a temporary folder.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const password = 'bench-admin-pass';
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const printers = Number(process.env.BENCH_PRINTERS ?? 2);
const everyMs = 20;
const port = process.env.BENCH_PORT ?? '8096';
const base = `http://127.0.0.1:${port}`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'somero-heavy-'));
const env: Record<string, string> = { PORT: port, DATA_DIR: path.join(dataDir, 'data'), DEMO_ADMIN_PASSWORD: password };
const pgServer = process.env.BENCH_OWN_DATABASE === '1' ? undefined : process.env.DATABASE_URL;
const benchDatabase = `somero_heavy_${process.pid}_${Date.now()}`;
async function admin(statement: string) {
  const client = new pg.Client({ connectionString: pgServer });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
if (pgServer) {
  await admin(`create database ${benchDatabase}`);
  const url = new URL(pgServer);
  url.pathname = `/${benchDatabase}`;
  env.DATABASE_URL = url.toString();
}

function start(): Promise<{ child: ChildProcess; ready: string }> {
  const child = spawn(tsx, ['bench/heavy-server.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const line = chunk.toString();
      if (/ready/i.test(line)) resolve({ child, ready: line.trim() });
    });
    child.once('exit', (code) => reject(new Error(`bench/heavy-server.ts exited with ${code}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function signIn(username: string) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status} ${await res.text()}`);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

/** The other school's user: `GET /api/user` every 20 ms until `until()` says stop; each call's milliseconds. */
async function timeUser(auth: Record<string, string>, until: () => boolean) {
  const times: number[] = [];
  while (!until()) {
    const started = performance.now();
    const res = await fetch(`${base}/api/user`, { headers: auth });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /api/user: ${res.status}`);
    const took = performance.now() - started;
    times.push(took);
    await new Promise((r) => setTimeout(r, Math.max(0, everyMs - took)));
  }
  return times;
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, p50: at(sorted, 0.5), p99: at(sorted, 0.99), max: sorted.at(-1) ?? 0 };
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
console.log(`Heavy documents on ${kind}: load average at start ${load()}`);
const { child, ready } = await start();
try {
  console.log(ready);
  const printer = await signIn('admin');
  const other = await signIn('other-admin');

  /** One print of the whole school's ID cards: its seconds, megabytes and status. */
  const print = async () => {
    const started = performance.now();
    const res = await fetch(`${base}/api/student_ids`, {
      method: 'POST',
      headers: { ...printer, 'content-type': 'application/json' },
      body: '{}',
    });
    const bytes = (await res.arrayBuffer()).byteLength;
    return { status: res.status, s: (performance.now() - started) / 1000, mb: bytes / 1e6 };
  };

  // Warm: the workers started, the caches filled.
  const first = await print();
  if (first.status !== 200) throw new Error(`POST /api/student_ids: ${first.status}`);
  let warm = 0;
  await timeUser(other, () => warm++ >= 20);
  console.log(`one print of every card, alone: ${first.s.toFixed(1)} s, ${first.mb.toFixed(1)} MB`);

  // Nothing printing.
  let ends = performance.now() + seconds * 1000;
  const quiet = summary(await timeUser(other, () => performance.now() > ends));

  // Printing: each printer prints again as soon as its print is answered, until the time is up.
  ends = performance.now() + seconds * 1000;
  const prints: Awaited<ReturnType<typeof print>>[] = [];
  const printing = Array.from({ length: printers }, async () => {
    while (performance.now() < ends) prints.push(await print());
  });
  let done = false;
  const whilePrinting = timeUser(other, () => done);
  await Promise.all(printing);
  done = true;
  const busy = summary(await whilePrinting);

  const ok = prints.filter((p) => p.status === 200);
  console.log(
    `\nGET /api/user of the other school, every ${everyMs} ms (${seconds} s each; ${printers} prints at once)`,
  );
  console.log(
    `  nothing printing: p50 ${ms(quiet.p50)}, p99 ${ms(quiet.p99)}, max ${ms(quiet.max)} (${quiet.n} calls)`,
  );
  console.log(`  while printing:   p50 ${ms(busy.p50)}, p99 ${ms(busy.p99)}, max ${ms(busy.max)} (${busy.n} calls)`);
  console.log(
    `  ratio while printing ÷ nothing printing: p50 ${(busy.p50 / quiet.p50).toFixed(2)}, p99 ${(busy.p99 / quiet.p99).toFixed(2)} (aim: p99 < 50 ms on a quiet machine)`,
  );
  console.log(
    `  prints: ${ok.length} answered, ${prints.length - ok.length} refused; each ${ok.map((p) => p.s.toFixed(1)).join(', ')} s, ${ok[0]?.mb.toFixed(1) ?? '–'} MB`,
  );
  console.log(`load average at the end ${load()}`);
} finally {
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
  if (pgServer) await admin(`drop database if exists ${benchDatabase} with (force)`);
}
