// `npm run operator -- add NAME EMAIL`: makes an operator of the service (or gives one a new password), who signs in
// to the console at /operator. `npm run operator -- list` lists them; `-- disable EMAIL` turns one off. The
// password is OPERATOR_PASSWORD, else asked for (typed without showing), else the first line of the input.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { readConfig } from '../config.js';
import { Invalid } from '../core/errors.js';
import { openDatabase } from '../db/open.js';
import { addOperator, disableOperator } from '../modules/operator/index.js';
import { sayFailure } from './say.js';

const usage = `Say what to do:
  npm run operator -- add "Full Name" email@example.com   (OPERATOR_PASSWORD, or you are asked)
  npm run operator -- list
  npm run operator -- disable email@example.com`;

/** A password typed on the terminal without showing it, or the first line piped in. */
function askPassword(): Promise<string> {
  if (process.env.OPERATOR_PASSWORD) return Promise.resolve(process.env.OPERATOR_PASSWORD);
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const lines = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  return new Promise((resolve) => {
    lines.question('Password (at least 10 characters): ', (answer) => {
      lines.close();
      if (process.stdin.isTTY) process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

const config = readConfig();
const [verb, ...rest] = process.argv.slice(2);
try {
  if (verb !== 'add' && verb !== 'list' && verb !== 'disable') {
    console.log(usage);
    process.exitCode = 1;
  } else {
    const password = verb === 'add' ? await askPassword() : '';
    const database = await openDatabase(config);
    try {
      if (verb === 'list') {
        const rows = (await database.raw(
          'select name, email, active, created_at from operators order by created_at, id',
        )) as { name: string; email: string; active: boolean }[];
        console.log(
          rows.length
            ? rows.map((r) => `  ${r.email}  ${r.name}${r.active ? '' : '  (turned off)'}`).join('\n')
            : 'No operators yet: npm run operator -- add "Full Name" email@example.com',
        );
      } else if (verb === 'disable') {
        const email = rest[0] ?? '';
        if (!(await disableOperator(database.db, email))) {
          console.error(`No operator has the e-mail ${email}.`);
          process.exitCode = 1;
        } else console.log(`${email} is turned off: their sessions ended.`);
      } else {
        const [name, email] = rest;
        const made = await addOperator(database.db, { name: name ?? '', email: email ?? '', password });
        console.log(
          made.made
            ? `${email} is an operator: sign in at ${config.publicUrl}/operator.`
            : `${email} has a new password; their earlier sessions ended.`,
        );
      }
    } finally {
      await database.close();
    }
  }
} catch (error) {
  if (error instanceof Invalid) {
    console.error(`${error.message}.`);
    process.exitCode = 1;
  } else sayFailure(error, 'operator command');
}
