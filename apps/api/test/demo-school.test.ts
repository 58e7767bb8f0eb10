import { rm } from 'node:fs/promises';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { now, today } from '../src/core/dates.js';
import { type Database, openDatabase, sqlRows } from '../src/db/open.js';
import { seedDemoSchool } from '../src/db/seed.js';
import { openTemplateDatabase } from './pglite-template.js';
import { client, type Json } from './students-fixtures.js';
import { dropMadeDatabases, emptyPostgres, login, onPostgres, shared, unique } from './support.js';
import { testClockStart, testClockStartedAt } from './test-clock.js';

/**
 * The demo school is right on whatever day it is made (issue 36 §2): the clock's day here is the tests'
 * fixed one, and `npm run test:dates` runs this file on other days of the year (1 January, 29 February,
 * the first day of a term, the holidays, the last day of the year).
 */

/** Dated columns that may lie ahead of today: what a school plans, not what it recorded. */
const plans: Record<string, string> = {
  'auth_tokens.expires_at': 'a sign-in lasts a while',
  'financial_years.ends_on': 'the financial year runs to 31 December',
  'term_dates.opens_on': 'the next term is set up',
  'term_dates.closes_on': 'a term not yet over closes ahead',
  'term_dates.next_term_begins': 'printed on the cards: the next term begins after this one',
  'events.on_date': 'the calendar holds the events still to come (prize giving, next term’s meetings)',
  'events.ends_on': 'as events.on_date',
  'elearning_resources.due_on': 'an assignment is due after it is set',
  'pass_outs.expected_return': 'a student out on a pass is expected back later',
};

let app: App;
let database: Database;
const demo = shared(async () => {
  database = onPostgres
    ? await openDatabase({ databaseUrl: await emptyPostgres('somero_demo_'), dataDir: 'memory://' })
    : await openTemplateDatabase();
  const config = {
    ...readConfig({}),
    jobsQueue: unique('demo'),
    clockStart: new Date(testClockStart),
    clockStartedAt: new Date(testClockStartedAt),
  };
  app = await buildApp({ database, config });
  await seedDemoSchool(database.db, 'demo-pass-123');
  const api = client(app, await login(app, 'admin', 'demo-pass-123'));
  const [school] = (await database.raw('select id from schools where demo')) as { id: number }[];
  return { api, schoolId: Number(school?.id) };
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (onPostgres) await dropMadeDatabases();
  await rm(readConfig({}).backups.dir, { recursive: true, force: true }).catch(() => {});
});

const rows = <T>(query: SQL) => sqlRows<T>(database.db, query);

describe(`the demo school made on ${testClockStart.slice(0, 10)}`, () => {
  test('records nothing dated after today: payments, salaries, visits, messages, attendance are all in the past', async () => {
    const { schoolId } = await demo();
    const columns = await rows<{ table_name: string; column_name: string; data_type: string }>(sql`
      select c.table_name, c.column_name, c.data_type from information_schema.columns c
      join information_schema.columns s on s.table_schema = c.table_schema and s.table_name = c.table_name
        and s.column_name = 'school_id'
      where c.table_schema = 'public' and c.data_type in ('date', 'timestamp with time zone')
      order by 1, 2`);
    expect(columns.length).toBeGreaterThan(50);
    const late: string[] = [];
    let dated = 0;
    // A minute's grace: a record stamped as the seeding ran, a moment before this check.
    const moment = sql`${new Date(now().getTime() + 60_000).toISOString()}::timestamptz`;
    const tables = new Map<string, typeof columns>();
    for (const c of columns.filter((c) => !plans[`${c.table_name}.${c.column_name}`]))
      tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), c]);
    for (const [table, dates] of tables) {
      // One query a table: for each dated column, how many are filled, how many after today, the latest.
      const parts = dates.map((c, i) => {
        const col = sql.identifier(c.column_name);
        const bound = c.data_type === 'date' ? sql`${today()}::date` : moment;
        const as = (prefix: string) => sql.identifier(`${prefix}${i}`);
        return sql`count(${col})::int as ${as('n')}, count(*) filter (where ${col} > ${bound})::int as ${as('a')},
          max(${col})::text as ${as('l')}`;
      });
      const [found] = await rows<Record<string, number | string | null>>(
        sql`select ${sql.join(parts, sql`, `)} from ${sql.identifier(table)} where school_id = ${schoolId}`,
      );
      dates.forEach((c, i) => {
        dated += Number(found?.[`n${i}`] ?? 0);
        const after = Number(found?.[`a${i}`] ?? 0);
        if (after) late.push(`${table}.${c.column_name}: ${after} after today (latest ${found?.[`l${i}`]})`);
      });
    }
    expect(late).toEqual([]);
    // It is a school with a history, not an empty one.
    expect(dated).toBeGreaterThan(10_000);
  }, 180_000);

  test('stands at the close of a finished term: its fees, marks, report cards and salaries are there', async () => {
    const { api } = await demo();
    const details: Json = (await api.get('/school_details')).json().data;
    const { current_year: year, current_term: term } = details;
    const terms: Json[] = (await api.get('/term_dates')).json().data;
    const current = terms.find((t) => t.year === year && t.term === term);
    expect(current?.closes_on < today()).toBe(true);

    const [paid] = await rows<{ n: number; total: number }>(sql`
      select count(*)::int as n, coalesce(sum(amount), 0)::bigint as total from fees_payments
      where year = ${year} and term = ${term} and status = 'valid'`);
    expect(paid?.n).toBeGreaterThan(300);

    const classes: Json[] = (await api.get('/classes?per_page=50')).json().data;
    const s1 = classes.find((c) => c.name === 'S1');
    const cards = await api.post('/new_report', { year, term, class_id: s1?.id });
    expect(cards.statusCode).toBe(200);
    const printed: Json[] = cards.json().data.cards;
    expect(printed.length).toBeGreaterThan(50);
    // Each card carries the subjects with marks: the term's examinations were written and marked.
    const marked = printed.filter((c) => (c.rows as Json[]).some((r) => typeof r.mark === 'number'));
    expect(marked.length).toBeGreaterThan(printed.length / 2);

    const [salaries] = await rows<{ n: number; latest: string }>(sql`
      select count(*)::int as n, max(paid_on)::text as latest from salary_payments`);
    expect(salaries?.n).toBeGreaterThan(10);
    expect(salaries!.latest < today()).toBe(true);
  });

  test('has the next term set up: its dates saved, following the current term', async () => {
    const { api, schoolId } = await demo();
    const details: Json = (await api.get('/school_details')).json().data;
    const saved = await rows<{ year: number; term: number; opens_on: string; closes_on: string; next: string }>(sql`
      select year, term, opens_on::text, closes_on::text, next_term_begins::text as next from term_dates
      where school_id = ${schoolId} order by opens_on`);
    const at = saved.findIndex((t) => t.year === details.current_year && t.term === details.current_term);
    expect(at).toBeGreaterThanOrEqual(0);
    const next = saved[at + 1];
    expect(next).toBeDefined();
    expect(next!.term).toBe(details.current_term === 3 ? 1 : details.current_term + 1);
    expect(saved[at]!.next).toBe(next!.opens_on);
  });
});
