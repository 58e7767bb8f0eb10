import {
  feesBreakdowns,
  feesCategories,
  feesPayments,
  paymentModes,
  previousDebts,
  schoolSettings,
  studentTerms,
  termDates,
} from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admit, type Json, newPhone, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { unique, useTestApp } from './support.js';

const t = useTestApp();
let school: RegisterSchool;
beforeAll(async () => {
  school = await registerSchool(t.app, t.database, { year: 2026, term: 3 });
});

const inClass = async (s: RegisterSchool, name: string) =>
  (await s.api.post('/view_students', { class_id: s.classes[name], per_page: 500 })).json().data as Json[];

describe('migration', () => {
  it('shows where a class goes and who is in it', async () => {
    const s = await registerSchool(t.app, t.database);
    const pupil = await admit(s);
    const res = (await s.api.post('/to_migrate', { class_id: s.classes.S1 })).json().data;
    expect(res.from).toEqual({ id: s.classes.S1, name: 'S1' });
    expect(res.to).toEqual({ id: s.classes.S2, name: 'S2' });
    expect(res.students.map((x: Json) => x.id)).toEqual([pupil.id]);
    expect((await s.api.post('/to_migrate', { class_id: s.classes.S4 })).json().data.to).toBeNull();
  });

  it('promotes S1 to S2 into the stream of the same name, and keeps repeaters', async () => {
    const s = await registerSchool(t.app, t.database);
    const east = await admit(s, { other_names: 'East' });
    const west = await admit(s, { other_names: 'West', stream_id: s.streams['S1 West'] });
    const none = await admit(s, { other_names: 'None', stream_id: null });
    const repeater = await admit(s, { other_names: 'Repeater' });
    const res = await s.api.post('/migrate_students', {
      class_id: s.classes.S1,
      repeaters: [repeater.id],
      confirm: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { promoted: 3, left: 0, repeated: 1 },
      message: 'Students Migrated Successfully',
    });
    const s2 = await inClass(s, 'S2');
    const where = (id: number) => s2.find((x) => x.id === id)?.stream_name;
    expect(s2).toHaveLength(3);
    expect([where(east.id), where(west.id), where(none.id)]).toEqual(['East', 'West', null]);
    expect((await inClass(s, 'S1')).map((x) => x.id)).toEqual([repeater.id]);
    const audited = await t.database.raw(
      `select entity_id from audits where school_id = $1 and action = 'migrate' order by entity_id::int`,
      [s.schoolId],
    );
    expect(audited.map((r) => Number((r as Json).entity_id))).toEqual(
      [east.id, west.id, none.id].sort((x, y) => x - y),
    );
  });

  it('makes S4 leavers old students with their class and year; repeaters stay', async () => {
    const phone = newPhone();
    const surname = unique('Leaver');
    const leaver = await admit(school, {
      surname,
      class_id: school.classes.S4,
      stream_id: school.streams['S4 East'],
      guardians: [{ name: 'Parent', relationship: 'Mother', phone }],
    });
    const repeater = await admit(school, {
      surname,
      other_names: 'Repeats',
      class_id: school.classes.S4,
      stream_id: null,
    });
    const res = await school.api.post('/migrate_students', {
      class_id: school.classes.S4,
      repeaters: [repeater.id],
      confirm: true,
    });
    expect(res.json().data).toMatchObject({ promoted: 0, left: 1, repeated: 1 });

    const gone = (await school.api.get(`/students/${leaver.id}`)).json().data;
    expect(gone).toMatchObject({ status: 'left', left_reason: 'Completed S4', class_name: 'S4' });
    expect(gone.left_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await inClass(school, 'S4')).map((x) => x.id)).toEqual([repeater.id]);
    const old = (await school.api.get(`/old_students?search=${surname}`)).json().data;
    expect(old).toHaveLength(1);
    expect(old[0]).toMatchObject({
      student_id: leaver.id,
      name: leaver.name,
      admission_no: leaver.admission_no,
      class_left: 'S4',
      year_left: 2026,
      phone: phone.replace(/ /g, ''),
    });
    // A student who has left cannot simply be put back on the register.
    expect((await school.api.put(`/students/${leaver.id}`, { status: 'current' })).statusCode).toBe(202);
  });

  it('moves nobody when a repeater is not in the class', async () => {
    const s = await registerSchool(t.app, t.database);
    const pupil = await admit(s);
    const other = await admit(s, { class_id: s.classes.S2, stream_id: null });
    const res = await s.api.post('/migrate_students', { class_id: s.classes.S1, repeaters: [other.id], confirm: true });
    expect(res.statusCode).toBe(422);
    // The bursar reads who, by name, not a record number.
    expect(res.json().errors['repeaters.0']).toEqual([
      `${other.surname} ${other.other_names} is not a current student of S1`,
    ]);
    expect((await inClass(s, 'S1')).map((x) => x.id)).toEqual([pupil.id]);
  });

  it('is all or nothing: when one student cannot move, nobody moves', async () => {
    const s = await registerSchool(t.app, t.database);
    const pupils = [];
    for (const stream of ['S1 East', 'S1 West', 'S1 East', 'S1 West']) {
      pupils.push(await admit(s, { stream_id: s.streams[stream] }));
    }
    // The database refuses to change the last student, as a failure half way through would.
    const stuck = pupils[3].id;
    const fn = unique('refuse_move_');
    await t.database.raw(
      `create function ${fn}() returns trigger language plpgsql as $$ begin raise exception 'cannot move'; end $$`,
    );
    await t.database.raw(
      `create trigger ${fn} before update on students for each row when (old.id = ${stuck}) execute function ${fn}()`,
    );
    try {
      const res = await s.api.post('/migrate_students', { class_id: s.classes.S1, confirm: true });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.raw(`drop trigger ${fn} on students`);
      await t.database.raw(`drop function ${fn}()`);
    }
    const s1 = await inClass(s, 'S1');
    expect(s1).toHaveLength(4);
    expect((await inClass(s, 'S2')).length).toBe(0);
    // Afterwards the same migration goes through.
    const again = await s.api.post('/migrate_students', { class_id: s.classes.S1, confirm: true });
    expect(again.json().data.promoted).toBe(4);
  });
});

describe('bulk edit', () => {
  it('changes many students at once', async () => {
    const s = await registerSchool(t.app, t.database);
    const one = await admit(s);
    const two = await admit(s, { other_names: 'Grace' });
    const res = await s.api.post('/modify_student', {
      students: [
        { id: one.id, stream_id: s.streams['S1 West'], house: 'Kabalega' },
        { id: two.id, class_id: s.classes.S2, stream_id: s.streams['S2 East'], payment_code: unique('200') },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { updated: 2 }, message: 'Student Details Updated Successfully' });
    expect((await s.api.get(`/students/${one.id}`)).json().data).toMatchObject({
      stream_name: 'West',
      house: 'Kabalega',
    });
    expect((await s.api.get(`/students/${two.id}`)).json().data).toMatchObject({
      class_name: 'S2',
      stream_name: 'East',
    });
  });

  it('changes nothing when one row is bad, and names the student and the field', async () => {
    const s = await registerSchool(t.app, t.database);
    const one = await admit(s, { surname: 'Okello', other_names: 'John', gender: 'M' });
    const two = await admit(s, { surname: 'Auma', other_names: 'Grace' });
    const res = await s.api.post('/modify_student', {
      students: [
        { id: one.id, house: 'Mutesa' },
        { id: two.id, stream_id: s.streams['S3 West'] },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'students.1.stream_id': ['Row 2 (Auma Grace): Stream West is not a stream of S1'],
    });
    expect((await s.api.get(`/students/${one.id}`)).json().data.house).toBeNull();

    const clash = await s.api.post('/modify_student', {
      students: [
        { id: one.id, admission_no: 'KHS/1' },
        { id: two.id, admission_no: 'khs/1' },
      ],
    });
    expect(clash.statusCode).toBe(422);
    expect(Object.keys(clash.json().errors)).toEqual(['students.1.admission_no']);
    const taken = await s.api.post('/modify_student', { students: [{ id: one.id, admission_no: two.admission_no }] });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().message).toBe(`Row 1 (Okello John): Admission number ${two.admission_no} already exists`);
    // Two students may swap numbers in one edit.
    const swap = await s.api.post('/modify_student', {
      students: [
        { id: one.id, admission_no: 'TMP/1' },
        { id: two.id, admission_no: one.admission_no },
      ],
    });
    expect(swap.statusCode, swap.body).toBe(200);
  });
});

describe('migration and money', () => {
  /** A school in term 3 of `year` whose S6 pays 1,000,000 tuition that term; a payment helper. */
  async function feesSchool(year: number) {
    const s = await registerSchool(t.app, t.database, { year, term: 3 });
    const db = t.database.db;
    const [tuition] = await db.insert(feesCategories).values({ schoolId: s.schoolId, name: 'Tuition' }).returning();
    const [mode] = await db
      .insert(paymentModes)
      .values({ schoolId: s.schoolId, name: 'Cash', openingOn: `${year}-01-01` })
      .returning();
    await db.insert(feesBreakdowns).values({
      schoolId: s.schoolId,
      categoryId: tuition.id,
      classId: s.classes.S6,
      section: 'all',
      entrants: 'all',
      year,
      term: 3,
      amount: 1_000_000,
    });
    let receipt = 0;
    const pay = async (studentId: number, amount: number) => {
      receipt += 1;
      await db.insert(feesPayments).values({
        schoolId: s.schoolId,
        receiptNo: receipt,
        studentId,
        amount,
        modeId: mode.id,
        paidOn: `${year}-10-01`,
        year,
        term: 3,
        cashierName: 'Bursar',
      });
    };
    return { s, pay };
  }
  const s6 = (s: RegisterSchool, fields: Json = {}) =>
    admit(s, { class_id: s.classes.S6, stream_id: s.streams['S6 Arts'], admitted_on: '2020-02-10', ...fields });
  const figures = async (s: RegisterSchool) => ({
    summary: (await s.api.post('/fees_summaryq', {})).json().data.totals,
    categories: (await s.api.post('/fees_summary', {})).json().data.totals,
  });

  it('leavers owe exactly their ledger balance, and this term keeps their charges and payments', async () => {
    const { s, pay } = await feesSchool(2020);
    const surname = unique('Debtor');
    const debtor = await s6(s, { surname });
    const inCredit = await s6(s, { surname, other_names: 'Credit' });
    // Arrears from before Somero, this term's tuition, part paid: owes 1,830,000 + 1,000,000 − 500,000.
    await t.database.db.insert(previousDebts).values({ schoolId: s.schoolId, studentId: debtor.id, amount: 1_830_000 });
    await pay(debtor.id, 500_000);
    await pay(inCredit.id, 1_200_000);
    const before = await figures(s);
    expect(before.summary).toMatchObject({ students: 2, paid: 1_700_000 });

    // The preview works it all out and writes nothing.
    const preview = await s.api.post('/migrate_students', { class_id: s.classes.S6, preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toEqual({
      promoted: 0,
      left: 2,
      repeated: 0,
      leavers_owing: 1,
      debt_carried: 2_330_000,
      credit_carried: 200_000,
      year: 2020,
      year_ends_on: expect.stringMatching(/^2020-1[12]-\d\d$/),
      year_ended: true,
      preview: true,
    });
    expect((await inClass(s, 'S6')).map((x) => x.id).sort()).toEqual([debtor.id, inCredit.id].sort());
    expect((await s.api.get(`/old_students?search=${surname}`)).json().data).toEqual([]);

    // The year has ended: no confirmation needed.
    const res = await s.api.post('/migrate_students', { class_id: s.classes.S6 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      left: 2,
      debt_carried: 2_330_000,
      credit_carried: 200_000,
      preview: false,
    });
    const old = (await s.api.get(`/old_students?search=${surname}`)).json().data as Json[];
    const debtOf = (id: number) => old.find((o) => o.student_id === id)?.debt;
    expect([debtOf(debtor.id), debtOf(inCredit.id)]).toEqual([2_330_000, -200_000]);
    // The ledger is untouched, and this term's summaries show the same figures as before.
    expect((await s.api.get(`/fees_ledger/${debtor.id}`)).json().data.balance).toBe(2_330_000);
    expect(await figures(s)).toEqual(before);
  });

  it('answers 202 before the last term of the year has ended, and goes ahead only when confirmed', async () => {
    const { s } = await feesSchool(2099);
    const pupil = await s6(s);
    const res = await s.api.post('/migrate_students', { class_id: s.classes.S6 });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toMatch(/^The last term of 2099 ends on 2099-\d\d-\d\d: migrating now/);
    expect((await inClass(s, 'S6')).map((x) => x.id)).toEqual([pupil.id]);
    const preview = (await s.api.post('/migrate_students', { class_id: s.classes.S6, preview: true })).json().data;
    expect(preview).toMatchObject({ left: 1, debt_carried: 1_000_000, year_ended: false, preview: true });
    const done = await s.api.post('/migrate_students', { class_id: s.classes.S6, confirm: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ left: 1, debt_carried: 1_000_000 });
  });

  it('the year ends on the last term date the school set', async () => {
    const { s } = await feesSchool(2020);
    await s6(s);
    // Term dates of 2020 are laid out when first asked for; make sure they exist, then move term 3's end.
    await s.api.get('/term_dates?year=2020');
    await t.database.db
      .update(termDates)
      .set({ closesOn: '2099-12-31' })
      .where(and(eq(termDates.schoolId, s.schoolId), eq(termDates.year, 2020), eq(termDates.term, 3)));
    expect((await s.api.post('/migrate_students', { class_id: s.classes.S6 })).statusCode).toBe(202);
  });

  it('in a new year, leavers are not charged its first term', async () => {
    const { s } = await feesSchool(2020);
    const leaver = await s6(s);
    // The school moved to term 1 of 2021 and a report enrolled everyone in it, S6 charging 1,000,000 there too.
    await t.database.db
      .update(schoolSettings)
      .set({ currentYear: 2021, currentTerm: 1 })
      .where(eq(schoolSettings.schoolId, s.schoolId));
    const [row] = await t.database.db.select().from(feesBreakdowns).where(eq(feesBreakdowns.schoolId, s.schoolId));
    await t.database.db.insert(feesBreakdowns).values({ ...row, id: undefined, year: 2021, term: 1 });
    await s.api.post('/fees_summaryq', {});
    expect((await s.api.get(`/fees_ledger/${leaver.id}`)).json().data.balance).toBe(2_000_000);
    const res = await s.api.post('/migrate_students', { class_id: s.classes.S6 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ year: 2020, left: 1, debt_carried: 1_000_000 });
    const terms = await t.database.db
      .select({ year: studentTerms.year, term: studentTerms.term })
      .from(studentTerms)
      .where(eq(studentTerms.studentId, leaver.id));
    expect(terms).toEqual([{ year: 2020, term: 3 }]);
  });
});
