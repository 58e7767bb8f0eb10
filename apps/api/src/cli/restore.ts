// `npm run restore FILE`: restores a backup made by `npm run backup` (or by the server) into an empty
// database: DATABASE_URL's PostgreSQL database, else the embedded DATA_DIR. A database that holds
// anything is refused and left as it was. Says what it did in one line.
import path from 'node:path';
import { readConfig } from '../config.js';
import { restoreBackup } from '../modules/operations/index.js';
import { sayFailure } from './say.js';

const [arg] = process.argv.slice(2);
if (!arg) {
  console.error('Say which backup to restore: npm run restore somero-backup-2026-11-28-0200.tar');
  process.exit(1);
}
const config = readConfig();
try {
  const { summary } = await restoreBackup(path.resolve(process.env.INIT_CWD ?? process.cwd(), arg), config);
  console.log(`${summary} Start the server on it: it brings the database up to this release.`);
} catch (error) {
  sayFailure(error, 'restore');
}
