// Fees data for the benchmark, added to the demo school (school 1) after the 3,000-student top-up.
// Plain SQL: this is a fixture, not the way the app writes (the app goes through its verbs).
import type { Database } from '../apps/api/src/db/open.js';

export const historyAdmissionNo = 'HIST/5Y';

/**
 * One S5 student with five years of history: enrolled S1 → S5 from term 1 four years ago to the current
 * term, the structure copied to the past four years, a balance brought forward, an addition and a
 * deduction each year, a 10% tuition bursary every term and three payments each past term (one a year
 * voided). Answers the student's id.
 */
export async function seedFeesHistory(database: Database): Promise<number> {
  const q = database.raw;
  const [now] = (await q('select current_year as y, current_term as t from school_settings where school_id = 1')) as {
    y: number;
    t: number;
  }[];
  const first = now.y - 4;
  // The structure of the current year, copied to the four years before it.
  await q(
    `insert into fees_breakdowns (school_id, category_id, class_id, section, nationality, entrants, year, term, amount)
     select school_id, category_id, class_id, section, nationality, entrants, year - k, term, amount
     from fees_breakdowns, generate_series(1, 4) k where school_id = 1 and year = $1`,
    [now.y],
  );
  const [student] = (await q(
    `insert into students (school_id, admission_no, surname, other_names, gender, date_of_birth, class_id, stream_id,
       section, house, nationality, religion, district, status, entry_year, entry_term, admitted_on)
     select school_id, $1, 'History', 'Five Years', gender, date_of_birth, class_id, stream_id, 'boarding', house,
       'Ugandan', religion, district, 'current', $2, 1, make_date($2, 2, 1)
     from students where school_id = 1 and class_id = (select id from classes where school_id = 1 and name = 'S5')
     order by id limit 1 returning id`,
    [historyAdmissionNo, first],
  )) as { id: number }[];
  const id = student.id;
  // S1 four years ago … S5 now.
  await q(
    `insert into student_terms (school_id, student_id, year, term, class_id, section, nationality_group, is_new)
     select 1, $1::int, g / 3, g % 3 + 1, c.id, 'boarding', 'national', g = $2::int * 3
     from generate_series($2::int * 3, $3::int * 3 + $4::int - 1) g
     join classes c on c.school_id = 1 and c.name = 'S' || (g / 3 - $2::int + 1)`,
    [id, first, now.y, now.t],
  );
  await q(`insert into previous_debts (school_id, student_id, amount, note) values (1, $1, 250000, 'Old books')`, [id]);
  await q(
    `insert into fees_additions (school_id, student_id, category_id, description, amount, year, term)
     select 1, $1::int, null, 'School trip', 85000, y, 2 from generate_series($2::int, $3::int - 1) y`,
    [id, first, now.y],
  );
  await q(
    `insert into fees_deductions (school_id, student_id, description, amount, year, term)
     select 1, $1::int, 'Sports discount', 40000, y, 3 from generate_series($2::int, $3::int - 1) y`,
    [id, first, now.y],
  );
  const [bc] = (await q(
    `insert into bursary_categories (school_id, name) values (1, 'Bench bursary') returning id`,
  )) as { id: number }[];
  await q(
    `insert into bursaries (school_id, student_id, bursary_category_id, kind, percent, category_id, start_year,
       start_term, every_term)
     select 1, $1::int, $2::int, 'percent', 10, id, $3::int, 1, true
       from fees_categories where school_id = 1 and name = 'Tuition'`,
    [id, bc.id, first],
  );
  // Three payments in each past term, numbered on from the receipt counter (and the counter moved on).
  const [{ n }] = (await q(`select count(*)::int as n from generate_series($1::int * 3, $2::int * 3 + $3::int - 2) g`, [
    first,
    now.y,
    now.t,
  ])) as { n: number }[];
  const [counter] = (await q(
    `update counters set value = value + $1 where school_id = 1 and name = 'receipt' returning value - $1 as start`,
    [n * 3],
  )) as { start: number }[];
  // Values read first, not in subqueries: a Citus cluster plans an INSERT … SELECT without them.
  const [mode] = (await q(`select min(id) as id from payment_modes where school_id = 1`)) as { id: number }[];
  await q(
    `insert into fees_payments (school_id, receipt_no, student_id, amount, mode_id, paid_on, payer, year, term,
       cashier_name, status, void_reason, voided_at, voided_by)
     select 1, $1::int + row_number() over (order by g, k), $2::int, 300000 + k * 10000,
       $6::int, make_date(g / 3, 2 + (g % 3) * 4, 5 + k * 6),
       'Parent', g / 3, g % 3 + 1, 'Bench', case when g % 3 = 1 and k = 3 then 'void' else 'valid' end,
       case when g % 3 = 1 and k = 3 then 'Entered twice' end, case when g % 3 = 1 and k = 3 then now() end,
       case when g % 3 = 1 and k = 3 then 'Bench' end
     from generate_series($3::int * 3, $4::int * 3 + $5::int - 2) g, generate_series(1, 3) k`,
    [counter.start, id, first, now.y, now.t, mode.id],
  );
  return id;
}

/** The fixture the benchmark drives: the history student, the other current students and a payment mode. */
export async function feesFixture(database: Database, historyId: number) {
  const ids = (await database.raw(
    `select id from students where school_id = 1 and status = 'current' and id <> $1 order by id`,
    [historyId],
  )) as { id: number }[];
  const [mode] = (await database.raw(
    `select id from payment_modes where school_id = 1 and active order by id limit 1`,
  )) as { id: number }[];
  return { historyId, studentIds: ids.map((r) => r.id), modeId: mode.id };
}
