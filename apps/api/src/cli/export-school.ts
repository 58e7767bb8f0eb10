// `npm run export-school SCHOOL_ID [FILE]`: one school's records (and its files) as one file, to import into
// another server of the same release with `npm run import-school FILE`; no password goes in it. Without an id,
// lists the schools.
import path from 'node:path';
import { readConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { exportSchool } from '../modules/operations/index.js';
import { sayFailure } from './say.js';

const config = readConfig();
const [id, out] = process.argv.slice(2);
try {
  const database = await openDatabase({ ...config, migrate: false });
  try {
    if (!id || !/^\d+$/.test(id)) {
      const schools = (await database.raw('select id, name from schools order by id')) as {
        id: number;
        name: string;
      }[];
      console.log(
        `Say which school: npm run export-school ID [FILE]\n${schools.map((s) => `  ${s.id}  ${s.name}`).join('\n')}`,
      );
      process.exitCode = 1;
    } else {
      const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), out ?? `somero-school-${id}.json.gz`);
      const manifest = await exportSchool(database, config.fileStorage, Number(id), file);
      const records = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
      console.log(
        `Exported ${manifest.school.name} (${records.toLocaleString('en-GB')} records) to ${file}. It holds no password: after an import each person sets a new one.`,
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  sayFailure(error, 'export');
}
