import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir, lockName } from '../src/db/lock.js';
import { openDatabase } from '../src/db/open.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'somero-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs a TypeScript file in a new Node process; `next()` answers its next line of output. */
function child(file: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const proc = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: path.resolve(here, '..'),
    env: { ...process.env, ...env },
  });
  let out = '';
  let err = '';
  const waiting: (() => void)[] = [];
  proc.stdout.on('data', (chunk) => {
    out += chunk;
    for (const wake of waiting.splice(0)) wake();
  });
  proc.stderr.on('data', (chunk) => {
    err += chunk;
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return {
    proc,
    exited,
    stderr: () => err,
    async next(): Promise<string> {
      for (;;) {
        const end = out.indexOf('\n');
        if (end >= 0) {
          const line = out.slice(0, end);
          out = out.slice(end + 1);
          return line;
        }
        if (proc.exitCode !== null) throw new Error(`child exited ${proc.exitCode}: ${err}`);
        await Promise.race([new Promise<void>((wake) => waiting.push(wake)), exited]);
      }
    },
  };
}

const kill = async (c: { proc: ChildProcess; exited: Promise<unknown> }) => {
  c.proc.kill('SIGKILL');
  await c.exited;
};

describe('one server per embedded data directory', () => {
  it('refuses a second open while the first process lives; the data opens after the first is killed', {
    timeout: 180_000,
  }, async () => {
    const dir = tempDir();
    const holder = child(path.join(here, 'fixtures/hold-data-dir.ts'), [dir]);
    try {
      expect(await holder.next()).toBe('ready');
      const pid = holder.proc.pid;

      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
        `The data directory ${dir} is in use by another Somero server (process ${pid}).`,
      );
      // The server refuses the same way, in one line, before touching the folder.
      const server = child(path.resolve(here, '../src/server.ts'), [], { DATA_DIR: dir, PORT: '0' });
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toContain(`is in use by another Somero server (process ${pid})`);
      expect(server.stderr()).not.toMatch(/\n\s+at /); // no stack trace

      // The first process goes on working.
      holder.proc.stdin.write('write\n');
      expect(await holder.next()).toBe('rows 2');
    } finally {
      await kill(holder);
    }

    // Killed, it leaves a stale lock: the next open takes it over and finds the data whole.
    expect(existsSync(path.join(dir, lockName))).toBe(true);
    const database = await openDatabase({ dataDir: dir });
    try {
      expect(await database.raw('select count(*)::int as n from lock_probe')).toEqual([{ n: 2 }]);
      expect(JSON.parse(readFileSync(path.join(dir, lockName), 'utf8')).pid).toBe(process.pid);
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dir, lockName))).toBe(false);
  });

  it('takes over a lock whose process is gone, and one left by an earlier life of this pid', () => {
    const dir = tempDir();
    const file = path.join(dir, lockName);
    writeFileSync(file, JSON.stringify({ pid: 2 ** 22 + 1 })); // above Linux's pid limit: never alive
    let release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    release();
    writeFileSync(file, JSON.stringify({ pid: process.pid, started: 'before' }));
    release = lockDataDir(dir);
    release();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a lock held by a live process that is not this one', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, lockName), JSON.stringify({ pid: process.ppid }));
    expect(() => lockDataDir(dir)).toThrow(`(process ${process.ppid})`);
  });
});
