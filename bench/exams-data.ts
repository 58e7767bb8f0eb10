// The exams benchmarks' school: classes of `size` students with marks in three sets (plain SQL, a
// fixture, not the way the app writes): S3 old O-Level (12 subjects), S1 new curriculum (12 subjects, 3
// competences each with AOI scores), S5 A-Level (PCM, 3 papers each, General Paper and Sub-Math); with
// `wholeSchool`, S2 and S4 (new) and S6 (A-Level) too: six classes. Every INSERT … SELECT that reads the school's
// own tables numbers its rows itself (`insertNumbered`), so the fixture runs on a Citus cluster too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../apps/api/src/core/passwords.js';
import { type Database, openDatabase } from '../apps/api/src/db/open.js';
import { createSchool } from '../apps/api/src/modules/users/index.js';

/**
 * A database of the benchmark's own: with DATABASE_URL one made beside it (dropped by `close`), else an
 * embedded one in a temporary folder.
 */
export async function benchDatabase(name: string) {
  // BENCH_OWN_DATABASE=1: DATABASE_URL's own database (a Citus cluster's, distributed beforehand), seeded as it is.
  const server = process.env.BENCH_OWN_DATABASE === '1' ? undefined : process.env.DATABASE_URL;
  const own = `somero_bench_${name}_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  let databaseUrl = process.env.BENCH_OWN_DATABASE === '1' ? process.env.DATABASE_URL : undefined;
  if (server) {
    await admin(`create database ${own}`);
    const url = new URL(server);
    url.pathname = `/${own}`;
    databaseUrl = url.toString();
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `somero-bench-${name}-`));
  const database = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, 'data') });
  return {
    database,
    databaseUrl,
    async close() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (server) await admin(`drop database if exists ${own} with (force)`);
    },
  };
}

export interface ExamsSchool {
  id: number;
  username: string;
  password: string;
  y: number;
  t: number;
  classIds: Record<string, number>;
}

/**
 * `insert into table (id, columns) select <id>, values from …`, each row's id taken beforehand from the table's
 * sequence in one plain statement. On a Citus cluster an INSERT … SELECT from a school's own tables runs on a worker,
 * which cannot number a serial (int) key; ids written out can go any way. `from` (FROM … WHERE …) is counted first for
 * how many ids to take; `filter`, a condition added to the insert only, may leave some unused. `params` are those of
 * `from` (`values` writes its figures out). No `case x when …` in them: Citus sends it to the worker as
 * `case x when NULL::boolean …` (citusdata/citus#2862); `case when x = …` goes as written.
 */
async function insertNumbered(
  database: Database,
  table: string,
  columns: string,
  values: string,
  from: string,
  params: unknown[],
  filter = '',
) {
  const [{ n }] = (await database.raw(`select count(*)::int as n ${from}`, params)) as { n: number }[];
  if (!n) return;
  const [{ first }] = (await database.raw(
    `select setval(pg_get_serial_sequence($1, 'id'), nextval(pg_get_serial_sequence($1, 'id')) + $2::int - 1)
       - $2::int + 1 as first`,
    [table, n],
  )) as { first: string }[];
  await database.raw(
    `insert into ${table} (id, ${columns})
     select ${Number(first)} + row_number() over () - 1, ${values} ${from}${filter ? ` and ${filter}` : ''}`,
    params,
  );
}

export async function seedExamsSchool(
  database: Database,
  { size, wholeSchool = false }: { size: number; wholeSchool?: boolean },
): Promise<ExamsSchool> {
  const q = database.raw;
  const password = 'bench-marksheets-pass';
  const username = `bench${process.pid}`;
  const { school } = await createSchool(database.db, {
    school: 'Marksheet Bench SS',
    name: 'Bench Administrator',
    username,
    email: `${username}@bench.example`,
    passwordHash: await hashPassword(password),
  });
  const id = school.id;
  const [now] = (await q('select current_year as y, current_term as t from school_settings where school_id = $1', [
    id,
  ])) as { y: number; t: number }[];
  const { y, t } = now as { y: number; t: number };
  const classIds = Object.fromEntries(
    ((await q('select id, name from classes where school_id = $1', [id])) as { id: number; name: string }[]).map(
      (c) => [c.name, c.id],
    ),
  ) as Record<string, number>;
  await q(`update classes set curriculum = 'old' where school_id = $1 and name = 'S3'`, [id]);

  // Subjects: 12 old O-Level (English, Mathematics, three sciences, three humanities, four others),
  // 12 new-curriculum, three A-Level principals of three papers each, General Paper and Sub-Math.
  const groups = `case g when 1 then 'english' when 2 then 'mathematics' when 3 then 'science' when 4 then 'science'
    when 5 then 'science' when 6 then 'humanity' when 7 then 'humanity' when 8 then 'humanity' else 'other' end`;
  for (const level of ['olevel', 'nlsc']) {
    await q(
      `insert into subjects (school_id, name, code, level, subject_group, compulsory)
       select $1, $2 || ' ' || g, (100 + g)::text, $2, ${groups}, true from generate_series(1, 12) g`,
      [id, level],
    );
  }
  await q(
    `insert into subjects (school_id, name, code, level, compulsory)
     select $1::int, 'Principal ' || g, 'P' || g, 'alevel', false from generate_series(1, 3) g
     union all select $1::int, 'General Paper', 'S101', 'subsidiary', true
     union all select $1::int, 'Subsidiary Mathematics', 'S475', 'subsidiary', false`,
    [id],
  );
  await insertNumbered(
    database,
    'papers',
    'school_id, subject_id, number, name',
    `s.school_id, s.id, n, 'Paper ' || n`,
    `from subjects s, generate_series(1, 3) n where s.school_id = $1 and s.level = 'alevel'`,
    [id],
  );
  // The subjects' ids read first: a statement with subqueries on a school's tables runs on a Citus worker too.
  const code = Object.fromEntries(
    (
      (await q(`select id, code from subjects where school_id = $1 and code in ('P1', 'P2', 'P3', 'S475')`, [id])) as {
        id: number;
        code: string;
      }[]
    ).map((s) => [s.code, s.id]),
  );
  const [combination] = (await q(
    `insert into combinations (school_id, name, subject1_id, subject2_id, subject3_id, subsidiary_id)
     values ($1, 'PCM', $2, $3, $4, $5) returning id`,
    [id, code.P1, code.P2, code.P3, code.S475],
  )) as { id: number }[];
  await q(
    `insert into exam_sets (school_id, name, year, term, rank) values ($1, 'BOT', $2, $3, 1), ($1, 'MOT', $2, $3, 2), ($1, 'EOT', $2, $3, 3)`,
    [id, y, t],
  );
  await insertNumbered(
    database,
    'considered_sets',
    'school_id, year, term, exam_set_id, weight',
    `school_id, ${y}, ${t}, id, case when name = 'BOT' then 20 when name = 'MOT' then 30 else 50 end`,
    'from exam_sets where school_id = $1',
    [id],
  );
  // `size` students in each class, enrolled this term.
  for (const name of wholeSchool ? ['S3', 'S1', 'S5', 'S2', 'S4', 'S6'] : ['S3', 'S1', 'S5']) {
    await q(
      `insert into students (school_id, admission_no, surname, other_names, gender, class_id, entry_year, entry_term,
         admitted_on, combination_id)
       select $1, $2 || '/' || g, 'Student', 'Number ' || g, case when g % 2 = 0 then 'F' else 'M' end, $3, $4, $5,
         current_date, case when $2 in ('S5', 'S6') then $6::int end
       from generate_series(1, ${size}) g`,
      [id, name, classIds[name], y, t, combination?.id],
    );
  }
  await insertNumbered(
    database,
    'student_terms',
    'school_id, student_id, year, term, class_id, section, nationality_group',
    `school_id, id, ${y}, ${t}, class_id, 'day', 'national'`,
    'from students where school_id = $1',
    [id],
  );
  // Marks in every set, one in twenty missing (not entered).
  await insertNumbered(
    database,
    'exam_marks',
    'school_id, exam_set_id, student_id, subject_id, paper_id, mark',
    'st.school_id, es.id, st.id, sub.id, p.id, (random() * 100)::int',
    `from students st
     join classes c on c.school_id = st.school_id and c.id = st.class_id
     join subjects sub on sub.school_id = st.school_id and sub.level = any(case when c.curriculum = 'old' then array['olevel']
       when c.curriculum = 'new' then array['nlsc'] else array['alevel', 'subsidiary'] end)
       and (sub.level <> 'subsidiary' or sub.code in ('S101', 'S475'))
     left join papers p on p.school_id = sub.school_id and p.subject_id = sub.id
     join exam_sets es on es.school_id = st.school_id
     where st.school_id = $1 and es.school_id = $1`,
    [id],
    'random() > 0.05',
  );
  await insertNumbered(
    database,
    'competences',
    'school_id, subject_id, class_id, year, term, name, rank',
    `s.school_id, s.id, c.id, ${y}, ${t}, 'Competence ' || n, n`,
    `from subjects s join classes c on c.school_id = s.school_id, generate_series(1, 3) n
     where s.school_id = $1 and s.level = 'nlsc' and c.school_id = $1 and c.curriculum = 'new'
       and exists (select 1 from students st where st.school_id = c.school_id and st.class_id = c.id)`,
    [id],
  );
  await insertNumbered(
    database,
    'aoi_scores',
    'school_id, competence_id, student_id, score_tenths',
    'c.school_id, c.id, st.id, 10 + (random() * 20)::int',
    `from competences c
     join students st on st.school_id = c.school_id and st.class_id = c.class_id
     where c.school_id = $1`,
    [id],
  );
  await q('analyze');

  return { id, username, password, y, t, classIds };
}
