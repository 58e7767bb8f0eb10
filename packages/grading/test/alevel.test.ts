import { describe, expect, it } from 'vitest';
import {
  defaultPrincipalTable,
  disputedPrincipalTuples,
  type GradeValue,
  isPrincipalPass,
  type Principal,
  paperTuple,
  uace2015,
  uace2026Proposed,
  uacePoints,
  uacePrincipal,
} from '../src/index.js';

const grade = (tuple: string) => uacePrincipal(tuple.split('-').map(Number) as GradeValue[]);

describe('uacePrincipal: paper grades to A–F (DOMAIN §2.3)', () => {
  it('one paper: the paper grade itself', () => {
    expect(['1', '2', '3', '4', '5', '6', '7', '8', '9'].map(grade)).toEqual([
      'A',
      'A',
      'B',
      'C',
      'D',
      'E',
      'O',
      'O',
      'F',
    ]);
  });

  const twoPapers: [string, Principal][] = [
    ['1-1', 'A'],
    ['1-2', 'A'],
    ['2-2', 'A'],
    ['1-3', 'B'],
    ['2-3', 'B'],
    ['3-3', 'B'],
    ['1-4', 'C'],
    ['4-4', 'C'],
    ['1-5', 'D'],
    ['5-5', 'D'],
    ['1-6', 'E'],
    ['6-6', 'E'],
    ['1-7', 'E'],
    ['5-7', 'E'],
    ['4-8', 'E'],
    ['6-7', 'O'],
    ['7-7', 'O'],
    ['5-8', 'O'],
    ['8-8', 'O'],
    ['1-9', 'O'],
    ['6-9', 'O'],
    ['7-9', 'F'],
    ['8-9', 'F'],
    ['9-9', 'F'],
  ];
  it.each(twoPapers)('two papers %s → %s', (tuple, expected) => {
    expect(grade(tuple)).toBe(expected);
  });

  const threePapers: [string, Principal][] = [
    ['1-1-1', 'A'],
    ['2-2-2', 'A'],
    ['1-1-3', 'A'],
    ['1-2-3', 'A'],
    ['2-2-3', 'A'],
    ['1-3-3', 'B'],
    ['3-3-3', 'B'],
    ['1-1-4', 'B'],
    ['2-2-4', 'B'],
    ['3-3-4', 'B'],
    ['1-1-5', 'C'],
    ['3-4-5', 'C'],
    ['4-4-5', 'C'],
    ['2-4-4', 'C'],
    ['4-4-4', 'C'],
    ['1-1-6', 'D'],
    ['4-5-6', 'D'],
    ['5-5-6', 'D'],
    ['2-5-5', 'D'],
    ['1-6-6', 'E'],
    ['5-6-6', 'E'],
    ['1-1-7', 'E'],
    ['3-3-7', 'E'],
    ['6-6-7', 'E'],
    ['5-6-8', 'E'],
    ['6-6-8', 'E'],
    ['1-7-7', 'O'],
    ['6-7-7', 'O'],
    ['7-7-7', 'O'],
    ['8-8-8', 'O'],
    ['1-1-9', 'O'],
    ['6-6-9', 'O'],
    ['1-7-9', 'F'],
    ['1-8-9', 'F'],
    ['7-9-9', 'F'],
    ['8-9-9', 'F'],
    ['9-9-9', 'F'],
  ];
  it.each(threePapers)('three papers %s → %s', (tuple, expected) => {
    expect(grade(tuple)).toBe(expected);
  });

  it('four papers: A at worst one C3, B at worst one C4', () => {
    expect(grade('1-1-1-3')).toBe('A');
    expect(grade('2-2-2-3')).toBe('A');
    expect(grade('2-2-3-3')).toBe('B');
    expect(grade('1-1-1-4')).toBe('B');
    expect(grade('1-1-4-4')).toBe('C');
    expect(grade('1-1-1-9')).toBe('O');
    expect(grade('1-1-8-9')).toBe('F');
  });

  it('the order of the papers does not matter', () => {
    expect(uacePrincipal([3, 2, 2])).toBe('A');
    expect(uacePrincipal([9, 1, 1])).toBe('O');
    expect(paperTuple([3, 1, 2])).toBe('1-2-3');
  });

  it("uses the school's edited cell, and the default for cells the school table lacks", () => {
    const school = { ...defaultPrincipalTable, '1-7': 'O' as const };
    expect(uacePrincipal([7, 1], school)).toBe('O');
    expect(uacePrincipal([1, 1], { '1-7': 'O' })).toBe('A');
  });

  it('the default table has every tuple of one to four papers and names the disputed cells', () => {
    expect(Object.keys(defaultPrincipalTable)).toHaveLength(9 + 45 + 165 + 495);
    expect(disputedPrincipalTuples.map((t) => defaultPrincipalTable[t])).toEqual(['E', 'E', 'F', 'F']);
  });

  it('refuses no papers, five papers and values outside 1–9', () => {
    expect(() => uacePrincipal([])).toThrow(RangeError);
    expect(() => uacePrincipal([1, 1, 1, 1, 1])).toThrow(RangeError);
    expect(() => uacePrincipal([0 as GradeValue, 1])).toThrow(RangeError);
    expect(() => uacePrincipal([10 as GradeValue])).toThrow(RangeError);
    expect(() => uacePrincipal([1.5 as GradeValue])).toThrow(RangeError);
  });

  it('A–E are principal passes; O and F are not', () => {
    expect((['A', 'B', 'C', 'D', 'E', 'O', 'F'] as Principal[]).map(isPrincipalPass)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('uacePoints (DOMAIN §2.4–2.5)', () => {
  it('the two worked results in the press', () => {
    expect(uacePoints({ principals: ['B', 'C', 'O'], generalPaper: 7, subsidiary: 5 })).toBe(11);
    expect(uacePoints({ principals: ['C', 'A', 'O'], generalPaper: 1, subsidiary: 6 })).toBe(13);
  });

  it('A6 B5 C4 D3 E2 O1 F0, and 20 at most', () => {
    expect(uacePoints({ principals: ['A', 'A', 'A'], generalPaper: 1, subsidiary: 1 })).toBe(uace2015.max);
    expect(uacePoints({ principals: ['A', 'B', 'C'], generalPaper: null, subsidiary: null })).toBe(15);
    expect(uacePoints({ principals: ['D', 'E', 'O'], generalPaper: null, subsidiary: null })).toBe(6);
    expect(uacePoints({ principals: ['F', 'F', 'F'], generalPaper: 9, subsidiary: 8 })).toBe(0);
  });

  it('a subsidiary scores at C6 and not at P7 by default; the threshold is a setting', () => {
    expect(uacePoints({ principals: [], generalPaper: 6, subsidiary: 7 })).toBe(1);
    const lenient = { ...uace2015, subsidiaryPassMax: 8 as GradeValue };
    expect(uacePoints({ principals: [], generalPaper: 8, subsidiary: 7 }, lenient)).toBe(2);
    expect(uacePoints({ principals: [], generalPaper: 9, subsidiary: 9 }, lenient)).toBe(0);
  });

  it('the proposed 2026 scheme weighs A–E 5-4-3-2-1 with no O or F', () => {
    expect(uacePoints({ principals: ['A', 'C', 'E'], generalPaper: 6, subsidiary: null }, uace2026Proposed)).toBe(10);
    expect(uacePoints({ principals: ['O', 'F', 'A'], generalPaper: null, subsidiary: null }, uace2026Proposed)).toBe(5);
    expect(uace2026Proposed.max).toBe(17);
  });
});
