import { describe, expect, it } from 'vitest';
import {
  identifierNames,
  NLSC_MIN_SUBJECTS,
  type NlscGrade,
  ncdcCompetence,
  nlscGrade,
  nlscResult,
  round2,
  scoreTenths,
  weightedMark,
} from '../src/index.js';

describe('ncdcCompetence (DOMAIN §3.3)', () => {
  it('1.9, 2.8, 2.8 average exactly 2.5: Outstanding, not Moderate', () => {
    expect(ncdcCompetence([1.9, 2.8, 2.8])).toEqual({
      average: 2.5,
      identifier: 3,
      descriptor: 'Most or all learning outcomes achieved',
      ca20: 16.67,
    });
  });

  it('the identifier bands: 2.5 and up → 3, 1.5 up to 2.5 → 2, 0.9 up to 1.5 → 1, below 0.9 none', () => {
    expect(ncdcCompetence([3]).identifier).toBe(3);
    expect(ncdcCompetence([2.5]).identifier).toBe(3);
    expect(ncdcCompetence([2.4]).identifier).toBe(2);
    expect(ncdcCompetence([2.4, 2.5]).identifier).toBe(2); // 2.45
    expect(ncdcCompetence([1.5]).identifier).toBe(2);
    expect(ncdcCompetence([1.4, 1.5]).identifier).toBe(1); // 1.45
    expect(ncdcCompetence([0.9]).identifier).toBe(1);
    expect(ncdcCompetence([0.8, 0.9]).identifier).toBe(null);
    expect(ncdcCompetence([0]).descriptor).toBe(null);
  });

  it('each identifier has its descriptor and name', () => {
    expect(ncdcCompetence([2]).descriptor).toBe('Many learning outcomes achieved, enough for overall achievement');
    expect(ncdcCompetence([1]).descriptor).toBe(
      'Few learning outcomes achieved, not sufficient for overall achievement',
    );
    expect(identifierNames).toEqual({ 1: 'Basic', 2: 'Moderate', 3: 'Outstanding' });
  });

  it('CA out of 20 is 20 × Σ / (3 × n), to two decimals', () => {
    expect(ncdcCompetence([3, 3, 3]).ca20).toBe(20);
    expect(ncdcCompetence([2, 2, 2]).ca20).toBe(13.33);
    expect(ncdcCompetence([2, 2.5]).ca20).toBe(15); // 20 × 4.5 / 6
    expect(ncdcCompetence([1, 1, 1.1]).ca20).toBe(6.89); // 6.888…
    expect(ncdcCompetence([0.1]).ca20).toBe(0.67);
  });

  it('the average is to two decimals, rounded half up', () => {
    expect(ncdcCompetence([1, 2, 2]).average).toBe(1.67);
    expect(ncdcCompetence([1, 1, 2]).average).toBe(1.33);
    expect(ncdcCompetence([2.1, 2.2]).average).toBe(2.15);
  });

  it('no scores: no identifier, CA 0', () => {
    expect(ncdcCompetence([])).toEqual({ average: 0, identifier: null, descriptor: null, ca20: 0 });
  });

  it('refuses scores outside 0–3 or with two decimals', () => {
    expect(() => ncdcCompetence([3.1])).toThrow(RangeError);
    expect(() => ncdcCompetence([-0.1])).toThrow(RangeError);
    expect(() => ncdcCompetence([2.25])).toThrow(RangeError);
    expect(() => ncdcCompetence([Number.NaN])).toThrow(RangeError);
    expect(scoreTenths(2.8)).toBe(28);
  });
});

describe('nlscGrade: the school A–E table, default 80/70/60/50', () => {
  it.each([
    [100, 'A'],
    [80, 'A'],
    [79.99, 'B'],
    [70, 'B'],
    [69, 'C'],
    [60, 'C'],
    [59.5, 'D'],
    [50, 'D'],
    [49, 'E'],
    [0, 'E'],
  ])('%s → %s', (total, expected) => {
    expect(nlscGrade(total)).toBe(expected);
  });

  it("takes the school's table (C from 50, D from 40)", () => {
    const table = [
      { grade: 'A' as const, min: 80 },
      { grade: 'B' as const, min: 70 },
      { grade: 'C' as const, min: 50 },
      { grade: 'D' as const, min: 40 },
      { grade: 'E' as const, min: 0 },
    ];
    expect(nlscGrade(55, table)).toBe('C');
    expect(nlscGrade(45, table)).toBe('D');
  });

  it('refuses a total outside 0–100', () => {
    expect(() => nlscGrade(101)).toThrow(RangeError);
    expect(() => nlscGrade(-1)).toThrow(RangeError);
  });
});

const compulsory = ['112', '456', '241', '273', '535', '545', '553'];
const eight = (grade: NlscGrade | null, overrides: Record<string, NlscGrade | null> = {}) => ({
  ...Object.fromEntries([...compulsory, '840'].map((code) => [code, grade])),
  ...overrides,
});

describe('nlscResult (DOMAIN §3.4)', () => {
  it('Result 1 with at least one D, eight subjects, the compulsory ones and a project', () => {
    expect(nlscResult({ grades: eight('E', { '840': 'D' }), compulsory, projectPresent: true })).toEqual({
      result: 1,
      certificate: true,
    });
    expect(nlscResult({ grades: eight('A'), compulsory, projectPresent: true }).result).toBe(1);
  });

  it('Result 3 when every subject is E', () => {
    expect(nlscResult({ grades: eight('E'), compulsory, projectPresent: true })).toEqual({
      result: 3,
      certificate: false,
    });
  });

  it('Result 2 without a project, with a compulsory subject not sat, or with fewer than eight subjects', () => {
    expect(nlscResult({ grades: eight('B'), compulsory, projectPresent: false })).toEqual({
      result: 2,
      certificate: false,
    });
    expect(nlscResult({ grades: eight('B', { '456': null }), compulsory, projectPresent: true }).result).toBe(2);
    const { '553': _biology, ...noBiology } = eight('B');
    expect(nlscResult({ grades: { ...noBiology, '845': 'B' }, compulsory, projectPresent: true }).result).toBe(2);
    const seven = eight('B', { '840': null });
    expect(nlscResult({ grades: seven, compulsory, projectPresent: true }).result).toBe(2);
    expect(NLSC_MIN_SUBJECTS).toBe(8);
  });

  it('nine subjects with the compulsory seven is Result 1', () => {
    expect(nlscResult({ grades: eight('C', { '845': 'E' }), compulsory, projectPresent: true }).result).toBe(1);
  });
});

describe('weightedMark (DOMAIN §1.5)', () => {
  const weights = { BOT: 20, MOT: 30, EOT: 50 };

  it('BOT 20 / MOT 30 / EOT 50', () => {
    expect(weightedMark(weights, { BOT: 60, MOT: 70, EOT: 80 }, 'exclude')).toBe(73);
    expect(weightedMark(weights, { BOT: 61, MOT: 72, EOT: 83 }, 'exclude')).toBe(75.3);
  });

  it('a missing set is left out of both sums, or counted as 0, by the school policy', () => {
    expect(weightedMark(weights, { BOT: 60, MOT: null, EOT: 80 }, 'exclude')).toBe(74.29); // 5200 / 70
    expect(weightedMark(weights, { BOT: 60, EOT: 80 }, 'exclude')).toBe(74.29);
    expect(weightedMark(weights, { BOT: 60, MOT: null, EOT: 80 }, 'zero')).toBe(52);
    expect(weightedMark(weights, { BOT: 60, EOT: 80 }, 'zero')).toBe(52);
  });

  it('no mark at all is no mark (null), never 0, under either policy', () => {
    expect(weightedMark(weights, {}, 'exclude')).toBe(null);
    expect(weightedMark(weights, { BOT: null }, 'zero')).toBe(null);
  });

  it('a set without weight, or not considered, does not count', () => {
    expect(weightedMark({ BOT: 0, EOT: 100 }, { BOT: 10, EOT: 90 }, 'zero')).toBe(90);
    expect(weightedMark({ EOT: 100 }, { BOT: 10, EOT: 90 }, 'exclude')).toBe(90);
    expect(weightedMark({ MOT: 50, EOT: 50 }, { MOT: 0, EOT: 45 }, 'exclude')).toBe(22.5);
  });

  it('rounds half up to two decimals', () => {
    expect(weightedMark({ A: 1, B: 2 }, { A: 50, B: 50.01 }, 'exclude')).toBe(50.01); // 50.00666…
    expect(weightedMark({ A: 1, B: 1 }, { A: 72.34, B: 72.35 }, 'exclude')).toBe(72.35); // 72.345
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-1.005)).toBe(-1.01);
  });
});
