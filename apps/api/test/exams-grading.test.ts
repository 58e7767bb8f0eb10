import { aoiScores, examsSetupCalls } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audits } from '../src/db/schema.js';
import { admit, client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, unique, useTestApp } from './support.js';

/** Issue 10 §4 as the Director of Studies meets it: grading tables, the sets that count, competences. */
const t = useTestApp();
let s: RegisterSchool;
const variantA = [80, 75, 70, 65, 60, 55, 50, 40, 0];
const olevelRows = (mins: number[]) => mins.map((min, i) => ({ value: i + 1, min }));
const gradeOf = async (mark: number, kind = 'olevel', api = s.api) => {
  const res = await api.get(`/grade?mark=${mark}&kind=${kind}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.grade as string;
};
const kinds = async (api = s.api) => (await api.get('/grading')).json().data as Json[];

beforeAll(async () => {
  s = await registerSchool(t.app, t.database);
});

describe('grading tables', () => {
  it('serves every exams set-up call of the contract', () => {
    const served = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const missing = examsSetupCalls.filter(
      (c) => !served.has(`${c.method} /api/${c.path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(missing.map((c) => c.path)).toEqual([]);
  });

  it('starts on the defaults, and names the reading in force with the disputed principal cells', async () => {
    const all = await kinds();
    expect(all.map((k) => [k.id, k.kind, k.is_default])).toEqual([
      [1, 'olevel', true],
      [2, 'alevel_paper', true],
      [3, 'alevel_principal', true],
      [4, 'uace_points', true],
      [5, 'nlsc', true],
      [6, 'policy', true],
    ]);
    expect(all[0].reading).toBe('Grading as set by the school: D1 from 80, F9 below 40');
    const principal = all[2];
    expect(principal.rows['2-2-3']).toBe('A');
    expect(principal.disputed.map((d: Json) => `${d.tuple} ${d.grade}`)).toEqual([
      '1-7 E',
      '6-6-8 E',
      '1-8-9 F',
      '7-9-9 F',
    ]);
    expect(principal.reading).toBe(
      "The school's grading table: 1-7 gives E, 6-6-8 gives E, 1-8-9 gives F, 7-9-9 gives F",
    );
    expect(all[5].rows).toEqual({ missingMarks: 'exclude', positions: true });
    expect(await gradeOf(72)).toBe('C3');
    expect(await gradeOf(72, 'nlsc')).toBe('B');
  });

  it("grades with the school's own O-Level table once the Director of Studies changes a band, with an audit row", async () => {
    const mins = [...variantA];
    mins[2] = 73; // C3 now from 73: 72 falls to C4
    const res = await s.api.put('/grading/1', { rows: olevelRows(mins) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      kind: 'olevel',
      is_default: false,
      reading: 'Grading as set by the school',
    });
    expect(await gradeOf(72)).toBe('C4');
    expect(await gradeOf(73)).toBe('C3');
    // The A-Level paper table is its own: unchanged.
    expect(await gradeOf(72, 'alevel_paper')).toBe('C3');
    const [audit] = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.schoolId, s.schoolId), eq(audits.entity, 'grading_tables')));
    expect(audit).toMatchObject({ action: 'create', module: 'exams' });
  });

  it('refuses tables that are not contiguous, descending bands 0–100 in order, with field messages (422)', async () => {
    const put = (id: number, rows: unknown) => s.api.put(`/grading/${id}`, { rows });
    const gap = await put(1, olevelRows([80, 75, 76, 65, 60, 55, 50, 40, 0]));
    expect(gap.statusCode).toBe(422);
    expect(gap.json().errors['rows.2.min']).toEqual(['C3 must start below D2 (75)']);
    const noZero = await put(1, olevelRows([80, 75, 70, 65, 60, 55, 50, 40, 10]));
    expect(noZero.json().errors['rows.8.min'][0]).toMatch(/F9 must start at 0/);
    const above = await put(1, olevelRows([101, 75, 70, 65, 60, 55, 50, 40, 0]));
    expect(above.json().errors['rows.0.min'][0]).toMatch(/0 to 100/);
    const order = await put(2, [{ value: 2, min: 80 }, ...olevelRows(variantA).slice(1)]);
    expect(order.json().errors['rows.0.value'][0]).toMatch(/must be D1/);
    const short = await put(5, [{ grade: 'A', min: 80 }]);
    expect(short.statusCode).toBe(422);
    const principal = await put(3, { '1-7': 'G', '3-1': 'A', '1-1-1-1-1': 'A' });
    expect(principal.statusCode).toBe(422);
    expect(principal.json().errors['rows.1-7'][0]).toMatch(/A, B, C, D, E, O or F/);
    expect(principal.json().errors['rows.3-1'][0]).toMatch(/not a paper combination/);
    expect(principal.json().errors['rows.1-1-1-1-1']).toBeDefined();
    const points = await put(4, { principal: { A: 'six' }, subsidiaryPassMax: 6, subsidiaryPoint: 1, max: 20 });
    expect(points.statusCode).toBe(422);
    expect(points.json().errors['rows.principal.A']).toBeDefined();
    const policy = await put(6, { missingMarks: 'sometimes', positions: 'yes' });
    expect(Object.keys(policy.json().errors).sort()).toEqual(['rows.missingMarks', 'rows.positions']);
    expect((await s.api.put('/grading/7', { rows: {} })).statusCode).toBe(404);
    // Nothing refused was kept.
    expect(await gradeOf(72)).toBe('C4');
  });

  it('resets a kind to the default; saving exactly the default is the same', async () => {
    const reset = await s.api.del('/grading/1');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data.is_default).toBe(true);
    expect(await gradeOf(72)).toBe('C3');
    expect(
      (
        await s.api.put('/grading/5', { rows: [80, 70, 60, 50, 0].map((min, i) => ({ grade: 'ABCDE'[i], min })) })
      ).json().data.is_default,
    ).toBe(true);
  });

  it('sets the disputed principal cells to the other reading, and names it', async () => {
    const res = await s.api.put('/grading/3', { rows: { '1-7': 'O', '6-6-8': 'O', '1-8-9': 'O', '7-9-9': 'O' } });
    expect(res.statusCode, res.body).toBe(200);
    const principal = (await kinds())[2];
    expect(principal.is_default).toBe(false);
    expect(principal.reading).toBe(
      "The school's grading table: 1-7 gives O, 6-6-8 gives O, 1-8-9 gives O, 7-9-9 gives O",
    );
    expect(principal.disputed.map((d: Json) => d.grade)).toEqual(['O', 'O', 'O', 'O']);
    expect(principal.rows['2-2-3']).toBe('A');
  });

  it('lets those who enter marks read the tables, but only view_grading change them', async () => {
    const teacher = client(t.app, (await staffWith(t.app, t.database, s, ['manage_exam_marks'])).token);
    expect((await teacher.get('/grading')).statusCode).toBe(200);
    expect(await gradeOf(72, 'olevel', teacher)).toBe('C3');
    expect((await teacher.put('/grading/1', { rows: olevelRows(variantA) })).statusCode).toBe(403);
    const clerk = client(t.app, (await staffWith(t.app, t.database, s, ['view_exam_sets'])).token);
    expect((await clerk.get('/grading')).statusCode).toBe(403);
    const dos = client(t.app, (await staffWith(t.app, t.database, s, ['view_grading'])).token);
    expect((await dos.put('/grading/6', { rows: { missingMarks: 'zero', positions: false } })).statusCode).toBe(200);
  });
});

describe('considered sets and their contributions', () => {
  const sets: Record<string, number> = {};
  let oldClass: number;

  beforeAll(async () => {
    for (const [name, curriculum] of [
      ['BOT', 'all'],
      ['MOT', 'all'],
      ['EOT', 'old'],
    ]) {
      const res = await s.api.post('/exam_sets', { name, year: 2026, term: 2, curriculum, max_mark: 100 });
      expect(res.statusCode, res.body).toBe(200);
      sets[name] = res.json().data.id;
    }
    const other = await s.api.post('/exam_sets', { name: 'BOT', year: 2026, term: 1, max_mark: 100 });
    sets.lastTerm = other.json().data.id;
    const res = await s.api.post('/classes', { name: unique('S3 Old '), level: 'olevel', curriculum: 'old', rank: 9 });
    oldClass = res.json().data.id;
  });

  const term = (class_id: number | null) => ({ year: 2026, term: 2, class_id });

  it('refuses weights that do not total 100, naming the total', async () => {
    const res = await s.api.post('/considered_sets', {
      ...term(s.classes.S1),
      sets: [
        { exam_set_id: sets.BOT, weight: 30 },
        { exam_set_id: sets.MOT, weight: 60 },
      ],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe('The weights total 90%; they must total 100%.');
  });

  it("refuses a set of another curriculum than the class's, and a set of another term", async () => {
    const res = await s.api.post('/considered_sets', {
      ...term(s.classes.S1),
      sets: [{ exam_set_id: sets.EOT, weight: 100 }],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toMatch(/^EOT is a set for the old O-Level curriculum; S1 follows the new/);
    const past = await s.api.post('/considered_sets', {
      ...term(s.classes.S1),
      sets: [{ exam_set_id: sets.lastTerm, weight: 100 }],
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors['sets.0.exam_set_id']).toEqual(['Choose an exam set of Term 2 2026']);
  });

  it('saves the choice, shows it with the missing-mark policy, and changes the weights', async () => {
    const saved = await s.api.post('/considered_sets', {
      ...term(s.classes.S1),
      sets: [
        { exam_set_id: sets.BOT, weight: 40 },
        { exam_set_id: sets.MOT, weight: 60 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = (await s.api.post('/view_considered_sets', term(s.classes.S1))).json().data;
    expect(view.source).toBe('class');
    // The old-curriculum EOT is not offered to S1.
    expect(view.sets.map((x: Json) => `${x.name} ${x.considered} ${x.weight}`)).toEqual(['BOT true 40', 'MOT true 60']);
    expect(view.missing_marks).toBe('zero'); // set by the Director of Studies above

    const weights = await s.api.post('/set_contribution', {
      ...term(s.classes.S1),
      sets: [
        { exam_set_id: sets.BOT, weight: 50 },
        { exam_set_id: sets.MOT, weight: 50 },
      ],
    });
    expect(weights.statusCode, weights.body).toBe(200);
    const counted = (await s.api.post('/view_set_contribution', term(s.classes.S1))).json().data;
    expect(counted.sets.map((x: Json) => x.weight)).toEqual([50, 50]);
    expect(counted.total).toBe(100);
    const wrong = await s.api.post('/set_contribution', {
      ...term(s.classes.S1),
      sets: [{ exam_set_id: sets.BOT, weight: 100 }],
    });
    expect(wrong.statusCode).toBe(202);
  });

  it('for all classes, each curriculum’s sets total 100; a class without its own choice follows it', async () => {
    const uneven = await s.api.post('/considered_sets', {
      ...term(null),
      sets: [
        { exam_set_id: sets.BOT, weight: 20 },
        { exam_set_id: sets.MOT, weight: 30 },
        { exam_set_id: sets.EOT, weight: 50 },
      ],
    });
    expect(uneven.statusCode).toBe(202);
    expect(uneven.json().message).toBe(
      'For classes of the new lower secondary curriculum the weights total 50%; they must total 100%.',
    );
    const even = await s.api.post('/considered_sets', {
      ...term(null),
      sets: [
        { exam_set_id: sets.BOT, weight: 50 },
        { exam_set_id: sets.MOT, weight: 50 },
      ],
    });
    expect(even.statusCode, even.body).toBe(200);
    const old = (await s.api.post('/view_set_contribution', term(oldClass))).json().data;
    expect(old.source).toBe('school');
    expect(old.sets.map((x: Json) => `${x.name} ${x.weight}`)).toEqual(['BOT 50', 'MOT 50']);
  });

  it('lists the current term’s sets per curriculum, those for all classes included', async () => {
    const names = async (path: string) => ((await s.api.get(path)).json().data as Json[]).map((x) => x.name);
    expect(await names('/new_curriculum_sets')).toEqual(['BOT', 'MOT']);
    expect(await names('/old_curriculum_sets')).toEqual(['BOT', 'MOT', 'EOT']);
  });

  it('is closed without manage_considered_sets, and another school’s class is not found', async () => {
    const teacher = client(t.app, (await staffWith(t.app, t.database, s, ['manage_exam_marks'])).token);
    expect((await teacher.post('/considered_sets', { ...term(null), sets: [] })).statusCode).toBe(403);
    const other = await registerSchool(t.app, t.database);
    expect((await other.api.post('/view_considered_sets', term(s.classes.S1))).statusCode).toBe(404);
  });
});

describe('competences', () => {
  let biology: number;
  let oldMaths: number;
  let id: number;

  beforeAll(async () => {
    const add = async (body: Json) => {
      const res = await s.api.post('/subjects', { name: unique('Subject '), code: unique(''), ...body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    biology = await add({ level: 'nlsc' });
    oldMaths = await add({ level: 'olevel' });
  });

  const competence = (body: Json = {}) => ({
    subject_id: biology,
    class_id: s.classes.S1,
    year: 2026,
    term: 2,
    name: 'Explains how living things are classified',
    ...body,
  });

  it('adds, updates and lists a new-curriculum learning outcome with the notices of the specification', async () => {
    const res = await s.api.post('/competences', competence());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Competence added Successfully');
    id = res.json().data.id;
    const twin = await s.api.post('/competences', competence({ name: 'explains how living things are CLASSIFIED' }));
    expect(twin.statusCode).toBe(202);
    expect(twin.json().message).toMatch(/already exists/);
    const edit = await s.api.put(`/competences/${id}`, competence({ name: 'Classifies living things' }));
    expect(edit.json().message).toBe('Competence Updated Successfully');
    const list = (await s.api.post('/fetch_competences', { year: 2026, term: 2, class_id: s.classes.S1 })).json().data;
    expect(list.map((c: Json) => `${c.name} ${c.scores}`)).toEqual(['Classifies living things 0']);
  });

  it('refuses an old-curriculum subject and a class outside the new curriculum', async () => {
    const subject = await s.api.post('/competences', competence({ subject_id: oldMaths }));
    expect(subject.statusCode).toBe(202);
    expect(subject.json().message).toMatch(/is not a new-curriculum subject/);
    const klass = await s.api.post('/competences', competence({ class_id: s.classes.S5, name: 'Other' }));
    expect(klass.statusCode).toBe(202);
    expect(klass.json().message).toBe(
      'S5 does not follow the new curriculum: competences are for new-curriculum classes.',
    );
  });

  it('keeps a competence that has AOI scores, naming how many; deletes it once they are gone', async () => {
    const a = await admit(s, { surname: 'Okello', other_names: 'Brian', gender: 'M' });
    const b = await admit(s, { surname: 'Namuli', other_names: 'Joan' });
    await t.database.db.insert(aoiScores).values([
      { schoolId: s.schoolId, competenceId: id, studentId: a.id, scoreTenths: 25 },
      { schoolId: s.schoolId, competenceId: id, studentId: b.id, scoreTenths: 18 },
    ]);
    const kept = await s.api.del(`/competences/${id}`);
    expect(kept.statusCode).toBe(202);
    expect(kept.json().message).toBe('This competence has 2 AOI scores and cannot be deleted; clear the scores first.');
    const moved = await s.api.put(`/competences/${id}`, competence({ term: 3, name: 'Classifies living things' }));
    expect(moved.statusCode).toBe(202);
    await t.database.db.delete(aoiScores).where(eq(aoiScores.competenceId, id));
    const gone = await s.api.del(`/competences/${id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().message).toBe('Competence deleted Successfully');
  });

  it('needs manage_competences to change, and another school’s competence is not found', async () => {
    const made = (await s.api.post('/competences', competence({ name: 'Draws a food web' }))).json().data.id;
    const teacher = client(t.app, (await staffWith(t.app, t.database, s, ['record_staff_marks'])).token);
    expect((await teacher.post('/fetch_competences', { year: 2026, term: 2 })).statusCode).toBe(200);
    expect((await teacher.post('/competences', competence({ name: 'X' }))).statusCode).toBe(403);
    const other = await registerSchool(t.app, t.database);
    expect((await other.api.del(`/competences/${made}`)).statusCode).toBe(404);
    expect((await other.api.put(`/competences/${made}`, competence({ name: 'Stolen' }))).statusCode).toBe(404);
    // The other school changes its own tables only.
    expect(
      (await other.api.put('/grading/1', { rows: olevelRows([90, 85, 80, 75, 70, 65, 60, 50, 0]) })).statusCode,
    ).toBe(200);
    expect(await gradeOf(72)).toBe('C3');
  });
});
