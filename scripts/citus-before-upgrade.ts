// For `npm run test:citus`: a cluster as the previous release left it. Migrates DATABASE_URL with every migration
// but the newest, then distributes it; the run then upgrades it with `npm run citus:distribute` (the newest
// migration applied to the distributed database, then whatever it places otherwise), as an operator would.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../apps/api/src/config.js';
import { distributeDatabase } from '../apps/api/src/db/citus.js';
import { openDatabase } from '../apps/api/src/db/open.js';

const databaseUrl = process.env.DATABASE_URL as string;
const folder = await mkdtemp(path.join(tmpdir(), 'somero-previous-'));
try {
  await cp(path.join(repoRoot, 'apps/api/drizzle'), folder, { recursive: true });
  const file = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(file, 'utf8')) as { entries: { tag: string }[] };
  const newest = journal.entries.pop();
  await writeFile(file, JSON.stringify(journal));
  const database = await openDatabase({ databaseUrl, migrationsFolder: folder });
  await database.close();
  console.log(`Migrated to the release before ${newest?.tag}.`);
  await distributeDatabase(databaseUrl, { shardCount: Number(process.env.CITUS_SHARD_COUNT ?? 32), say: console.log });
} finally {
  await rm(folder, { recursive: true, force: true });
}
