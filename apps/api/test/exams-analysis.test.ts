import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { change, share, tally } from '../src/modules/exams/analysis/rules.js';
import { call, classTerm, ok, s, sets, setUpEndOfTerm } from './exams-term-fixture.js';
import type { Json } from './students-fixtures.js';
import { staffWith, useTestApp } from './support.js';

/** The analyses the head teacher reads at the staff meeting, on the end-of-term school (figures by hand). */
const t = useTestApp();
beforeAll(() => setUpEndOfTerm(t));

const table = (analysis: Json, key: string) => analysis.tables.find((x: Json) => x.key === key);
const row = (tableOf: Json, field: string, value: string) => tableOf.rows.find((r: Json) => r[field] === value);

describe('counting rules', () => {
  it('count each label per group, take the mean of the values, and keep empty groups', () => {
    const counted = tally(
      [
        { group: 'East', label: 'D1', value: 84 },
        { group: 'East', label: 'P8', value: 45 },
        { group: 'East', label: 'X', value: 10 },
        { group: 'East', label: 'D1', value: null },
        { group: 'East', label: null, value: 20 },
        { group: 'West', label: null, value: null },
        { group: 'Nowhere', label: 'D1', value: 99 },
      ],
      ['East', 'West'],
      ['D1', 'P8'],
    );
    expect(counted).toEqual([
      // Five sat: a label without a value counts but has no mean; a value without a label the reverse.
      { group: 'East', sat: 5, counts: { D1: 2, P8: 1 }, mean: 39.75 },
      { group: 'West', sat: 0, counts: { D1: 0, P8: 0 }, mean: null },
    ]);
    expect(change(64.5, 63)).toBe(1.5);
    expect(change(2.3, 2.6)).toBe(-0.3);
    expect(change(null, 3)).toBeNull();
    expect(change(3, null)).toBeNull();
    expect(share(1, 3)).toBe(33);
    expect(share(2, 3)).toBe(67);
    expect(share(0, 0)).toBe(0);
  });
});

describe('O Level analyses', () => {
  it("set analysis: one set's grades per subject and divisions per stream, against the set before", async () => {
    const analysis = await ok('olevel_set_analysis', { exam_set_id: sets.EOT, class_id: s.classes.S3 });
    expect(analysis.readings.join(' ')).toContain('against');
    const subjects = table(analysis, 'subjects');
    // EOT: Akello 84 (D1), Bbosa 45 (P8): mean 64.5; BOT 40/50 = 80 % and 23/50 = 46 %: mean 63.
    expect(row(subjects, 'subject', subjects.rows[0].subject)).toMatchObject({
      sat: 2,
      D1: 1,
      P8: 1,
      F9: 0,
      mean: 64.5,
      before: 63,
      change: 1.5,
    });
    const streams = table(analysis, 'streams');
    expect(streams.title).toBe('Divisions by stream');
    // Akello Division 1 (aggregate 8), Bbosa Division 4 (64); Cheptoo has no result.
    expect(row(streams, 'stream', 'Whole class')).toMatchObject({
      students: 3,
      'Division 1': 1,
      'Division 4': 1,
      U: 0,
      mean: 36,
      before: 36,
      change: 0,
    });
    expect(row(streams, 'stream', 'East')).toMatchObject({ students: 3, 'Division 1': 1 });
  });

  it('class performance: the term results over the considered sets, with no term before to compare', async () => {
    const analysis = await ok('olevel_class_performance', classTerm('S3'));
    const subjects = table(analysis, 'subjects');
    // 0.4 × 80 + 0.6 × 84 = 82.4 (D1) and 0.4 × 46 + 0.6 × 45 = 45.4 (P8): mean 63.9.
    expect(subjects.rows[0]).toMatchObject({ sat: 2, D1: 1, P8: 1, mean: 63.9, before: null, change: null });
    expect(analysis.readings.join(' ')).toContain('No results for Term 2 2026');
  });

  it('downloads the same tables as a spreadsheet, a sheet each', async () => {
    const res = await call('olevel_set_analysis', { exam_set_id: sets.EOT, class_id: s.classes.S3, format: 'xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Subjects', 'Divisions by stream', 'Teachers']);
  });

  it('refuses an A Level class and those without the flag', async () => {
    const wrong = await call('olevel_set_analysis', { exam_set_id: sets.EOT, class_id: s.classes.S5 });
    expect(wrong.statusCode).toBe(202);
    expect(wrong.json().message).toBe('This is an A Level class: open the A Level analyses for it.');
    const head = (await staffWith(t.app, t.database, s, ['class_performance'])).token;
    expect((await call('olevel_class_performance', classTerm('S3'), head)).statusCode).toBe(200);
    expect(
      (await call('olevel_set_analysis', { exam_set_id: sets.EOT, class_id: s.classes.S3 }, head)).statusCode,
    ).toBe(403);
  });
});

describe('A Level and new-curriculum analyses', () => {
  it('points: students by total points and by principal passes', async () => {
    const analysis = await ok('alevel_points_analysis', classTerm('S5'));
    // Mugisha: Economics B (5) + General Paper D2 (1) = 6 points, one principal pass.
    expect(row(table(analysis, 'points'), 'points', '6')).toMatchObject({ total: 1, share: 100 });
    expect(row(table(analysis, 'points'), 'points', '5')).toMatchObject({ total: 0 });
    expect(row(table(analysis, 'passes'), 'passes', '1')).toMatchObject({ total: 1 });
    const subjects = table(await ok('alevel_subject_analysis', classTerm('S5')), 'subjects');
    expect(subjects.rows.find((r: Json) => r.sat === 1)).toMatchObject({ B: 1, passes: 1, mean: 5 });
  });

  it('new curriculum by grade and by identifier', async () => {
    const byGrade = table(await ok('new_curriculum_subject_performance', classTerm('S1')), 'subjects');
    // CA 18.33 + exam 56 = 74.33: B.
    expect(byGrade.rows[0]).toMatchObject({ sat: 1, B: 1, A: 0, mean: 74.33 });
    const byIdentifier = table(await ok('new_curriculum_subject_performance_byIdf', classTerm('S1')), 'identifiers');
    // AOI 2.5 and 3.0: average 2.75, identifier 3.
    expect(byIdentifier.rows[0]).toMatchObject({
      assessed: 1,
      '3 Outstanding': 1,
      '3%': 100,
      '2 Moderate': 0,
      mean: 2.75,
    });
    const old = await call('new_curriculum_subject_performance', classTerm('S3'));
    expect(old.statusCode).toBe(202);
  });
});
