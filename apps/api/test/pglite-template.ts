import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Database, embeddedDatabase } from '../src/db/open.js';

/**
 * An in-memory PGlite for one test file, loaded from a migrated copy kept in the temporary folder.
 * Creating a PGlite runs initdb, which costs more than the file's tests (and the mutation run starts
 * one per mutant): a copy skips it. The copy is named by the migrations' hash, so a new migration
 * makes a new one; the migrations are still applied (a no-op when the copy is current).
 */
const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');

function migrationsHash() {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isDirectory()) walk(file);
      else hash.update(name).update(fs.readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<Blob> | undefined;

async function migratedCopy(): Promise<Blob> {
  const file = path.join(tmpdir(), `somero-pglite-${migrationsHash()}.tar.gz`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const client = await PGlite.create();
  await migrate(drizzle({ client }) as never, { migrationsFolder });
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  // Written aside and renamed: test files starting side by side never read half a copy.
  const part = `${file}.${process.pid}.part`;
  fs.writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(part, file);
  return dump;
}

export async function openTemplateDatabase(): Promise<Database> {
  template ??= migratedCopy();
  const client = await PGlite.create({ loadDataDir: await template });
  const database = embeddedDatabase(client, () => client.close());
  await migrate(database.db as never, { migrationsFolder });
  return database;
}
