// `npm run bench`: prints figures from one run on this machine. Ratios, not verdicts: nothing here fails.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const password = 'bench-admin-pass';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

function start(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; ms: number }> {
  const t0 = performance.now();
  const child = spawn(tsx, [script], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (/ready/i.test(chunk.toString())) resolve({ child, ms: performance.now() - t0 });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function load(url: string, headers: Record<string, string> = {}, body?: object) {
  const r = await autocannon({
    url,
    connections: 20,
    duration: seconds,
    headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(body ? { method: 'POST' as const, body: JSON.stringify(body) } : {}),
  });
  if (r.non2xx) throw new Error(`${url}: ${r.non2xx} replies were not 2xx`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const fmt = (x: { rps: number; p99: number }) => `${Math.round(x.rps).toString().padStart(6)} req/s   p99 ${x.p99} ms`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'somero-bench-'));
const port = '8097';
const env = { PORT: port, DATA_DIR: path.join(dataDir, 'data'), DEMO_ADMIN_PASSWORD: password };
const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
console.log(`Somero benchmark on ${kind}, ${seconds} s per route, 20 connections\n`);

const { child } = await start('bench/server.ts', env);
try {
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const { token } = (await login.json()) as { token: string };
  const bare = await load(`${base}/api/bench/bare`);
  const raw = await load(`${base}/api/bench/raw`);
  const user = await load(`${base}/api/user`, { authorization: `Bearer ${token}` });
  console.log(`bare route            ${fmt(bare)}`);
  console.log(`one raw driver query  ${fmt(raw)}`);
  console.log(`GET /api/user         ${fmt(user)}`);
  console.log(`ratio GET /api/user ÷ raw query: ${(user.rps / raw.rps).toFixed(2)} (aim ≥ 0.7)`);

  // The register: 3,000 students, one class's first page of 50.
  const auth = { authorization: `Bearer ${token}` };
  const classes = (await (await fetch(`${base}/api/classes`, { headers: auth })).json()) as {
    data: { id: number; name: string }[];
  };
  const s1 = classes.data.find((c) => c.name === 'S1');
  const page = await load(`${base}/api/view_students`, auth, { class_id: s1?.id, per_page: 50 });
  console.log(`POST view_students     ${fmt(page)}   (3,000 students, S1, page of 50)`);
  console.log(`ratio view_students ÷ raw query: ${(page.rps / raw.rps).toFixed(2)}`);
} finally {
  await stop(child);
}

if (!process.env.DATABASE_URL) {
  // Start-up on the data directory the run above created and seeded.
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const s = await start('apps/api/src/server.ts', env);
    runs.push(s.ms);
    await stop(s.child);
  }
  console.log(
    `\nstart to ready on an existing embedded data directory: ${Math.round(Math.min(...runs))} ms best of 3 (aim < 3000)`,
  );
}
rmSync(dataDir, { recursive: true, force: true });

await shellSizes();

/** The gzipped JavaScript a browser loads for /login and /dashboardv1, measured in Chromium. */
async function shellSizes() {
  const dist = path.join(root, 'apps/web/dist');
  const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
  if (!existsSync(dist) || !chromium) {
    console.log('\nweb bundle sizes: skipped (needs apps/web/dist and Chromium)');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'somero-bench-web-'));
  const server = await start('apps/api/src/server.ts', {
    PORT: port,
    DATA_DIR: path.join(dir, 'data'),
    DEMO_ADMIN_PASSWORD: password,
  });
  const { chromium: pw } = await import('@playwright/test');
  const browser = await pw.launch({
    executablePath: chromium,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const sizeOf = async (signIn: boolean, route: string) => {
      const page = await browser.newPage();
      if (signIn) {
        const res = await fetch(`http://127.0.0.1:${port}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password }),
        });
        const { token, user } = (await res.json()) as { token: string; user: unknown };
        await page.addInitScript(
          ([t, u]) => {
            localStorage.setItem('somero.token', t as string);
            localStorage.setItem('somero.user', (u as { name: string }).name);
          },
          [token, user],
        );
      }
      const scripts = new Set<string>();
      page.on('response', (r) => {
        if (r.url().endsWith('.js')) scripts.add(new URL(r.url()).pathname);
      });
      await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'networkidle' });
      await page.close();
      let bytes = 0;
      for (const s of scripts) bytes += gzipSync(readFileSync(path.join(dist, s))).length;
      return { kb: bytes / 1024, files: scripts.size };
    };
    const login = await sizeOf(false, '/login');
    const dash = await sizeOf(true, '/dashboardv1');
    console.log(`\nJS loaded for /login:       ${login.kb.toFixed(1)} KB gzipped in ${login.files} files (aim < 250)`);
    console.log(`JS loaded for /dashboardv1: ${dash.kb.toFixed(1)} KB gzipped in ${dash.files} files (aim < 250)`);
  } finally {
    await browser.close();
    await stop(server.child);
    rmSync(dir, { recursive: true, force: true });
  }
}
