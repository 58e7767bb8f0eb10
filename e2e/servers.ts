import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Where the browser tests' two servers keep their things (playwright.config.ts, prepare.ts): the run's
 * folder (`SOMERO_E2E_DIR`: a private build of the web app, each server's embedded database, the marks
 * `built` and `seeded`), their ports (`E2E_PORT` and the next) and, with `TEST_DATABASE_URL`, their own
 * PostgreSQL databases beside it.
 */
export const port = Number(process.env.E2E_PORT ?? 8099);

/** The run's folder; made once, by the first process that asks (others inherit the variable). */
export function runDir(): string {
  if (!process.env.SOMERO_E2E_DIR) {
    const dir = mkdtempSync(path.join(tmpdir(), 'somero-e2e-'));
    process.env.SOMERO_E2E_DIR = dir;
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return process.env.SOMERO_E2E_DIR;
}

/** A half's own PostgreSQL database on TEST_DATABASE_URL's server, named by its port; none without one. */
export function postgres(half: number): string | undefined {
  if (!process.env.TEST_DATABASE_URL) return undefined;
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/somero_e2e_${port + half}`;
  return url.toString();
}

export const dataDir = (half: number) => path.join(runDir(), `data${half}`);
export const webDir = () => path.join(runDir(), 'web');
/** Set once the web app is built, and once both servers' schools are seeded. */
export const builtMark = () => path.join(runDir(), 'built');
export const seededMark = () => path.join(runDir(), 'seeded');
