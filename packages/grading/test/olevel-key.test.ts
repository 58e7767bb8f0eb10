import { describe, expect, it } from 'vitest';
import { type GradeValue, type SubjectGroup, uceDivision, uceDivisionKey, uceShortfallText } from '../src/index.js';

const subject = (code: string, group: SubjectGroup, value: GradeValue) => ({ code, group, value });
const core = (value: GradeValue) => [
  subject('112', 'english', value),
  subject('456', 'mathematics', value),
  subject('535', 'science', value),
  subject('545', 'science', value),
  subject('553', 'science', value),
  subject('241', 'humanity', value),
  subject('273', 'humanity', value),
];

describe('Division 7: why, as data and in words for a parent', () => {
  it('seven subjects sat: short by one, though each is D1', () => {
    const result = uceDivision(core(1));
    expect(result).toMatchObject({ division: 7, aggregate: 16, shortfall: { sat: 7, needed: 8, missing: [] } });
    expect(uceShortfallText(result.shortfall as never)).toBe(
      'Division 7 because only 7 subjects were sat (8 are needed): the subject requirements for a certificate are not met.',
    );
  });

  it('eight subjects without Mathematics, or with neither English nor Mathematics', () => {
    const noMaths = [
      ...core(3).filter((s) => s.group !== 'mathematics'),
      subject('223', 'humanity', 3),
      subject('800', 'other', 3),
    ];
    const result = uceDivision(noMaths);
    expect(result.shortfall).toEqual({ sat: 8, needed: 8, missing: ['mathematics'] });
    expect(uceShortfallText(result.shortfall as never)).toBe(
      'Division 7 because Mathematics was not sat: the subject requirements for a certificate are not met.',
    );
    const neither = uceDivision([subject('553', 'science', 2)]);
    expect(uceShortfallText(neither.shortfall as never)).toBe(
      'Division 7 because only 1 subject was sat (8 are needed) and English and Mathematics were not sat: the subject requirements for a certificate are not met.',
    );
  });

  it('no shortfall for a division earned, Division 9 included', () => {
    expect(uceDivision([...core(1), subject('223', 'humanity', 1)]).shortfall).toBeUndefined();
    expect(uceDivision([...core(9), subject('223', 'humanity', 9)])).toMatchObject({ division: 9 });
    expect(uceDivision([...core(9), subject('223', 'humanity', 9)]).shortfall).toBeUndefined();
  });
});

describe('the division key states the rule applied', () => {
  it('names the conditions of each division, Division 4 by passes and no aggregate bound for it', () => {
    const [aggregate, divisions] = uceDivisionKey();
    expect(aggregate).toContain('best 8 grades');
    expect(divisions).toContain('Division 1: 8 passes and 7 credits, English at credit');
    expect(divisions).toContain('aggregate 32 or less');
    expect(divisions).toContain('Division 2: 8 passes including English, 6 credits, aggregate 45 or less');
    expect(divisions).toContain('Division 3: 8 passes with 3 credits, 7 passes with 4 credits, or 5 credits.');
    expect(divisions).toContain('Division 4: at least one pass.');
    expect(divisions).toContain('Division 7: fewer than 8 subjects sat, or English or Mathematics not sat');
    expect(divisions).toContain('U: no pass.');
    expect(divisions).not.toMatch(/to 68|59–72|\(to /);
    expect(uceDivisionKey({ division4MinPasses: 2 })[1]).toContain('Division 4: at least 2 passes.');
  });

  it('agrees with the rule: an aggregate of 71 with one pass is Division 4, as the key says', () => {
    // Seven F9 and one P8: aggregate 71, one pass.
    const result = uceDivision([...core(9), subject('223', 'humanity', 8)]);
    expect(result).toMatchObject({ aggregate: 71, division: 4 });
  });
});
