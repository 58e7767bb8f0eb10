import * as contract from '@somero/contract';
import { jobs, type Resource, resources } from '@somero/contract';
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as coreSchema from '../src/db/schema.js';
import { plausible, resourceSample } from './plausible.js';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { bearer, newSchool, type TestSchool, useTestApp } from './support.js';

/**
 * Issue 9 §3: another school's ids are simply not found. School B gets a row of every declared entity
 * and the money documents through the API; then school A's administrator calls every registered route
 * that takes an {id} (GET, PUT, DELETE, POST) with B's ids, and every POST whose body takes ids. Every
 * answer must be a 404 (or a refusal, or an answer holding nothing of B's), B's rows must be unchanged,
 * and no row of any school may refer to another school's row.
 */
const t = useTestApp();
const marker = 'Bzq';

/** Every table with a school_id column. */
const schoolTables = ([...Object.values(coreSchema), ...Object.values(contract)] as unknown[])
  .filter((v): v is PgTable => is(v, PgTable))
  .filter((v, i, all) => all.indexOf(v) === i)
  .filter((table) => Object.values(getTableColumns(table)).some((c) => c.name === 'school_id'));
const tableNamed = (name: string) => schoolTables.find((table) => getTableName(table) === name);

/** The table a route's first path segment names, where it is not the segment itself. */
const tableOfSegment: Record<string, string> = {
  payment_options: 'payment_modes',
  fees_ledger: 'students',
  full_fees_ledger: 'students',
  permissions: 'roles',
  // A student's sign-in is reached by the student's id.
  student_accounts: 'students',
  // A staff member's sign-in likewise by the staff member's id.
  staff_sign_in: 'staff',
  expense_cart: 'expense_cart_lines',
  // A money document's amendments are reached by the document's id.
  fees_payment_amendments: 'fees_payments',
  old_payment_amendments: 'old_payments',
  revenue_amendments: 'revenues',
  expense_amendments: 'expenses',
  asset_purchase_amendments: 'asset_purchases',
  advance_amendments: 'staff_advances',
  expense_requisition_cart: 'requisition_cart_lines',
  edit_expense_requisitions: 'expense_requisitions',
  school: 'schools',
  system_comments: 'comment_bank',
  // PUT and DELETE asset_labels/{id} take an asset; GET asset_labels/{purchase} a purchase.
  asset_labels: 'assets',
  fyear: 'financial_years',
  advances: 'staff_advances',
  medication: 'sickbay_visits',
  staff_medication: 'sickbay_visits',
  edit_store_log: 'store_movements',
  units: 'store_units',
  visitors: 'visitor_visits',
  close_visit: 'visitor_visits',
  salary_temp: 'salary_temps',
  salary_ledger: 'salary_payments',
  // A staff member's ledger is reached by the staff member's id (a reversal by the payment's).
  'GET salary_ledger': 'staff',
  review_department_reports: 'department_reports',
  // A report's attachment is a row of files.
  department_report_files: 'files',
  // PUT and DELETE student/requirements/{id}: a line of a requirements list.
  student: 'requirements',
  prev_requirements: 'requirement_arrears',
  // Attendance: the first two segments name the table (staff/{id} is the staff table).
  'student/attendance': 'gate_attendance',
  'staff/attendance': 'gate_attendance',
  rollcal: 'rollcall_categories',
  change: 'rollcall_marks',
  // E-Learning: the resources' table, its publish call, and an attachment (a row of files).
  elearning: 'elearning_resources',
  publish: 'elearning_resources',
  elearning_files: 'files',
};

const sample = (r: Resource, api: RegisterSchool['api'], made: Map<string, number>) =>
  resourceSample(
    r,
    (target, body) => createIn(target, api, made, body),
    (f) => `${marker} ${f.label} ${made.size}`,
  );

/**
 * One row of a declared entity in the school of `api`: answers its id. One row per entity, or per
 * choice of its selects when a reference takes only some (an A-Level subject for a combination).
 */
async function createIn(
  r: Resource,
  api: RegisterSchool['api'],
  made: Map<string, number>,
  body?: Record<string, unknown>,
): Promise<number> {
  const choices = body ? r.fields.filter((f) => f.kind === 'select').map((f) => body[f.name]) : [];
  const key = choices.length ? `${r.path} ${JSON.stringify(choices)}` : r.path;
  if (made.has(key)) return made.get(key)!;
  const res = await api.post(`/${r.path}`, body ?? (await sample(r, api, made)));
  expect(res.statusCode, `${r.path}: ${res.body}`).toBe(200);
  made.set(key, res.json().data.id);
  if (!made.has(r.path)) made.set(r.path, res.json().data.id);
  return res.json().data.id;
}

type Snapshot = Record<string, unknown[]>;
const segmentOf = (url: string) => url.replace(/^\/api\//, '').split('/')[0];
/** What a generated body cannot guess (a user name without spaces, a term that closes after it opens). */
const bodyFor: Record<string, object> = {
  users: { username: 'crossschool', email: null, phone: null, type: 1, role_id: null },
  staff_sign_in: { username: 'crossschoolstaff', password: 'cross-school-9' },
  permissions: { flags: { view_users: true } },
  school: {
    name: 'Cross-school check',
    email: '',
    currency: 'UGX',
    current_year: 2026,
    current_term: 1,
    visiting_hours: null,
  },
  term_dates: { opens_on: '2030-01-10', closes_on: '2030-03-10', next_term_begins: null },
  visitors: {
    visitor_name: 'Cross',
    phone: null,
    id_type: null,
    visitor_type: 'other',
    purpose: 'Check',
    whom: 'office',
    office: 'Bursar',
  },
  events: { title: 'Cross', event_type: 'other', on_date: '2026-03-02', starts_at: null, ends_at: null, invited: [] },
  // A note needs no web link (a plausible text is not one) and no due date.
  elearning: { kind: 'note', link: null, due_on: null, attachments: [] },
};
const hasId = (table: PgTable) => Object.values(getTableColumns(table)).some((c) => c.name === 'id');

/** The rows of a raw query (PGlite and node-postgres both answer { rows }). */
const rowsWhere = async (text: string) =>
  ((await t.database.db.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows;

describe('another school’s ids', () => {
  let a: TestSchool;
  let b: RegisterSchool;
  const ids = new Map<string, number>();
  let before: Snapshot;

  const rowsOf = async (schoolId: number): Promise<Snapshot> => {
    const out: Snapshot = {};
    for (const table of schoolTables) {
      const name = getTableName(table);
      out[name] = await rowsWhere(`select * from "${name}" where school_id = ${schoolId} order by 1`);
    }
    return out;
  };

  /** B's newest row of a table (0 when it has none). */
  const idIn = async (name: string): Promise<number> => {
    if (name === 'schools') return b.schoolId;
    const table = tableNamed(name);
    if (!table || !hasId(table)) return 0;
    const rows = await rowsWhere(`select id from "${name}" where school_id = ${b.schoolId} order by id desc limit 1`);
    return Number((rows[0] as { id?: number } | undefined)?.id ?? 0);
  };

  beforeAll(async () => {
    a = await newSchool(t.app, t.database);
    b = await registerSchool(t.app, t.database);
    const api = b.api;
    const made = new Map<string, number>();
    for (const r of resources.filter((r) => r.calls.includes('create'))) await createIn(r, api, made);
    const student = await admit(b, { surname: marker, other_names: 'Victim' });
    const mode = made.get('payment_options')!;
    const pay = await api.post('/fees_payments', {
      student_id: student.id,
      amount: 50_000,
      mode_id: mode,
      paid_on: '2026-03-02',
      reference: `X-${marker}`,
      // Nothing is charged in this school: the amount is knowingly above the balance.
      confirm: true,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const revenue = await api.post('/revenues', {
      source_id: made.get('revenue_sources'),
      amount: 10_000,
      mode_id: mode,
      received_on: '2026-03-02',
      received_from: marker,
    });
    expect(revenue.statusCode, revenue.body).toBe(200);
    const line = { item_id: made.get('expense_items'), quantity: 1, unit_cost: 5_000 };
    expect((await api.post('/expense_cart', line)).statusCode).toBe(200);
    const expense = await api.post('/expenses', { spent_on: '2026-03-03', mode_id: mode, note: marker });
    expect(expense.statusCode, expense.body).toBe(200);
    expect((await api.post('/expense_cart', line)).statusCode).toBe(200);
    expect((await api.post('/expense_requisition_cart', line)).statusCode).toBe(200);
    const requisition = await api.post('/expense_requisitions', { title: marker });
    expect(requisition.statusCode, requisition.body).toBe(200);
    expect((await api.post('/expense_requisition_cart', line)).statusCode).toBe(200);
    const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
      const r = await res;
      expect(r.statusCode, r.body).toBe(200);
    };
    const paymentId = pay.json().data as number;
    await ok(api.put(`/fees_payments/${paymentId}`, { payer: marker, reason: 'Payer spelt wrongly' }));
    const bank = await api.post('/payment_options', {
      name: `${marker} Bank`,
      kind: 'bank',
      opening_balance: 0,
      opening_on: '2026-01-01',
    });
    expect(bank.statusCode, bank.body).toBe(200);
    await ok(api.post('/money_transfers', { from_mode_id: mode, to_mode_id: bank.json().data.id, amount: 1_000 }));
    const old = (await api.post('/old_students', { name: `${marker} Old`, debt: 50_000 })).json().data.id;
    const oldPay = await api.post('/old_payments', { old_student_id: old, amount: 10_000, mode_id: mode });
    expect(oldPay.statusCode, oldPay.body).toBe(200);
    await ok(api.put(`/old_payments/${oldPay.json().data.id}`, { payer: marker, reason: 'Payer spelt wrongly' }));
    await ok(
      api.post('/bursaries', {
        student_id: student.id,
        bursary_category_id: made.get('bursary_categories'),
        kind: 'fixed',
        amount: 10_000,
        start_year: 2026,
        start_term: 2,
        note: marker,
      }),
    );
    await ok(
      api.post('/asset_purchases', {
        item_id: made.get('asset_items'),
        quantity: 2,
        unit_cost: 40_000,
        purchased_on: '2026-03-03',
        location_id: made.get('asset_locations'),
        mode_id: mode,
        reference: marker,
      }),
    );
    await ok(api.put(`/student_accounts/${student.id}`, { password: 'first-pass-1' }));
    await ok(
      api.post('/pass_outs', {
        student_id: student.id,
        type: 'Medical',
        reason: `${marker} clinic`,
        time_out: '2026-03-02T09:00:00+03:00',
        expected_return: '2026-03-02T17:00:00+03:00',
        authorised_by: 'Deputy',
      }),
    );
    await ok(
      api.post('/report_comments', {
        year: 2026,
        term: 2,
        comments: [{ student_id: student.id, class_teacher: `${marker} works hard`, head_teacher: null }],
      }),
    );
    const biology = await api.post('/subjects', { name: `${marker} Biology`, code: `${marker}553`, level: 'nlsc' });
    expect(biology.statusCode, biology.body).toBe(200);
    await ok(
      api.post('/competences', {
        subject_id: biology.json().data.id,
        class_id: b.classes.S1,
        year: 2026,
        term: 2,
        name: `${marker} classifies living things`,
      }),
    );
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    await ok(api.post('/fyear', { name: `${marker} 2026`, starts_on: '2026-01-01', ends_on: '2026-12-31' }));
    // A sick-bay visit of a student and one of a staff member.
    await ok(api.post('/medication', { student_id: student.id, complaint: `${marker} headache` }));
    await ok(api.post('/staff_medication', { staff_id: made.get('staff'), complaint: `${marker} flu` }));
    // Store stock received (a purchase paid from the mode) and some of it issued.
    const storeItem = made.get('store_items');
    await ok(
      api.post('/add_store_stock', {
        item_id: storeItem,
        quantity: 5,
        unit_cost: 1_000,
        payment: 'mode',
        mode_id: mode,
        supplier_id: made.get('suppliers'),
        note: marker,
      }),
    );
    await ok(api.post('/give_out_item', { item_id: storeItem, quantity: 2, issued_to: 'person', person: marker }));
    await ok(api.post('/add_store_loss', { item_id: storeItem, quantity: 1, loss_kind: 'spoilt', reason: marker }));
    // A visit in the visitors book and an event with its minutes.
    await ok(
      api.post('/visitors', {
        visitor_name: `${marker} Parent`,
        visitor_type: 'parent',
        purpose: `${marker} visit`,
        whom: 'student',
        student_id: student.id,
      }),
    );
    const event = await api.post('/events', { title: `${marker} PTA`, event_type: 'pta', on_date: '2026-03-02' });
    expect(event.statusCode, event.body).toBe(200);
    await ok(api.post('/minutes', { event_id: event.json().data.id, resolutions: `${marker} resolved` }));
    // A salaried staff member with an advance, a prepared month and a paid one.
    const bStaff = (
      await api.post('/staff', { name: `${marker} Bursar`, initials: 'XB', basic_salary: 400_000, active: true })
    ).json().data.id;
    await ok(
      api.post('/advances', { staff_id: bStaff, amount: 50_000, mode_id: mode, months: 1, consent: `${marker} form` }),
    );
    const prepared = (await api.post('/salary_temp', { year: 2026, month: 3 })).json().data.rows;
    await ok(api.post('/salary_ledger', { temp_id: prepared[0].id, mode_id: mode, reference: marker }));
    await ok(api.post('/school_logo', { filename: 'logo.png', data: png.toString('base64') }));
    // A shared file and a department report with an attachment (the departments area).
    await ok(
      api.post('/staff_resources', {
        title: `${marker} circular`,
        category: 'circular',
        file: { filename: 'circular.png', data: png.toString('base64') },
      }),
    );
    await ok(
      api.post('/department_reports', {
        department_id: made.get('departments'),
        title: `${marker} report`,
        body: marker,
        attachments: [{ filename: 'chart.png', data: png.toString('base64') }],
      }),
    );
    // A gate check-in of a student and of a staff member, and a roll-call taken (attendance).
    await ok(api.post('/student/attendance', { student_id: student.id }));
    await ok(api.post('/staff/attendance', { staff_id: made.get('staff') }));
    await ok(
      api.post('/take/rollcall', {
        category_id: made.get('rollcal/categories'),
        class_id: student.class_id,
        absent: [student.id],
      }),
    );
    // A published E-Learning note with an attachment.
    const note = await api.post('/elearning', {
      title: `${marker} notes`,
      kind: 'note',
      class_id: b.classes.S1,
      subject_id: biology.json().data.id,
      body: marker,
      attachments: [{ filename: 'diagram.png', data: png.toString('base64') }],
    });
    expect(note.statusCode, note.body).toBe(200);
    await ok(api.del(`/publish/${note.json().data.id}`));
    // A job B's administrator started (printing), with the document it made.
    await t.database.db.insert(jobs).values({ schoolId: b.schoolId, kind: 'print', title: marker, status: 'done' });
    before = await rowsOf(b.schoolId);
    for (const table of schoolTables) ids.set(getTableName(table), await idIn(getTableName(table)));
  }, 300_000);

  /** B's id for a route, from the table its first path segment (or its method and segment) names. */
  const idFor = (url: string, method: string) => {
    const segment = url.replace(/^\/api\//, '').split('/')[0] as string;
    const two = url
      .replace(/^\/api\//, '')
      .split('/')
      .slice(0, 2)
      .join('/');
    const table = tableOfSegment[two] ?? tableOfSegment[`${method} ${segment}`] ?? tableOfSegment[segment] ?? segment;
    return b ? (segment === 'school' ? b.schoolId : (ids.get(table) ?? 0)) : 0;
  };

  it('are not found by any route taking an {id}', async () => {
    // grading/{id} names a kind of table (1 O-Level … 6 policy), the same in every school, not a row:
    // exams-grading.test.ts shows one school's change leaving another's grades alone.
    // The service console's calls name schools, not a school's rows; no school's user reaches them (operator.test.ts).
    const routes = t.app.registeredRoutes.filter(
      (r) => r.url.includes(':id') && !r.url.startsWith('/api/grading/') && r.access !== 'operator',
    );
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((r) => idFor(r.url, r.method) === 0).map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes for which school B has no row: give B one').toEqual([]);
    const leaks: string[] = [];
    const notReached: string[] = [];
    for (const r of routes) {
      const url = r.url.replace(':id', String(idFor(r.url, r.method)));
      const input = r.input as z.ZodType | undefined;
      const takesReason = Boolean(input && 'shape' in input && 'reason' in (input.shape as object));
      // A body or query the route accepts, so that its handler (not the validation) answers.
      const attempts =
        r.method === 'GET'
          ? [undefined]
          : r.method === 'DELETE'
            ? [takesReason ? '?reason=Cross-school%20check' : '']
            : [{ ...(plausible(input, 'Cross-school check') as object), ...bodyFor[segmentOf(r.url)] }, {}];
      const answers: number[] = [];
      for (const attempt of attempts) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: r.method === 'DELETE' ? `${url}${attempt}` : url,
          headers: bearer(a.adminToken),
          payload: r.method === 'PUT' || r.method === 'POST' ? (attempt as object) : undefined,
        });
        answers.push(res.statusCode);
        if ((res.statusCode >= 200 && res.statusCode < 300) || res.body.includes(marker))
          leaks.push(`${r.method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (res.statusCode === 404) break;
      }
      if (!answers.includes(404)) notReached.push(`${r.method} ${url}: ${answers.join(', ')}`);
    }
    expect(leaks).toEqual([]);
    expect(notReached, 'routes whose handler never answered').toEqual([]);
  });

  it('are not taken by a POST whose body names them', async () => {
    const byKey: Record<string, string> = {
      student_id: 'students',
      student_ids: 'students',
      mode_id: 'payment_modes',
      from_mode_id: 'payment_modes',
      to_mode_id: 'payment_modes',
      class_id: 'classes',
      stream_id: 'streams',
      guardian_id: 'guardians',
      source_id: 'revenue_sources',
      item_id: 'expense_items',
      supplier_id: 'suppliers',
      role_id: 'roles',
      user_id: 'users',
      category_id: 'fees_categories',
      payment_id: 'fees_payments',
      event_id: 'events',
    };
    const leaks: string[] = [];
    let tried = 0;
    for (const r of t.app.registeredRoutes.filter((r) => r.method === 'POST' && !r.url.includes(':'))) {
      const body = plausible(r.input as z.ZodType | undefined) as Json;
      if (!body || typeof body !== 'object' || Array.isArray(body)) continue;
      const named = Object.keys(body).filter((k) => byKey[k] || k === 'id');
      if (!named.length) continue;
      for (const k of named) {
        const table = k === 'id' ? guessTable(r.url) : byKey[k];
        if (!table) continue;
        const id = ids.get(table) ?? 0;
        body[k] = Array.isArray(body[k]) ? [id] : id;
      }
      tried++;
      const res = await t.app.inject({ method: 'POST', url: r.url, headers: bearer(a.adminToken), payload: body });
      if (res.statusCode === 200 && res.body.includes(marker))
        leaks.push(`POST ${r.url} ${JSON.stringify(body)}: ${res.body.slice(0, 200)}`);
      if (res.statusCode >= 500) leaks.push(`POST ${r.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(tried).toBeGreaterThan(10);
    expect(leaks).toEqual([]);
  });

  it('leave B’s rows unchanged, and no row refers to another school’s row', async () => {
    expect(await rowsOf(b.schoolId)).toEqual(before);
    const crossed: string[] = [];
    for (const table of schoolTables) {
      for (const fk of getTableConfig(table).foreignKeys) {
        const ref = fk.reference();
        const target = getTableName(ref.foreignTable);
        if (ref.columns.length !== 1 || !tableNamed(target) || target === 'schools') continue;
        const name = getTableName(table);
        const rows = await rowsWhere(
          `select count(*)::int as n from "${name}" x join "${target}" y on x."${ref.columns[0].name}" = y.id where x.school_id <> y.school_id`,
        );
        const n = Number((rows[0] as { n: number }).n);
        if (n > 0) crossed.push(`${n} ${name}.${ref.columns[0].name} → another school's ${target}`);
      }
    }
    expect(crossed).toEqual([]);
  });
});

/** The table a POST's own `id` names, from its path (e.g. delete_fees_payment → fees_payments). */
function guessTable(url: string): string | undefined {
  const path = url.replace(/^\/api\//, '');
  for (const [hint, table] of [
    ['store_log', 'store_movements'],
    ['item_logs', 'store_items'],
    ['old_payment', 'old_payments'],
    ['fees_payment', 'fees_payments'],
    ['revenue', 'revenues'],
    ['expense', 'expenses'],
    ['student', 'students'],
    ['user', 'users'],
    ['role', 'roles'],
  ] as const)
    if (path.includes(hint)) return table;
  return undefined;
}
