// `npm run bench:import --workspace=@somero/bench`: the demo school exported to one file and imported into a new
// database, then a gzip bomb (about 1 MB that unpacks to 1 GB, one record that never ends) refused. Each step runs
// in a process of its own, as `npm run export-school` and `npm run import-school` do, which prints its time and its
// memory: the resident memory sampled every 10 ms, its growth over the step (the database opened before) and
// the process's high-water mark. Printed, not asserted (aims: the import's memory does not grow with the school;
// the bomb is refused in under a second within 100 MB). With DATABASE_URL each database is one of its own made
// beside it, dropped at the end; else embedded ones in temporary folders.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/api/src/db/open.js';
import { seedDemoSchool } from '../apps/api/src/db/seed.js';
import { postEverySchool } from '../apps/api/src/modules/money.js';
import { BackupRefused, exportSchool, importSchool } from '../apps/api/src/modules/operations/index.js';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Measure {
  ms: number;
  before: number;
  peak: number;
  maxRss: number;
  result: string;
}

/** A step in this process (`tsx import.ts step …`): the database opened first, then the step sampled. */
async function step(kind: 'export' | 'import', where: string, file: string) {
  const database = await openDatabase(
    where.startsWith('postgres') ? { databaseUrl: where, dataDir: 'memory://' } : { dataDir: where },
  );
  try {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const started = performance.now();
    let result: string;
    try {
      if (kind === 'export') {
        const [school] = (await database.raw('select id from schools order by id limit 1')) as { id: number }[];
        const manifest = await exportSchool(database, { kind: 'database' }, Number(school?.id), file);
        result = `${Object.values(manifest.tables)
          .reduce((a, b) => a + b, 0)
          .toLocaleString('en-GB')} records`;
      } else {
        result = await importSchool(database, { kind: 'database' }, file).then(
          (imported) => imported.summary,
          (error: unknown) => (error instanceof BackupRefused ? `refused: "${error.message}"` : `failed: ${error}`),
        );
      }
    } finally {
      clearInterval(sampler);
    }
    const ms = performance.now() - started;
    peak = Math.max(peak, process.memoryUsage().rss);
    const measure: Measure = { ms, before, peak, maxRss: process.resourceUsage().maxRSS * 1024, result };
    console.log(JSON.stringify(measure));
  } finally {
    await database.close();
  }
}

/** Runs a step in a process of its own and answers what it measured. */
function inOwnProcess(kind: 'export' | 'import', where: string, file: string): Measure {
  const self = fileURLToPath(import.meta.url);
  const run = spawnSync('npx', ['tsx', self, 'step', kind, where, file], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  if (run.status !== 0 || !line.startsWith('{')) throw new Error(`${kind} failed: ${run.stderr.slice(-2000)}`);
  return JSON.parse(line) as Measure;
}

const said = (m: Measure) =>
  `${Math.round(m.ms).toLocaleString('en-GB')} ms, memory +${mb(m.peak - m.before)} over the step (high-water ${mb(m.maxRss)})`;

/** Databases of the bench's own: beside DATABASE_URL's (dropped at the end), else embedded folders. */
async function places(names: string[]) {
  const server = process.env.DATABASE_URL;
  const folder = mkdtempSync(path.join(tmpdir(), 'somero-bench-import-'));
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const made = names.map((name) => `somero_bench_${name}_${process.pid}`);
  const wheres: string[] = [];
  for (const [i, name] of made.entries()) {
    if (!server) {
      wheres.push(path.join(folder, names[i] as string));
      continue;
    }
    await admin(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    wheres.push(url.toString());
  }
  return {
    folder,
    wheres,
    async drop() {
      rmSync(folder, { recursive: true, force: true });
      if (server) for (const name of made) await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

const open = (where: string): Promise<Database> =>
  openDatabase(where.startsWith('postgres') ? { databaseUrl: where, dataDir: 'memory://' } : { dataDir: where });

if (process.argv[2] === 'step') {
  const [kind, where, file] = process.argv.slice(3) as ['export' | 'import', string, string];
  await step(kind, where, file);
} else {
  const { folder, wheres, drop } = await places(['source', 'target', 'bombed']);
  const [source, target, bombed] = wheres as [string, string, string];
  try {
    const seedStarted = performance.now();
    const seeded = await open(source);
    await seedDemoSchool(seeded.db, 'bench-import-pass');
    await postEverySchool(seeded.db);
    await seeded.close();
    // The target databases made and migrated beforehand: the import's own work is measured.
    for (const where of [target, bombed]) await (await open(where)).close();
    console.log(
      `Import on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}: the demo school, seeded in ${Math.round(performance.now() - seedStarted).toLocaleString('en-GB')} ms\n`,
    );

    const file = path.join(folder, 'demo.json.gz');
    const exported = inOwnProcess('export', source, file);
    const unpacked = gunzipSync(readFileSync(file)).length;
    console.log(
      `export   ${said(exported)}; ${exported.result}, ${mb(statSync(file).size)} (${mb(unpacked)} unpacked)`,
    );
    const imported = inOwnProcess('import', target, file);
    console.log(`import   ${said(imported)}; ${imported.result}`);

    // About 1 MB that unpacks to 1 GB: the copy's own manifest, then a record that never ends.
    const manifest = gunzipSync(readFileSync(file)).toString('utf8').split('\n', 1)[0];
    const block = gzipSync(Buffer.alloc(16 * 1024 * 1024, 'A'), { level: 9 });
    const bomb = path.join(folder, 'bomb.json.gz');
    writeFileSync(
      bomb,
      Buffer.concat([
        gzipSync(`${manifest}\n{"table":"students","rows":[{"surname":"`),
        ...Array.from({ length: 64 }, () => block),
      ]),
    );
    const refused = inOwnProcess('import', bombed, bomb);
    console.log(`bomb     ${said(refused)}; a ${mb(statSync(bomb).size)} file of 1,024 MB unpacked ${refused.result}`);
  } finally {
    await drop();
  }
}
