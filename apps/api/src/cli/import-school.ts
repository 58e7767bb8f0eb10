// `npm run import-school FILE`: a school exported by `npm run export-school` (or downloaded from its Backups) into
// this server's database (DATABASE_URL, else the embedded DATA_DIR), under its own id if free, else a new one.
// Refused in one sentence, with nothing written, when the file is not a whole copy, passes IMPORT_MAX_MB or
// IMPORT_MAX_ROWS, comes from another release, or its users' names or e-mails are taken here. A copy holds no
// password: the administrators get links to set theirs, and the list says how the others set one.
import path from 'node:path';
import { readConfig } from '../config.js';
import { secretsToTypeAgain, serverSecretKeys, useSecretKeys } from '../core/secrets.js';
import { openDatabase } from '../db/open.js';
import { firstPasswordLinks, ImportRefused, importLimitsFrom, importSchool } from '../modules/operations/index.js';
import { sayFailure } from './say.js';

const [arg] = process.argv.slice(2);
if (!arg) {
  console.error('Say which copy to import: npm run import-school somero-school-1.json.gz');
  process.exit(1);
}
const config = readConfig();
const debug = config.logLevel === 'debug';
const linkHours = 72;
try {
  const database = await openDatabase(config);
  try {
    const imported = await importSchool(
      database,
      config.fileStorage,
      path.resolve(process.env.INIT_CWD ?? process.cwd(), arg),
      {
        limits: importLimitsFrom(),
        // What the database said (statements, values) is for the operator who asks for it, never the sentence.
        log: (details, message) => {
          if (debug) console.error(JSON.stringify({ level: 'debug', msg: message, ...details }, errorFields));
        },
      },
    );
    console.log(imported.summary);
    const admins = imported.users.filter((u) => u.administrator);
    const others = imported.users.filter((u) => !u.administrator);
    const links = await firstPasswordLinks(
      database,
      imported.schoolId,
      admins.map((u) => u.id),
      config.publicUrl,
      linkHours,
    );
    console.log(
      "Passwords never travel in a school's copy: nobody of this school can sign in until they set a new one.",
    );
    if (admins.length) {
      console.log(`The administrators set theirs with these links (each works once, for ${linkHours} hours):`);
      for (const admin of admins)
        console.log(`  ${admin.username} (${admin.name}): ${links.find((l) => l.userId === admin.id)?.link}`);
    }
    if (others.length) {
      console.log(
        'The others choose one with "Forgot your password?" on the sign-in page (a link goes to their e-mail), or an administrator gives them one under Users:',
      );
      for (const user of others)
        console.log(
          `  ${user.username} (${user.name}${user.email ? `, ${user.email}` : ', no e-mail: an administrator gives them one'})`,
        );
    }
    if (imported.manifest.tables.student_accounts)
      console.log("Students' portal accounts get a new password under Students, Accounts.");
    // Secrets travel sealed with the key of the server that made the copy: another server cannot open them.
    useSecretKeys(() => serverSecretKeys(config));
    const again = await secretsToTypeAgain(database.db, imported.schoolId);
    if (again.length) console.log(`Type again on this server: ${again.join('; ')}.`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ImportRefused && error.logged && !debug)
    console.error(`${error.message} Run it again with LOG_LEVEL=debug to see what the database said.`);
  else sayFailure(error, 'import');
  process.exitCode = 1;
}

/**
 * An error's name, message (its first 1,000 characters: a statement carries a chunk of rows), code, detail and
 * cause in the debug line (JSON.stringify writes an Error as {}).
 */
function errorFields(_key: string, value: unknown) {
  if (!(value instanceof Error)) return value;
  const { name } = value;
  const message = value.message.length > 1000 ? `${value.message.slice(0, 1000)}…` : value.message;
  const { code, detail, cause } = value as Error & { code?: string; detail?: string };
  return { name, message, code, detail, cause };
}
