// `npm run bench:service --workspace=@somero/bench` (issue 37 §7): a service of many schools on one database.
// DATABASE_URL is a throwaway database that this fills (on a Citus cluster, distributed beforehand: README "How to
// run each"). On an empty database it builds one template school with the app's own demo seeding, trims it to 302
// students and a lean term (see `trimTemplate`), then copies it by SQL into BENCH_SCHOOLS (1,000) schools; a
// database it filled before (as many schools as asked for) is measured as it is. Then, through the HTTP API of a
// server of its own: the head's dashboard of one school among them all, one call at a time, and the payment desk,
// BENCH_DESKS (50) desks each in a school of its own (schools chosen at random each run), flat out and offering
// 1,000 payments/s. Prints figures, never verdicts; the database is left filled (drop it when done).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/open.js';
import { seedDemoSchool } from '../apps/api/src/db/seed.js';

const url = process.env.DATABASE_URL;
if (!url) {
  console.log('bench:service needs DATABASE_URL: a throwaway PostgreSQL database (empty) that it fills.');
  process.exit(1);
}
const wanted = Number(process.env.BENCH_SCHOOLS ?? 1000);
/** How many schools one copy statement writes. */
const batch = Number(process.env.BENCH_BATCH ?? 10);
const deskCount = Number(process.env.BENCH_DESKS ?? 50);
/** How many schools the desks are spread over, in turn (1: every desk in one school, as `npm run bench` has them). */
const deskSchoolCount = Math.min(deskCount, Number(process.env.BENCH_DESK_SCHOOLS ?? deskCount));
/** `desk` or `dashboard`: that one only. */
const only = process.env.BENCH_ONLY;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const runs = Number(process.env.BENCH_RUNS ?? 200);
const port = Number(process.env.BENCH_PORT ?? 8098);
const password = 'bench-service-pass';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`;
const secs = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const thousands = (n: number) => n.toLocaleString('en');

const client = new pg.Client({ connectionString: url });
await client.connect();
const q = async <T = Record<string, unknown>>(text: string, values?: unknown[]) =>
  (await client.query(text, values)).rows as T[];
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const citus = (await q(`select 1 from pg_extension where extname = 'citus'`)).length > 0;

interface Catalog {
  /** Every table of the database. */
  all: string[];
  /** The tables with school_id, in an order that writes what a row refers to before the row. */
  school: string[];
  columns: Map<string, { name: string; type: string; identity: string }[]>;
  /** Tables with an integer `id`. */
  ids: Set<string>;
  /** `table.column` → the school table it holds ids of (foreign keys, and the references kept without one). */
  refs: Map<string, string>;
  /** Foreign keys (school_id, column) → table(school_id, id). */
  keys: { from: string; column: string; to: string }[];
  /** Columns unique across schools (a user name, an e-mail address). */
  acrossSchools: Map<string, string[]>;
}

/**
 * References kept without a foreign key, by what the app writes into them. The money documents a journal entry
 * (`source_kind`, `source_id`) or an amendment (`kind`, `document_id`) is of, a budget line's category by its kind,
 * and an audit's entity (a table's name) are mapped in `cloneTemplate`.
 */
const implicitRefs: Record<string, string> = {
  'audits.user_id': 'users',
  'staff.user_id': 'users',
  'fees_payments.cashier_id': 'users',
  'fees_payments.online_transaction_id': 'online_transactions',
  'journal_entries.created_by': 'users',
  'expense_requisitions.approved_by': 'users',
  'elearning_resources.author_id': 'users',
  'department_reports.written_by_id': 'users',
  'staff_resources.uploaded_by_id': 'users',
  'sms_messages.sent_by_id': 'users',
  'email_messages.sent_by_id': 'users',
  'expense_cart_lines.user_id': 'users',
  'requisition_cart_lines.user_id': 'users',
  'salary_payments.staff_id': 'staff',
  'students.combination_id': 'combinations',
  'exam_sets.class_ids': 'classes',
  'email_recipients.student_ids': 'students',
};
const documentTables: Record<string, string> = {
  fees_payment: 'fees_payments',
  old_payment: 'old_payments',
  transfer: 'money_transfers',
  opening_balance: 'payment_modes',
  revenue: 'revenues',
  expense: 'expenses',
  credit_cleared: 'expenses',
  advance: 'staff_advances',
  salary: 'salary_payments',
};
const budgetCategories: Record<string, string> = {
  fees: 'fees_categories',
  revenue: 'revenue_categories',
  expense: 'expense_categories',
};
/** A school's sign-in tokens, password resets, backups and queued jobs are not copied. */
const notCopied = new Set(['auth_tokens', 'password_resets', 'school_backups', 'jobs']);

async function readCatalog(): Promise<Catalog> {
  const tables = await q<{ name: string; school: boolean }>(
    `select c.relname as name,
            exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'school_id' and not a.attisdropped) as school
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
  );
  const columnRows = await q<{ table: string; name: string; type: string; identity: string }>(
    `select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attidentity as identity
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const columns = new Map<string, { name: string; type: string; identity: string }[]>();
  for (const r of columnRows) columns.set(r.table, [...(columns.get(r.table) ?? []), r]);
  const keyRows = await q<{ from: string; to: string; cols: string[]; refs: string[] }>(
    `select f.relname as from, t.relname as to,
            array(select a.attname::text from unnest(k.conkey) with ordinality u(n, o)
                  join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.o) as cols,
            array(select a.attname::text from unnest(k.confkey) with ordinality u(n, o)
                  join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.o) as refs
       from pg_constraint k join pg_class f on f.oid = k.conrelid join pg_class t on t.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace`,
  );
  const school = tables.filter((t) => t.school).map((t) => t.name);
  const ids = new Set(
    school.filter((t) => columns.get(t)?.some((c) => c.name === 'id' && ['integer', 'bigint'].includes(c.type))),
  );
  const keys: Catalog['keys'] = [];
  for (const k of keyRows) {
    if (k.to === 'schools' || !school.includes(k.from)) continue;
    if (k.cols.length !== 2 || k.cols[0] !== 'school_id' || k.refs.join() !== 'school_id,id')
      throw new Error(`A foreign key not of the form (school_id, x) → (school_id, id): ${k.from} → ${k.to}`);
    keys.push({ from: k.from, column: k.cols[1] as string, to: k.to });
  }
  const refs = new Map<string, string>();
  for (const k of keys) refs.set(`${k.from}.${k.column}`, k.to);
  for (const [column, to] of Object.entries(implicitRefs)) {
    const [table, name] = column.split('.') as [string, string];
    if (columns.get(table)?.some((c) => c.name === name) && ids.has(to) && !refs.has(column)) refs.set(column, to);
  }
  // Unique indexes without school_id hold across schools: their text columns are made each school's own.
  const uniques = await q<{ table: string; definition: string }>(
    `select c.relname as table, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and i.indisunique
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'school_id')
        and not exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'school_id'
                                                     and a.attnum = any(i.indkey))`,
  );
  const acrossSchools = new Map<string, string[]>();
  for (const u of uniques) {
    const inside = u.definition.slice(u.definition.indexOf('(') + 1);
    const named = (columns.get(u.table) ?? []).filter(
      (c) => c.type === 'text' && new RegExp(`\\b${c.name}\\b`).test(inside),
    );
    acrossSchools.set(u.table, [...new Set([...(acrossSchools.get(u.table) ?? []), ...named.map((c) => c.name)])]);
  }
  // Topological order: a table after every table it refers to.
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (t: string, path: string[]) => {
    if (placed.has(t)) return;
    if (path.includes(t)) throw new Error(`Foreign keys in a cycle: ${[...path, t].join(' → ')}`);
    for (const k of keys) if (k.from === t && k.to !== t) visit(k.to, [...path, t]);
    placed.add(t);
    ordered.push(t);
  };
  for (const t of school) visit(t, []);
  return { all: tables.map((t) => t.name), school: ordered, columns, ids, refs, keys, acrossSchools };
}

async function countRows(tables: string[], size = false) {
  let total = 0;
  const by: [string, number][] = [];
  for (const t of tables) {
    const [{ n }] = await q<{ n: string }>(`select count(*) as n from ${ident(t)}`);
    total += Number(n);
    by.push([t, Number(n)]);
  }
  const [{ students, current }] = await q<{ students: number; current: number }>(
    `select count(*)::int as students, (count(*) filter (where status = 'current'))::int as current from students`,
  );
  let bytes = '';
  if (size) {
    const [{ b }] = citus
      ? await q<{ b: string }>(
          `select pg_size_pretty(sum(citus_total_relation_size(logicalrelid))) as b from pg_dist_partition`,
        )
      : await q<{ b: string }>(`select pg_size_pretty(pg_database_size(current_database())) as b`);
    by.sort((a, b) => b[1] - a[1]);
    bytes = `${b} of tables${citus ? ' over the nodes' : ''}; the largest: ${by
      .slice(0, 8)
      .map(([t, n]) => `${t} ${thousands(n)}`)
      .join(', ')}`;
  }
  return { total, students, current, size: bytes };
}

/**
 * The demo school made lean enough to copy a thousand times: its student photos gone, every other student of
 * each class gone (with every row about them, the journal entries of their payments, and the guardians left with
 * no child), the marks of one exam set and the competences ranked first, the gate and class registers of the last
 * three school days, the roll-calls of the last one, no requirement collections, and no terms of past years
 * (which the demo charges nothing for).
 */
async function trimTemplate(catalog: Catalog, school: number) {
  const ids = async (text: string, values: unknown[] = []) =>
    (await q<{ id: string }>(text, [school, ...values])).map((r) => r.id);
  const keysTo = (table: string) => catalog.keys.filter((k) => k.to === table);
  const doom = async (table: string, doomed: string[]): Promise<void> => {
    if (!doomed.length) return;
    for (const k of keysTo(table)) {
      if (catalog.ids.has(k.from)) {
        const more = await ids(
          `select id from ${ident(k.from)} where school_id = $1 and ${ident(k.column)} = any($2::bigint[])`,
          [doomed],
        );
        await doom(k.from, k.from === table ? more.filter((id) => !doomed.includes(id)) : more);
      } else
        await q(`delete from ${ident(k.from)} where school_id = $1 and ${ident(k.column)} = any($2::bigint[])`, [
          school,
          doomed,
        ]);
    }
    const kinds = Object.keys(documentTables).filter((kind) => documentTables[kind] === table);
    if (kinds.length)
      await doom(
        'journal_entries',
        await ids(
          `select id from journal_entries where school_id = $1 and source_kind = any($2::text[]) and source_id = any($3::bigint[])`,
          [kinds, doomed],
        ),
      );
    await q(`delete from ${ident(table)} where school_id = $1 and id = any($2::bigint[])`, [school, doomed]);
  };

  // The photos (bytes of their own, a thousand times over): none of them is needed by what is measured.
  await q(`update students set photo_file_id = null where school_id = $1`, [school]);
  const kept = new Set<string>();
  for (const k of keysTo('files'))
    for (const id of await ids(
      `select ${ident(k.column)} as id from ${ident(k.from)} where school_id = $1 and ${ident(k.column)} is not null`,
    ))
      kept.add(String(id));
  await doom(
    'files',
    (await ids(`select id from files where school_id = $1 and kind = 'photo'`)).filter((id) => !kept.has(String(id))),
  );
  // 300 of the 600 students: every other one of each class.
  await doom(
    'students',
    await ids(`select id from (select id, row_number() over (partition by class_id order by id) as r
                 from students where school_id = $1) s where r % 2 = 0`),
  );
  // One exam set's marks (the last one with marks).
  const [set] = await q<{ id: number }>(`select max(exam_set_id) as id from exam_marks where school_id = $1`, [school]);
  if (set?.id) await q(`delete from exam_marks where school_id = $1 and exam_set_id <> $2`, [school, set.id]);
  // The last days of the registers.
  const since = async (table: string, days: number) => {
    const list = await q<{ day: string }>(
      `select distinct day::text as day from ${ident(table)} where school_id = $1 order by 1 desc limit ${days}`,
      [school],
    );
    return list.at(-1)?.day ?? '1900-01-01';
  };
  for (const table of ['gate_attendance', 'class_register'])
    await q(`delete from ${ident(table)} where school_id = $1 and day < $2::date`, [school, await since(table, 3)]);
  await doom(
    'rollcalls',
    await ids(`select id from rollcalls where school_id = $1 and day < $2::date`, [await since('rollcalls', 1)]),
  );
  const [{ rank }] = await q<{ rank: number }>(`select min(rank) as rank from competences where school_id = $1`, [
    school,
  ]);
  await doom('competences', await ids(`select id from competences where school_id = $1 and rank > $2`, [rank ?? 0]));
  await q(`delete from requirement_collections where school_id = $1`, [school]);
  const [{ year }] = await q<{ year: number }>(
    `select current_year as year from school_settings where school_id = $1`,
    [school],
  );
  await q(`delete from student_terms where school_id = $1 and year < $2`, [school, year]);
  await doom(
    'guardians',
    await ids(
      `select id from guardians g where school_id = $1
         and not exists (select 1 from student_guardians sg where sg.school_id = g.school_id and sg.guardian_id = g.id)`,
    ),
  );
  await q(`update schools set demo = false where id = $1`, [school]);
}

/**
 * `copies` copies of the template school, `batch` schools a statement: each table's rows INSERT … SELECT from the
 * template's own, with the new school's id, and every id and every id of a school table shifted by the table's
 * offset (so that no two schools share an id, as when the app numbers them). Ids are computed, never taken from a
 * sequence (a Citus worker cannot number a serial key), and each SELECT reads the one template school.
 */
async function cloneTemplate(catalog: Catalog, template: number, copies: number) {
  // Each table's ids of the template, and the offset of the first copy's: after every id in the table.
  const span = new Map<string, { first: bigint; width: bigint }>();
  for (const t of catalog.ids) {
    const [r] = await q<{ low: string | null; high: string | null; top: string | null }>(
      `select min(id) as low, max(id) as high, (select max(id) from ${ident(t)}) as top
         from ${ident(t)} where school_id = $1`,
      [template],
    );
    if (r?.low === null || r?.high === null || r?.top === null || !r) continue;
    span.set(t, { first: BigInt(r.top) - BigInt(r.low) + 1n, width: BigInt(r.high) - BigInt(r.low) + 1n });
  }
  // The id the k-th copy gives a row whose template id is `value` (k.i counts the copies from 1).
  const shift = (table: string, value: string) => {
    const s = span.get(table);
    return s ? `(${value} + (${s.first}::bigint + (k.i - 1)::bigint * ${s.width}))` : value;
  };
  // Searched CASEs only: Citus can send `case x when 'a' …` to a worker as `case x when NULL::boolean …`
  // (citusdata/citus#2862).
  const byKind = (kindColumn: string, value: string, tables: Record<string, string>) => {
    const cases = Object.entries(tables)
      .filter(([, t]) => span.has(t))
      .map(([kind, t]) => `when t.${kindColumn} = '${kind}' then ${shift(t, value)}`);
    return cases.length ? `case ${cases.join(' ')} else ${value} end` : value;
  };
  const expression = (table: string, column: { name: string; type: string }) => {
    const c = `t.${ident(column.name)}`;
    const key = `${table}.${column.name}`;
    if (column.name === 'school_id') return 'k.s';
    if (column.name === 'id' && catalog.ids.has(table)) return shift(table, c);
    const to = catalog.refs.get(key);
    if (to && column.type.endsWith('[]'))
      return `case when ${c} is null then null else array(select ${shift(to, 'u.x')}::int from unnest(${c}) with ordinality u(x, o) order by u.o) end`;
    if (to) return shift(to, c);
    if (key === 'journal_entries.source_id') return byKind('source_kind', c, documentTables);
    if (key === 'money_amendments.document_id') return byKind('kind', c, documentTables);
    if (key === 'budget_lines.category_id') return byKind('kind', c, budgetCategories);
    if (key === 'audits.entity_id') {
      const cases = [...span.keys()].map((t) => `when t.entity = '${t}' then ${shift(t, `${c}::bigint`)}::text`);
      return `case when ${c} !~ '^[0-9]+$' then ${c} when t.entity = 'schools' then k.s::text ${cases.join(' ')} else ${c} end`;
    }
    if (catalog.acrossSchools.get(table)?.includes(column.name))
      return column.name.includes('email') ? `replace(${c}, '@', '+' || k.s || '@')` : `${c} || '.' || k.s`;
    return c;
  };
  const counts = new Map<string, number>();
  for (const t of catalog.school) {
    if (notCopied.has(t)) continue;
    const [{ n }] = await q<{ n: number }>(`select count(*)::int as n from ${ident(t)} where school_id = $1`, [
      template,
    ]);
    if (n) counts.set(t, n);
  }
  const statements = [...counts.keys()].map((t) => {
    const columns = catalog.columns.get(t) ?? [];
    const always = columns.some((c) => c.identity === 'a');
    return {
      table: t,
      text: `insert into ${ident(t)} (${columns.map((c) => ident(c.name)).join(', ')})${always ? ' overriding system value' : ''}
             select ${columns.map((c) => expression(t, c)).join(', ')}
               from ${ident(t)} t cross join unnest($1::int[], $2::int[]) as k(s, i) where t.school_id = $3`,
    };
  });
  const schoolColumns = (catalog.columns.get('schools') ?? []).map((c) => c.name);
  const schoolsText = `insert into schools (${schoolColumns.map(ident).join(', ')})
    select ${schoolColumns.map((c) => (c === 'id' ? 'k.s' : c === 'name' ? `t.name || ' No. ' || k.s` : c === 'demo' ? 'false' : `t.${ident(c)}`)).join(', ')}
      from schools t cross join unnest($1::int[], $2::int[]) as k(s, i) where t.id = $3`;
  const perSchool = [...counts.values()].reduce((a, b) => a + b, 0);
  const [{ top }] = await q<{ top: number }>(`select max(id) as top from schools`);
  console.log(
    `copying the template (${thousands(perSchool)} rows in ${counts.size} tables) into ${thousands(copies)} schools, ${batch} a statement${citus ? ', on the cluster' : ''}`,
  );
  const t0 = performance.now();
  let done = 0;
  let said = 0;
  while (done < copies) {
    const n = Math.min(batch, copies - done);
    const index = Array.from({ length: n }, (_, j) => done + j + 1);
    const schoolIds = index.map((i) => top + i);
    await q('begin');
    try {
      await q(schoolsText, [schoolIds, index, template]);
      for (const s of statements) await q(s.text, [schoolIds, index, template]);
      await q('commit');
    } catch (error) {
      await q('rollback');
      throw error;
    }
    done += n;
    if (done - said >= 50 || done === copies) {
      said = done;
      const ms = performance.now() - t0;
      console.log(
        `  ${done + 1} schools, ${thousands(Math.round((done * perSchool * 1000) / ms))} rows/s, ${secs(ms)} so far, ${load()}`,
      );
    }
  }
  const copying = performance.now() - t0;
  // The sequences on past every id, so that the app numbers its new rows after them.
  for (const t of ['schools', ...catalog.ids]) {
    const [{ sequence }] = await q<{ sequence: string | null }>(`select pg_get_serial_sequence($1, 'id') as sequence`, [
      ident(t),
    ]);
    if (sequence) await q(`select setval($1, greatest((select max(id) from ${ident(t)}), 1))`, [sequence]);
  }
  const t1 = performance.now();
  for (const t of catalog.all) await q(`analyze ${ident(t)}`);
  console.log(
    `copied in ${secs(copying)} (${thousands(Math.round((copies * perSchool * 1000) / copying))} rows/s); analyzed in ${secs(performance.now() - t1)}; ${load()}`,
  );
}

/** The desk and the dashboard, through a server of its own on the filled database. */
async function measure() {
  const serverStarted = performance.now();
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['bench/service-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: path.join(dataDir, 'server'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        if (/ready/i.test(chunk.toString())) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
    });
    console.log(`\nserver ready in ${Math.round(performance.now() - serverStarted)} ms`);
    const all = (await q<{ id: number }>('select id from schools order by id')).map((r) => r.id);
    // The dashboard's school is one of the odd places in the list, the middle one; the desks pay into the even
    // places only, chosen afresh each run: run after run, the same students would pass the ceiling the desk checks
    // (their balance plus a term's fees) and be refused, and the dashboard's school would fill with payments.
    const headSchool = all[Math.min(all.length - 1, Math.floor(all.length / 2) | 1)] as number;
    const even = all.filter((_, i) => i % 2 === 0);
    for (let i = even.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [even[i], even[j]] = [even[j] as number, even[i] as number];
    }
    const deskSchools = even.slice(0, Math.max(1, deskSchoolCount));
    const signIn = async (school: number) => {
      const [user] = await q<{ username: string }>(
        `select username from users where school_id = $1 and username like 'admin%' order by id limit 1`,
        [school],
      );
      const res = await call(new Agent(), 'POST', '/api/login', undefined, { username: user?.username, password });
      if (res.status !== 200) throw new Error(`sign-in to school ${school}: ${res.status} ${res.body}`);
      return (JSON.parse(res.body) as { token: string }).token;
    };

    // The dashboard of one school among them all, one call at a time.
    if (only !== 'desk') await dashboards(headSchool, await signIn(headSchool));
    if (only !== 'dashboard') await paymentDesks(deskSchools, signIn);
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

async function dashboards(headSchool: number, headToken: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const dashboard = async (route: string, n: number) => {
    const times: number[] = [];
    for (let i = 0; i < n + 5; i++) {
      const t0 = performance.now();
      const res = await call(agent, 'POST', route, headToken, {});
      if (res.status !== 200) throw new Error(`${route}: ${res.status} ${res.body.slice(0, 300)}`);
      if (i >= 5) times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b);
  };
  const [{ n: headStudents }] = await q<{ n: number }>(
    `select count(*)::int as n from students where school_id = $1 and status = 'current'`,
    [headSchool],
  );
  const dash = await dashboard('/api/dashboard', runs);
  console.log(
    `POST dashboard (admin, every tile) of school ${headSchool}, ${headStudents} current students: median ${at(dash, 50)} ms, p99 ${at(dash, 99)} ms of ${runs} calls one at a time (aim < 100 ms); ${load()}`,
  );
  const exams = await dashboard('/api/dashboard_exams', Math.min(runs, 10));
  console.log(`POST dashboard_exams: median ${at(exams, 50)} ms of ${exams.length}; ${load()}`);
  agent.destroy();
}

/** The desks, in `deskSchools` in turn, each paying for its school's current students one after another. */
async function paymentDesks(deskSchools: number[], signIn: (school: number) => Promise<string>) {
  const schools: { school: number; token: string; students: number[]; mode: number | undefined }[] = [];
  for (const school of deskSchools) {
    const students = (
      await q<{ id: number }>(`select id from students where school_id = $1 and status = 'current' order by id`, [
        school,
      ])
    ).map((r) => r.id);
    const [mode] = await q<{ id: number }>(
      `select id from payment_modes where school_id = $1 and active order by id limit 1`,
      [school],
    );
    schools.push({ school, token: await signIn(school), students, mode: mode?.id });
  }
  // Desks of one school start at different students.
  const desks = Array.from({ length: deskCount }, (_, j) => {
    const desk = schools[j % schools.length]!;
    return { ...desk, next: Math.floor(j / schools.length) * 7 };
  });
  const pay = async (rate?: number, duration = seconds) => {
    const latencies: number[] = [];
    const failures: string[] = [];
    const started = performance.now();
    const end = started + duration * 1000;
    // Each desk its own connection; offered a rate, each desk its share, the desks' turns spread over the interval.
    const interval = rate ? (desks.length * 1000) / rate : 0;
    await Promise.all(
      desks.map(async (desk, j) => {
        const own = new Agent({ keepAlive: true, maxSockets: 1 });
        let slot = started + (interval * j) / desks.length;
        while (performance.now() < end) {
          if (rate) {
            // Behind by more than a second, the desk does not try to catch up on all it missed.
            slot = Math.max(slot, performance.now() - 1000);
            const wait = slot - performance.now();
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
            slot += interval;
            if (performance.now() >= end) break;
          }
          const t0 = performance.now();
          const res = await call(own, 'POST', '/api/fees_payments', desk.token, {
            student_id: desk.students[desk.next++ % desk.students.length],
            // Small: one school's desks flat out pay each student a hundred times a run, and a payment above
            // the student's balance plus a term's fees is refused (202, asking to confirm).
            amount: 1_000,
            mode_id: desk.mode,
          });
          latencies.push(performance.now() - t0);
          if (res.status !== 200) failures.push(`${res.status} ${res.body.slice(0, 200)}`);
        }
        own.destroy();
      }),
    );
    const took = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return { rps: Math.round(latencies.length / took), p50: at(latencies, 50), p99: at(latencies, 99), failures };
  };
  // As long again first, not counted: the server's pool, its prepared statements and each school's accounts warm.
  await pay();
  const said = (r: Awaited<ReturnType<typeof pay>>) =>
    `${r.rps}/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.failures.length ? `; ${r.failures.length} not 200, first: ${r.failures[0]}` : ''}; ${load()}`;
  const where = `${desks.length} desks in ${schools.length} school${schools.length === 1 ? '' : 's'}`;
  const flat = await pay();
  console.log(`POST fees_payments, ${where} as fast as they can: ${said(flat)}`);
  const atAim = await pay(1000);
  console.log(`POST fees_payments, ${where} offering 1,000/s: ${said(atAim)} (aim p99 < 50 ms)`);
}

/** The p-th percentile of sorted times, in whole milliseconds. */
function at(sorted: number[], p: number) {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
}

function call(agent: Agent, method: string, route: string, token: string | undefined, body: object) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: route,
        method,
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

// The app's migrations (a cluster's database was migrated when it was distributed: nothing to do then).
const dataDir = mkdtempSync(path.join(tmpdir(), 'somero-service-'));
const database = await openDatabase({ databaseUrl: url, dataDir: path.join(dataDir, 'data') });
const where = citus ? 'a Citus cluster' : 'PostgreSQL';
console.log(`bench:service on ${where} (${new URL(url).host}${new URL(url).pathname}): ${wanted} schools`);

let [{ n: present }] = await q<{ n: number }>('select count(*)::int as n from schools');
if (present === 0) {
  const t0 = performance.now();
  await seedDemoSchool(database.db, password);
  const [{ id: template }] = await q<{ id: number }>('select min(id) as id from schools');
  const catalog = await readCatalog();
  console.log(`template: the demo school seeded in ${secs(performance.now() - t0)}, ${load()}`);
  const t1 = performance.now();
  await trimTemplate(catalog, template);
  const rows = await countRows(catalog.all);
  console.log(
    `template trimmed in ${secs(performance.now() - t1)}: ${thousands(rows.students)} students, ${thousands(rows.total)} rows`,
  );
  await cloneTemplate(catalog, template, wanted - 1);
  present = wanted;
} else if (present !== wanted) {
  console.log(
    `The database has ${present} schools, not 0 and not ${wanted}: give bench:service an empty database, or BENCH_SCHOOLS=${present} to measure this one.`,
  );
  process.exit(1);
} else console.log(`The database has its ${present} schools already: measured as it is.`);
await database.close();
const rows = await countRows((await readCatalog()).all, true);
console.log(
  `\n${thousands(present)} schools, ${thousands(rows.students)} students (${thousands(rows.current)} current), ${thousands(rows.total)} rows in all; ${rows.size}`,
);

await measure();
await client.end();
rmSync(dataDir, { recursive: true, force: true });
