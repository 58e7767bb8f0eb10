// Makes the browser tests' server database anew on PostgreSQL: `tsx fresh-database.ts <url>` drops the
// database the URL names (when left from an earlier run) and creates it empty, connecting through the
// database of TEST_DATABASE_URL.
import pg from 'pg';

const target = new URL(process.argv[2] ?? '');
const name = decodeURIComponent(target.pathname.slice(1));
if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Not a database name for the browser tests: ${name}`);
const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
await client.connect();
await client.query(`drop database if exists ${name} with (force)`);
await client.query(`create database ${name}`);
await client.end();
