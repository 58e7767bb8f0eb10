import { openDatabase } from '../src/db/open.js';

/** On PostgreSQL, apply the migrations once before the test files run side by side. */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await database.close();
}
