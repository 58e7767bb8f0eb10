import { examMarks, reportKinds } from '@somero/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, classTerm, ok, people, s, sets, setUpEndOfTerm, subjects, term, year } from './exams-term-fixture.js';
import { pdfPages } from './pdf-text.js';
import { admit, type Json } from './students-fixtures.js';
import { bearer, staffWith, useTestApp } from './support.js';

/**
 * What a parent reads on the card (issue 25 §3): whole marks, the places in each subject, the
 * promotion decision, the O-level result explained (Division 7 says why; places by division first), a
 * comment that fits the result, the two A-level layouts, and no word meant for developers.
 * The school of `exams-term-fixture` (term 3 2026) with Dembe added to S3: D1 in seven subjects and no
 * CRE mark, so Division 7 with an aggregate of 16 (the missing subject counted as F9).
 */
const t = useTestApp();
const cardOf = (cards: Json, id: number | undefined) => cards.cards.find((c: Json) => c.student.id === id);
const rowOf = (card: Json, subject: string) => card.rows.find((r: Json) => r.subject_id === subjects[subject]);
const pdf = async (kind: string, cls: string, extra: Json = {}) => {
  const res = await call('reports_updated', { ...classTerm(cls), kind, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return pdfPages(res.rawPayload);
};
const pageOf = (pages: string[], name: string) => pages.find((p) => p.includes(name)) as string;

/** Words no school or parent should read: source names, section marks, programmers' leftovers. */
export const developerWords = [
  /DOMAIN/,
  /§/,
  /variant/i,
  /not official/i,
  /shulekeeper/i,
  /ugcolleges/i,
  /TODO/,
  /undefined/,
  /NaN/,
  /\bnull\b/,
  /\[object/,
];

beforeAll(async () => {
  await setUpEndOfTerm(t);
  // The O-level subjects but CRE, read from Akello's card (the fixture's History and Geography keys
  // are the A-level subjects of the same names).
  const akello = cardOf(await ok('old_reports', classTerm('S3')), people.Akello);
  const seven: number[] = akello.rows.filter((r: Json) => !r.name.startsWith('CRE')).map((r: Json) => r.subject_id);
  expect(seven).toHaveLength(7);
  people.Dembe = (await admit(s, { surname: 'Dembe', class_id: s.classes.S3, stream_id: s.streams['S3 East'] })).id;
  await t.database.db.insert(examMarks).values(
    seven.flatMap((subjectId) => [
      {
        schoolId: s.schoolId,
        examSetId: sets.BOT as number,
        studentId: people.Dembe as number,
        subjectId,
        mark: 40,
      },
      {
        schoolId: s.schoolId,
        examSetId: sets.EOT as number,
        studentId: people.Dembe as number,
        subjectId,
        mark: 84,
      },
    ]),
  );
});

describe('the O-level result explained as applied', () => {
  it('ranks by division first, then aggregate: Division 7 with aggregate 16 comes after Division 4 with 64', async () => {
    const cards = await ok('old_reports', classTerm('S3'));
    expect(cardOf(cards, people.Akello).summary).toMatchObject({ division: 1, aggregate: 8, position: 1 });
    expect(cardOf(cards, people.Bbosa).summary).toMatchObject({ division: 4, aggregate: 64, position: 2 });
    expect(cardOf(cards, people.Dembe).summary).toMatchObject({ division: 7, aggregate: 16, position: 3 });
    // The marksheet ranks the same way.
    const sheet = await ok('oLevel_marksheet', classTerm('S3'));
    const place = (id: number | undefined) => sheet.students.find((r: Json) => r.id === id).position;
    expect([place(people.Akello), place(people.Bbosa), place(people.Dembe)]).toEqual([1, 2, 3]);
  });

  it('says why a card is Division 7, and prints the rule of every division in the key', async () => {
    const cards = await ok('old_reports', classTerm('S3'));
    expect(cardOf(cards, people.Dembe).summary.result_reason).toBe(
      'Division 7 because only 7 subjects were sat (8 are needed): the subject requirements for a certificate are not met.',
    );
    expect(cardOf(cards, people.Akello).summary.result_reason).toBeNull();
    const pages = await pdf('old_reports', 'S3');
    const dembe = pageOf(pages, 'Dembe').replace(/\s+/g, ' ');
    expect(dembe).toContain('Division 7 because only 7 subjects were sat (8 are needed)');
    expect(dembe).toContain('Division 4: at least one pass.');
    expect(dembe).toContain('Division 7: fewer than 8 subjects sat, or English or Mathematics not sat');
    expect(dembe).not.toContain('to 68');
    expect(dembe).toContain('Position: 3 of 4');
  });

  it('chooses a comment on the division before one on the aggregate; a Division 7 card is never praised for its aggregate', async () => {
    await ok('system_comments', {
      scheme: 'olevel',
      author: 'head_teacher',
      from_value: 8,
      to_value: 20,
      comment: 'A brilliant result. Congratulations.',
    });
    await ok('system_comments', {
      scheme: 'olevel',
      author: 'class_teacher',
      basis: 'result',
      from_value: 7,
      to_value: 7,
      comment: 'Sit every subject next term: the certificate needs eight.',
    });
    const cards = await ok('old_reports', classTerm('S3'));
    const dembe = cardOf(cards, people.Dembe);
    expect(dembe.comments.class_teacher).toBe('Sit every subject next term: the certificate needs eight.');
    // Aggregate 16 lies in 8–20, but Division 7 earns no certificate: no praise, a line to write on.
    expect(dembe.comments.head_teacher).toBeNull();
    // Bbosa (Division 4, aggregate 64) still gets the comment on his aggregate.
    expect(cardOf(cards, people.Bbosa).comments.class_teacher).toBe('Work harder next term.');
    // The comments screen suggests the same.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/report_comments?year=${year}&term=${term}&class_id=${s.classes.S3}`,
      headers: bearer(s.adminToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().data.students.find((x: Json) => x.id === people.Dembe);
    expect(listed).toMatchObject({
      suggested_class_teacher: 'Sit every subject next term: the certificate needs eight.',
      suggested_head_teacher: null,
    });
  });
});

describe('what a Ugandan card carries', () => {
  it('prints whole marks by default, and the decimals the school sets', async () => {
    // Akello's English: (40 × 80 + 60 × 84) ÷ 100 = 82.4.
    const whole = pageOf(await pdf('old_reports', 'S3'), 'Akello');
    expect(whole).not.toContain('82.4');
    expect(whole).toMatch(/\b82\b/);
    expect(whole).toContain('Average: 82');
    await ok('report_settings', { mark_decimals: 1 });
    try {
      const one = pageOf(await pdf('old_reports', 'S3'), 'Akello');
      expect(one).toContain('82.4');
      expect(one).toContain('Average: 82.4');
    } finally {
      await ok('report_settings', { mark_decimals: 0 });
    }
  });

  it("prints each subject's class average and place on new-curriculum cards, unless the school hides them", async () => {
    const cards = await ok('new_report', classTerm('S1'));
    expect(cards.subject_places).toBe(true);
    expect(rowOf(cardOf(cards, people.Nabirye), 'NEnglish')).toMatchObject({
      mark: 74.33,
      class_average: 74.33,
      subject_position: 1,
    });
    for (const kind of ['new_report', 'new_report100']) {
      const [page] = await pdf(kind, 'S1');
      expect(page).toMatch(/Class[\s\S]*?\bavg\b/);
      expect(page).toMatch(/\bPos\b/);
    }
    await ok('report_settings', { subject_places: false });
    try {
      const [page] = await pdf('new_report100', 'S1');
      expect(page).not.toMatch(/Class[\s\S]*?\bavg\b/);
      expect((await ok('new_report', classTerm('S1'))).subject_places).toBe(false);
    } finally {
      await ok('report_settings', { subject_places: true });
    }
  });

  it("proposes the promotion on the year's last card by the settings' rule, and the director of studies decides", async () => {
    const cards = await ok('old_reports', classTerm('S3'));
    expect(cardOf(cards, people.Akello).promotion).toEqual({
      decision: 'promoted',
      text: 'Promoted to S4',
      proposed: true,
    });
    // Division 4 is within the rule (Division 4 or better); Division 7 is not.
    expect(cardOf(cards, people.Bbosa).promotion.text).toBe('Promoted to S4');
    expect(cardOf(cards, people.Dembe).promotion).toEqual({
      decision: 'repeat',
      text: 'Advised to repeat S3',
      proposed: true,
    });
    // A stricter rule: Division 3 or better.
    await ok('report_settings', { promote_division: 3 });
    expect(cardOf(await ok('old_reports', classTerm('S3')), people.Bbosa).promotion.text).toBe('Advised to repeat S3');
    await ok('report_settings', { promote_division: 4 });

    // The director of studies promotes Dembe all the same; a teacher may not.
    const teacher = (await staffWith(t.app, t.database, s, ['report_comments', 'manage_report_cards2'])).token;
    const refused = await call('promotion', { student_id: people.Dembe, year, decision: 'promoted' }, teacher);
    expect(refused.statusCode).toBe(403);
    const decided = await call('promotion', { student_id: people.Dembe, year, decision: 'promoted' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().message).toBe('Promotion Saved Successfully');
    const after = await ok('old_reports', classTerm('S3'));
    expect(cardOf(after, people.Dembe).promotion).toEqual({
      decision: 'promoted',
      text: 'Promoted to S4',
      proposed: false,
    });
    expect(pageOf(await pdf('old_reports', 'S3'), 'Dembe')).toContain('Promotion: Promoted to S4');
    // Back to the rule.
    await ok('promotion', { student_id: people.Dembe, year, decision: null });
    expect(cardOf(await ok('old_reports', classTerm('S3')), people.Dembe).promotion.proposed).toBe(true);
    // S5's card: promoted to S6 at 2 points or more; the new curriculum by the average mark.
    expect(cardOf(await ok('alevel_reports', classTerm('S5')), people.Mugisha).promotion.text).toBe('Promoted to S6');
    expect(cardOf(await ok('new_report', classTerm('S1')), people.Nabirye).promotion.text).toBe('Promoted to S2');
    // Turned off: no promotion line.
    await ok('report_settings', { show_promotion: false });
    try {
      expect(cardOf(await ok('old_reports', classTerm('S3')), people.Akello).promotion).toBeNull();
      expect(pageOf(await pdf('old_reports', 'S3'), 'Akello')).not.toContain('Promotion:');
    } finally {
      await ok('report_settings', { show_promotion: true });
    }
  });

  it("starts the class's promotion from the year's cards: who is advised to repeat, and what each card says", async () => {
    const of = (plan: Json, id: number) => plan.year_end.find((d: Json) => d.student_id === id);
    const plan = await ok('to_migrate', { class_id: s.classes.S3 });
    // Every student with a result this year has the card's word; one without results has none.
    const inClass = new Set(plan.students.map((st: Json) => st.id));
    expect(plan.year_end.length).toBeGreaterThanOrEqual(3);
    expect(plan.year_end.length).toBeLessThan(inClass.size);
    for (const d of plan.year_end) expect(inClass.has(d.student_id)).toBe(true);
    expect(of(plan, people.Dembe)).toEqual({
      student_id: people.Dembe,
      decision: 'repeat',
      text: 'Advised to repeat S3',
    });
    expect(of(plan, people.Akello)).toMatchObject({ decision: 'promoted', text: 'Promoted to S4' });
    // The director of studies' own decision is what promoting starts from.
    await ok('promotion', { student_id: people.Dembe, year, decision: 'promoted' });
    try {
      expect(of(await ok('to_migrate', { class_id: s.classes.S3 }), people.Dembe).decision).toBe('promoted');
    } finally {
      await ok('promotion', { student_id: people.Dembe, year, decision: null });
    }
    // Cards without the promotion line: nothing is ticked for the director of studies.
    await ok('report_settings', { show_promotion: false });
    try {
      expect((await ok('to_migrate', { class_id: s.classes.S3 })).year_end).toEqual([]);
    } finally {
      await ok('report_settings', { show_promotion: true });
    }
  });

  it("carries a line for the parent's signature", async () => {
    for (const page of await pdf('old_reports', 'S3')) expect(page).toContain("Parent's signature");
  });

  it("prints the new curriculum's A-level card with the project and generic skills; the other without", async () => {
    await ok('save_comment_new', {
      year,
      term,
      student_id: people.Mugisha,
      kind: 'generic_skills',
      comment: 'Leads the debating club with confidence.',
    });
    await ok('save_project', {
      year,
      term,
      student_id: people.Mugisha,
      title: 'Rain water harvesting for the school farm',
      planning: 3,
      implementation: 3,
      reporting: 2,
      dissemination: 1,
    });
    const [plain] = await pdf('alevel_reports', 'S5');
    const [abridged] = await pdf('ncalevel_reports', 'S5');
    expect(abridged.toLowerCase()).toContain('a level report card (new curriculum)');
    expect(abridged).toContain('Project and generic skills');
    expect(abridged).toContain('Leads the debating club with confidence.');
    expect(abridged).toContain('Rain water harvesting for the school farm');
    expect(plain.toLowerCase()).toContain('a level report card');
    expect(plain.toLowerCase()).not.toContain('new curriculum');
    expect(plain).not.toContain('Project');
    expect(plain).not.toContain('Leads the debating club');
  });

  it('writes characters the print font lacks in words ("→" as "to"), never as stray signs', async () => {
    await ok('save_student_comment', {
      year,
      term,
      student_id: people.Bbosa,
      subject_id: subjects.Mathematics,
      kind: 'remark',
      comment: 'Fractions → decimals ≥ better',
    });
    const bbosa = pageOf(await pdf('old_reports', 'S3'), 'Bbosa');
    expect(bbosa).toContain('Fractions to decimals >= better');
    expect(bbosa).not.toContain('!’');
  });
});

describe('no word meant for developers on any card', () => {
  const layouts: [string, boolean][] = reportKinds.flatMap((k): [string, boolean][] =>
    k.value === 'new_report100'
      ? [
          [k.value, false],
          [k.value, true],
        ]
      : [[k.value, false]],
  );
  it.each(layouts)('%s (competences %s)', async (kind, competences) => {
    const curriculum = reportKinds.find((k) => k.value === kind)?.curriculum;
    const cls = curriculum === 'old' ? 'S3' : curriculum === 'alevel' ? 'S5' : 'S1';
    const pages = await pdf(kind, cls, { competences });
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) for (const word of developerWords) expect(page).not.toMatch(word);
    // The screen's list of cards too (the grading key and every figure).
    const data = JSON.stringify(await ok(kind, classTerm(cls)));
    for (const word of [/DOMAIN/, /§/, /variant/i, /not official/i, /shulekeeper/i, /TODO/, /NaN/]) {
      expect(data).not.toMatch(word);
    }
  });
});
