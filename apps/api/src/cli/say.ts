import { DataDirInUse } from '../db/lock.js';
import { BackupRefused } from '../modules/operations/index.js';

/**
 * The one line an operator reads when a command fails: a refusal as it is worded; an embedded database
 * open in a running server (`instead`: what to do rather than stop it); else what failed, and why.
 */
export function sayFailure(error: unknown, what: string, instead?: string) {
  if (error instanceof DataDirInUse)
    console.error(
      `The embedded database in ${error.dataDir} is open in a running Somero server: stop it first${instead ? `, or ${instead}` : ''}. Nothing was written.`,
    );
  else if (error instanceof BackupRefused) console.error(error.message);
  else console.error(`The ${what} failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
