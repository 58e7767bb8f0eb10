// `npm run citus:distribute` (with DATABASE_URL, a Citus coordinator): migrates the database to this release and
// distributes it, school tables by school_id (db/citus.ts). Run it again at any time: it says what it did, or that
// there was nothing to do. CITUS_SHARD_COUNT sets the shards of each table made now (Citus's default 32).
import { readConfig } from '../config.js';
import { distributeDatabase } from '../db/citus.js';
import { openDatabase } from '../db/open.js';
import { sayFailure } from './say.js';

const config = readConfig();
try {
  if (!config.databaseUrl) throw new Error('Set DATABASE_URL to the Citus coordinator’s database.');
  // The migrations first, on plain tables: the distribution is of this release's tables.
  const database = await openDatabase({ ...config, migrate: true });
  await database.close();
  const shardCount = process.env.CITUS_SHARD_COUNT ? Number(process.env.CITUS_SHARD_COUNT) : undefined;
  await distributeDatabase(config.databaseUrl, { shardCount, say: (line) => console.log(line) });
} catch (error) {
  sayFailure(error, 'distribute');
}
