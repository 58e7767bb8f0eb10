import { describe, expect, it } from 'vitest';
import {
  type GradeValue,
  gradeName,
  isCredit,
  isPass,
  type OlevelGradeTable,
  olevelGrade,
  type SubjectGroup,
  uceDivision,
} from '../src/index.js';

describe('olevelGrade: DOMAIN §1.2 Variant A by default', () => {
  it.each([
    [100, 1],
    [80, 1],
    [79.99, 2],
    [75, 2],
    [74.5, 3],
    [70, 3],
    [69, 4],
    [65, 4],
    [64, 5],
    [60, 5],
    [59, 6],
    [55, 6],
    [54, 7],
    [50, 7],
    [49, 8],
    [40, 8],
    [39.99, 9],
    [0, 9],
  ])('%s → %s', (mark, value) => {
    expect(olevelGrade(mark)).toBe(value);
  });

  it('takes the school table instead (Variant B: C6 from 50, P7 45–49, P8 40–44)', () => {
    const variantB: OlevelGradeTable = [
      { value: 1, min: 80 },
      { value: 2, min: 75 },
      { value: 3, min: 70 },
      { value: 4, min: 65 },
      { value: 5, min: 60 },
      { value: 6, min: 50 },
      { value: 7, min: 45 },
      { value: 8, min: 40 },
      { value: 9, min: 0 },
    ];
    expect(olevelGrade(52, variantB)).toBe(6);
    expect(olevelGrade(47, variantB)).toBe(7);
    expect(olevelGrade(44, variantB)).toBe(8);
    // Row order does not matter: the highest minimum reached wins.
    expect(olevelGrade(52, [...variantB].reverse())).toBe(6);
  });

  it('refuses a mark outside 0–100', () => {
    expect(() => olevelGrade(-1)).toThrow(RangeError);
    expect(() => olevelGrade(100.5)).toThrow(RangeError);
    expect(() => olevelGrade(Number.NaN)).toThrow(RangeError);
  });

  it('names grades and knows passes and credits', () => {
    expect([1, 2, 3, 6, 7, 8, 9].map((v) => gradeName(v as GradeValue))).toEqual([
      'D1',
      'D2',
      'C3',
      'C6',
      'P7',
      'P8',
      'F9',
    ]);
    expect(isCredit(6)).toBe(true);
    expect(isCredit(7)).toBe(false);
    expect(isPass(8)).toBe(true);
    expect(isPass(9)).toBe(false);
  });
});

// A candidate: English, Mathematics, two humanities, three sciences and a practical subject, by value.
const groups: SubjectGroup[] = [
  'english',
  'mathematics',
  'humanity',
  'humanity',
  'science',
  'science',
  'science',
  'practical',
];
const candidate = (values: number[], extra: { group: SubjectGroup; value: number }[] = []) => [
  ...values.map((value, i) => ({ code: `S${i}`, group: groups[i], value: value as GradeValue })),
  ...extra.map((s, i) => ({ code: `X${i}`, group: s.group, value: s.value as GradeValue })),
];

describe('uceDivision: the whole UNEB rule (DOMAIN §1.4)', () => {
  it('Division 1: eight passes, English a credit, seven credits, aggregate ≤ 32', () => {
    expect(uceDivision(candidate([3, 4, 4, 4, 4, 4, 4, 5]))).toEqual({
      aggregate: 32,
      passes: 8,
      credits: 8,
      division: 1,
    });
    // Seven credits and one pass is still Division 1.
    expect(uceDivision(candidate([2, 2, 2, 2, 2, 2, 2, 8])).division).toBe(1);
  });

  it('aggregate 33 with every condition met is Division 2', () => {
    expect(uceDivision(candidate([4, 4, 4, 4, 4, 4, 4, 5]))).toMatchObject({ aggregate: 33, division: 2 });
  });

  it('aggregate 20 with only 6 credits is Division 2, not 1', () => {
    const r = uceDivision(candidate([1, 1, 1, 1, 1, 1, 7, 7]));
    expect(r).toEqual({ aggregate: 20, passes: 8, credits: 6, division: 2 });
  });

  it('aggregate 26 with only 5 credits is Division 3', () => {
    const r = uceDivision(candidate([1, 1, 1, 1, 1, 7, 7, 7]));
    expect(r).toEqual({ aggregate: 26, passes: 8, credits: 5, division: 3 });
  });

  it('aggregate 58 with only 2 credits is Division 4, not 3', () => {
    const r = uceDivision(candidate([6, 6, 7, 7, 8, 8, 8, 8]));
    expect(r).toEqual({ aggregate: 58, passes: 8, credits: 2, division: 4 });
  });

  it('Division 3 by 8 passes and 3 credits, by 7 passes and 4 credits, or by 5 credits', () => {
    expect(uceDivision(candidate([6, 6, 6, 7, 7, 8, 8, 8])).division).toBe(3); // 56, 8 passes, 3 credits
    expect(uceDivision(candidate([5, 5, 6, 6, 7, 7, 8, 9])).division).toBe(3); // 53, 7 passes, 4 credits
    expect(uceDivision(candidate([6, 6, 6, 7, 7, 8, 8, 9])).division).toBe(4); // 57, 7 passes, 3 credits
    expect(uceDivision(candidate([3, 3, 3, 3, 3, 9, 9, 9])).division).toBe(3); // 42, 5 passes, 5 credits
    expect(uceDivision(candidate([3, 3, 3, 3, 7, 9, 9, 9])).division).toBe(4); // 4 credits, 5 passes
  });

  it('Division 3 at its worst aggregate, 58 (its conditions never allow more)', () => {
    expect(uceDivision(candidate([5, 6, 6, 8, 8, 8, 8, 8])).division).toBe(3); // 57
    expect(uceDivision(candidate([6, 6, 6, 8, 8, 8, 8, 8])).division).toBe(3); // 58
  });

  it('Division 2 needs an aggregate of 45 or less and six credits', () => {
    expect(uceDivision(candidate([5, 5, 5, 5, 5, 6, 7, 7])).division).toBe(2); // 45, 6 credits
    expect(uceDivision(candidate([5, 5, 5, 5, 6, 6, 7, 7])).division).toBe(3); // 46
    expect(uceDivision(candidate([1, 1, 1, 1, 1, 7, 7, 8])).division).toBe(3); // 27 but 5 credits
  });

  it('English F9 caps at Division 3', () => {
    const r = uceDivision(candidate([9, 1, 1, 1, 1, 1, 1, 1], [{ group: 'language', value: 1 }]));
    expect(r).toMatchObject({ aggregate: 8, credits: 8, division: 3 });
  });

  it('English P7 or P8 keeps Division 2 but not 1', () => {
    expect(uceDivision(candidate([7, 1, 1, 1, 1, 1, 1, 1])).division).toBe(2);
  });

  it('Mathematics F9 caps at Division 2', () => {
    const r = uceDivision(candidate([1, 9, 1, 1, 1, 1, 1, 1], [{ group: 'language', value: 1 }]));
    expect(r).toMatchObject({ aggregate: 8, division: 2 });
  });

  it('English need not be among the best eight: a C6 outside them meets the Division 1 condition', () => {
    const r = uceDivision(
      candidate(
        [6, 1, 1, 1, 1, 1, 1, 1],
        [
          { group: 'language', value: 2 },
          { group: 'other', value: 2 },
        ],
      ),
    );
    expect(r).toMatchObject({ aggregate: 9, division: 1 });
  });

  it('Division 1 needs a humanity and a science passed; the science is waived for a visually impaired candidate', () => {
    const noHumanity = candidate(
      [1, 1, 9, 9, 1, 1, 1, 1],
      [
        { group: 'language', value: 1 },
        { group: 'other', value: 1 },
      ],
    );
    expect(uceDivision(noHumanity).division).toBe(2);
    const noScience = [
      { code: 'E', group: 'english' as const, value: 1 as GradeValue },
      { code: 'M', group: 'mathematics' as const, value: 1 as GradeValue },
      { code: 'H', group: 'humanity' as const, value: 1 as GradeValue },
      ...[1, 2, 3, 4, 5].map((i) => ({ code: `L${i}`, group: 'language' as const, value: 2 as GradeValue })),
    ];
    expect(uceDivision(noScience).division).toBe(2);
    expect(uceDivision(noScience, { visuallyImpaired: true }).division).toBe(1);
    const failedScience = [...noScience, { code: 'P', group: 'science' as const, value: 9 as GradeValue }];
    expect(uceDivision(failedScience).division).toBe(2);
    expect(uceDivision(failedScience, { visuallyImpaired: true }).division).toBe(1);
  });

  it('F9 in every subject is Division 9, never 4', () => {
    expect(uceDivision(candidate([9, 9, 9, 9, 9, 9, 9, 9]))).toEqual({
      aggregate: 72,
      passes: 0,
      credits: 0,
      division: 9,
    });
  });

  it('one pass is Division 4 by default; the school may ask for more', () => {
    const onePass = candidate([9, 8, 9, 9, 9, 9, 9, 9]);
    expect(uceDivision(onePass).division).toBe(4);
    expect(uceDivision(onePass, { division4MinPasses: 2 }).division).toBe(9);
  });

  it('fewer than eight subjects, or no English or Mathematics sat, is Division 7 (no certificate)', () => {
    const seven = candidate([1, 1, 1, 1, 1, 1, 1]);
    expect(uceDivision(seven)).toEqual({
      aggregate: 16,
      passes: 7,
      credits: 7,
      division: 7,
      shortfall: { sat: 7, needed: 8, missing: [] },
    });
    const noEnglish = candidate([1, 1, 1, 1, 1, 1, 1, 1]).map((s) =>
      s.group === 'english' ? { ...s, group: 'language' as const } : s,
    );
    expect(uceDivision(noEnglish).division).toBe(7);
    const noMaths = candidate([1, 1, 1, 1, 1, 1, 1, 1]).map((s) =>
      s.group === 'mathematics' ? { ...s, group: 'other' as const } : s,
    );
    expect(uceDivision(noMaths).division).toBe(7);
  });

  it('the aggregate takes the best eight of ten subjects', () => {
    const r = uceDivision(
      candidate(
        [2, 2, 2, 2, 2, 2, 2, 2],
        [
          { group: 'language', value: 9 },
          { group: 'other', value: 9 },
        ],
      ),
    );
    expect(r).toEqual({ aggregate: 16, passes: 8, credits: 8, division: 1 });
  });
});

describe('issue 25: candidates the rules were seen to get wrong', () => {
  const subject = (code: string, group: SubjectGroup, value: number) => ({ code, group, value: value as GradeValue });
  const core = [
    subject('112', 'english', 1),
    subject('456', 'mathematics', 1),
    subject('223', 'humanity', 1),
    subject('335', 'language', 1),
    subject('800', 'other', 1),
    subject('610', 'practical', 1),
  ];

  it('a visually impaired candidate with D1 everywhere but F9 in both sciences is Division 1 (Division 2 without the flag)', () => {
    const marks = [
      ...core,
      subject('241', 'humanity', 1),
      subject('273', 'humanity', 1),
      subject('535', 'science', 9),
      subject('545', 'science', 9),
    ];
    expect(uceDivision(marks, { visuallyImpaired: true })).toEqual({
      aggregate: 8,
      passes: 8,
      credits: 8,
      division: 1,
    });
    expect(uceDivision(marks).division).toBe(2);
  });

  it('D1 in Literature in English (a humanity) with F9 in History and Geography is Division 1', () => {
    const marks = [
      ...core.filter((s) => s.group !== 'humanity'),
      subject('208', 'humanity', 1),
      subject('241', 'humanity', 9),
      subject('273', 'humanity', 9),
      subject('535', 'science', 1),
      subject('545', 'science', 1),
      subject('553', 'science', 1),
    ];
    expect(uceDivision(marks)).toMatchObject({ aggregate: 8, division: 1 });
    // Grouped as a language (as the demo had it), the same marks lack a humanity: Division 2.
    expect(uceDivision(marks.map((s) => (s.code === '208' ? { ...s, group: 'language' as const } : s))).division).toBe(
      2,
    );
  });
});
