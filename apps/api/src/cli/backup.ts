// `npm run backup [FILE]`: one file holding the whole database (and files kept on disk), from DATABASE_URL
// or the embedded DATA_DIR. Says what it did in one line. The running server backs itself up as well
// (BACKUP_HOURS); the embedded database can be backed up here only while its server is stopped.
import path from 'node:path';
import { readConfig } from '../config.js';
import { DataDirInUse } from '../db/lock.js';
import { openDatabase } from '../db/open.js';
import { BackupRefused, backupFileName, writeBackup } from '../modules/operations/index.js';

const config = readConfig();
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? backupFileName(new Date()));
try {
  const database = await openDatabase({ ...config, migrate: false });
  try {
    const { manifest, bytes } = await writeBackup(database, config, file);
    const from =
      database.kind === 'postgres' ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`;
    console.log(
      `Backed up ${from} (${manifest.schools} school${manifest.schools === 1 ? '' : 's'}${manifest.files_included ? ', with its files' : ''}) to ${file}, ${(bytes / 1048576).toFixed(1)} MB.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof DataDirInUse)
    console.error(
      `The embedded database in ${config.dataDir} is open in a running Somero server: stop it first, or download the server's latest backup from Settings, Backups. Nothing was written.`,
    );
  else console.error(error instanceof BackupRefused ? error.message : `The backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
