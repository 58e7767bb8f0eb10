// `npm run backup [FILE]`: one file holding the whole database (and files kept on disk), from DATABASE_URL
// or the embedded DATA_DIR. Says what it did in one line. The running server backs itself up as well
// (BACKUP_HOURS); the embedded database can be backed up here only while its server is stopped.
import path from 'node:path';
import { readConfig } from '../config.js';
import { now } from '../core/dates.js';
import { openDatabase } from '../db/open.js';
import { backupFileName, writeBackup } from '../modules/operations/index.js';
import { sayFailure } from './say.js';

const config = readConfig();
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? backupFileName(now()));
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
  sayFailure(error, 'backup', "download the server's latest backup from Settings, Backups");
}
