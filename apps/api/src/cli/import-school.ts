// `npm run import-school FILE`: a school exported by `npm run export-school` into this server's database
// (DATABASE_URL, else the embedded DATA_DIR), under its own id if free, else a new one. Refused, with
// nothing written, when its users' names or e-mails are taken here or the releases differ.
import path from 'node:path';
import { readConfig } from '../config.js';
import { secretsToTypeAgain, serverSecretKeys, useSecretKeys } from '../core/secrets.js';
import { openDatabase } from '../db/open.js';
import { importSchool } from '../modules/operations/index.js';
import { sayFailure } from './say.js';

const [arg] = process.argv.slice(2);
if (!arg) {
  console.error('Say which export to import: npm run import-school somero-school-1.json.gz');
  process.exit(1);
}
const config = readConfig();
try {
  const database = await openDatabase(config);
  try {
    const { summary, schoolId } = await importSchool(
      database,
      config.fileStorage,
      path.resolve(process.env.INIT_CWD ?? process.cwd(), arg),
    );
    console.log(`${summary} Its users sign in with their passwords.`);
    // Secrets travel sealed with the key of the server that made the copy: another server cannot open them.
    useSecretKeys(() => serverSecretKeys(config));
    const again = await secretsToTypeAgain(database.db, schoolId);
    if (again.length) console.log(`Type again on this server: ${again.join('; ')}.`);
  } finally {
    await database.close();
  }
} catch (error) {
  sayFailure(error, 'import');
}
