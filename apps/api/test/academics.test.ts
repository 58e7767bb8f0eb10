import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSchool, staffWith, type TestSchool, unique, useTestApp } from './support.js';

/** The academic set-up as a Director of Studies meets it: subjects, papers, combinations, teaching load. */
const t = useTestApp();
let a: TestSchool;
beforeAll(async () => {
  a = await newSchool(t.app, t.database);
});

const post = (path: string, payload: Record<string, unknown>, token = a.adminToken) =>
  t.app.inject({ method: 'POST', url: `/api/${path}`, headers: bearer(token), payload });

async function subject(level: string, name = unique('Subject '), code = unique('')) {
  const res = await post('subjects', { name, code, level, subject_group: 'science' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; name: string; code: string };
}

describe('subjects', () => {
  it('refuses a UNEB code already used in the same level, allows it in another', async () => {
    const code = unique('').slice(0, 6);
    const first = await post('subjects', { name: unique('Physics '), code, level: 'olevel' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Subject added Successfully');
    const dup = await post('subjects', { name: unique('Physics '), code, level: 'olevel' });
    expect(dup.statusCode).toBe(202);
    expect(dup.json().message).toMatch(/already exists$/);
    const other = await post('subjects', { name: unique('Physics '), code, level: 'nlsc' });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('keeps a subject that a paper or a combination uses, naming what uses it', async () => {
    const physics = await subject('alevel');
    const paper = await post('papers', { subject_id: physics.id, number: 1, name: 'Paper 1' });
    expect(paper.statusCode, paper.body).toBe(200);
    const byPaper = await t.app.inject({
      method: 'DELETE',
      url: `/api/subjects/${physics.id}`,
      headers: bearer(a.adminToken),
    });
    expect(byPaper.statusCode).toBe(202);
    expect(byPaper.json().message).toMatch(/cannot be removed: it is used by 1 paper/);

    const [p, c, m, sub] = [
      await subject('alevel'),
      await subject('alevel'),
      await subject('alevel'),
      await subject('subsidiary'),
    ];
    const pcm = await post('combinations', {
      name: unique('PCM'),
      subject1_id: p.id,
      subject2_id: c.id,
      subject3_id: m.id,
      subsidiary_id: sub.id,
    });
    expect(pcm.statusCode, pcm.body).toBe(200);
    const byCombination = await t.app.inject({
      method: 'DELETE',
      url: `/api/subjects/${sub.id}`,
      headers: bearer(a.adminToken),
    });
    expect(byCombination.statusCode).toBe(202);
    expect(byCombination.json().message).toMatch(/cannot be removed: it is used by 1 combination/);
  });

  it('refuses a second paper with the same number, and a paper number above 4', async () => {
    const bio = await subject('alevel');
    expect((await post('papers', { subject_id: bio.id, number: 2, name: 'Paper 2' })).statusCode).toBe(200);
    const again = await post('papers', { subject_id: bio.id, number: 2, name: 'Practical' });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toMatch(/already exists$/);
    expect((await post('papers', { subject_id: bio.id, number: 5, name: 'Paper 5' })).statusCode).toBe(422);
  });

  it('is closed to a user without view_subjects (403)', async () => {
    const teacher = await staffWith(t.app, t.database, a, ['view_exam_sets']);
    const list = await t.app.inject({ method: 'GET', url: '/api/subjects', headers: bearer(teacher.token) });
    expect(list.statusCode).toBe(403);
    const add = await post('subjects', { name: unique('Chemistry '), code: '545', level: 'olevel' }, teacher.token);
    expect(add.statusCode).toBe(403);
  });
});

describe('exam sets', () => {
  it('saves with the maximum mark defaulting to 100, in the specification’s words', async () => {
    const res = await post('exam_sets', { name: unique('BOT '), year: 2026, term: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Exam Set Saved Successfully');
    expect(res.json().data).toMatchObject({ max_mark: 100, curriculum: 'all' });
  });
});

describe('teaching load', () => {
  it('is added and removed, never edited (no PUT)', async () => {
    const position = await post('staff_positions', { name: unique('Teacher ') });
    const teacher = await post('staff', {
      name: unique('Okello Moses '),
      initials: 'OM',
      position_id: position.json().data.id,
    });
    expect(teacher.statusCode, teacher.body).toBe(200);
    const cls = await post('classes', { name: unique('S'), level: 'olevel', curriculum: 'new' });
    const maths = await subject('nlsc');
    const load = await post('staff_subjects', {
      staff_id: teacher.json().data.id,
      subject_id: maths.id,
      class_id: cls.json().data.id,
    });
    expect(load.statusCode, load.body).toBe(200);
    const id = load.json().data.id;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/staff_subjects/${id}`,
      headers: bearer(a.adminToken),
      payload: { subject_id: maths.id },
    });
    expect([404, 405]).toContain(put.statusCode);
    // The teacher cannot be removed while teaching.
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/${teacher.json().data.id}`,
      headers: bearer(a.adminToken),
    });
    expect(gone.statusCode).toBe(202);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff_subjects/${id}`,
      headers: bearer(a.adminToken),
    });
    expect(del.statusCode, del.body).toBe(200);
  });
});
