import { describe, expect, it } from 'vitest';
import { compulsoryForUce, compulsoryInClass, nlscResult } from '../src/index.js';

/** DOMAIN §3.1: S1–S2 take eleven compulsory subjects, S3–S4 seven; the UCE result uses the S3–S4 list. */
const subjects = [
  ...['112', '456', '241', '273', '535', '545', '553'].map((code) => ({ code, compulsory: true, compulsoryIn: null })),
  ...['845', '336', '555'].map((code) => ({ code, compulsory: true, compulsoryIn: 'lower' })),
  { code: '223', compulsory: false, compulsoryIn: null },
  { code: '840', compulsory: true, compulsoryIn: 'upper' },
];

describe('compulsory subjects by class', () => {
  it('a subject compulsory in S1–S2 only is taken by every S1 and S2 student and by no one in S3–S4 unless chosen', () => {
    const entrepreneurship = subjects.find((s) => s.code === '845')!;
    expect([1, 2, 3, 4].map((rank) => compulsoryInClass(entrepreneurship, rank))).toEqual([true, true, false, false]);
    const upper = subjects.find((s) => s.code === '840')!;
    expect([1, 2, 3, 4].map((rank) => compulsoryInClass(upper, rank))).toEqual([false, false, true, true]);
    expect(compulsoryInClass(subjects[0]!, 4)).toBe(true);
    expect(compulsoryInClass({ compulsory: false, compulsoryIn: 'lower' }, 1)).toBe(false);
  });

  it('an S4 new-curriculum candidate with the seven compulsory subjects and CRE has Result 1', () => {
    const compulsory = subjects
      .filter((s) => s.code !== '840')
      .filter(compulsoryForUce)
      .map((s) => s.code);
    expect(compulsory.sort()).toEqual(['112', '241', '273', '456', '535', '545', '553']);
    const grades = Object.fromEntries(
      ['112', '456', '241', '273', '535', '545', '553', '223'].map((c) => [c, 'C' as const]),
    );
    expect(nlscResult({ grades, compulsory, projectPresent: true })).toEqual({ result: 1, certificate: true });
    // With S1–S2's list (every compulsory subject), the same candidate was Result 2.
    const everyCompulsory = subjects.filter((s) => s.compulsory && s.code !== '840').map((s) => s.code);
    expect(nlscResult({ grades, compulsory: everyCompulsory, projectPresent: true }).result).toBe(2);
  });
});
