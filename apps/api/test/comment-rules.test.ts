import { describe, expect, it } from 'vitest';
import { type BankComment, bankFigures, suggestComment } from '../src/modules/exams/report-cards/comment-rules.js';

const bank: BankComment[] = [
  { id: 1, fromValue: 8, toValue: 72, comment: 'Work harder' },
  { id: 2, fromValue: 8, toValue: 20, comment: 'Excellent' },
  { id: 3, fromValue: 20, toValue: 8, comment: 'Excellent again' },
  { id: 4, fromValue: 21, toValue: 21, comment: 'Exactly 21' },
  { id: 5, fromValue: 60, toValue: 79, comment: 'Good' },
  { id: 6, fromValue: 80, toValue: 100, comment: 'Very good' },
];

describe('the comment bank suggests', () => {
  it('the narrowest range holding the result, then the one added first', () => {
    expect(suggestComment(bank, 8)).toBe('Excellent');
    expect(suggestComment(bank, 20)).toBe('Excellent');
    expect(suggestComment(bank, 21)).toBe('Exactly 21');
    expect(suggestComment(bank, 22)).toBe('Work harder');
    expect(suggestComment(bank, 72)).toBe('Good');
  });

  it('prefers the one added first of equal ranges, and a narrower one whenever it was added', () => {
    const unordered: BankComment[] = [
      { id: 9, fromValue: 8, toValue: 20, comment: 'Added later' },
      { id: 2, fromValue: 8, toValue: 20, comment: 'Added first' },
      { id: 1, fromValue: 0, toValue: 100, comment: 'Anyone' },
    ];
    expect(suggestComment(unordered, 10)).toBe('Added first');
    expect(suggestComment(unordered, 50)).toBe('Anyone');
    // No result, no suggestion, even where a range starts at 0.
    expect(suggestComment(unordered, null)).toBeNull();
  });

  it('reads a decimal result to the nearest whole number, and nothing outside every range', () => {
    expect(suggestComment(bank, 79.4)).toBe('Good');
    expect(suggestComment(bank, 79.5)).toBe('Very good');
    expect(suggestComment(bank, 7)).toBeNull();
    expect(suggestComment(bank, 101)).toBeNull();
    expect(suggestComment(bank, null)).toBeNull();
    expect(suggestComment([], 50)).toBeNull();
  });
});

describe('a range on the result', () => {
  const keyed: BankComment[] = [
    { id: 1, fromValue: 8, toValue: 20, comment: 'A brilliant result' },
    { id: 2, basis: 'result', fromValue: 7, toValue: 7, comment: 'Sit all eight subjects' },
    { id: 3, basis: 'result', fromValue: 1, toValue: 4, comment: 'A certificate result' },
  ];

  it('wins over a range on the score, and is never read as a score', () => {
    expect(suggestComment(keyed, 16, 7)).toBe('Sit all eight subjects');
    expect(suggestComment(keyed, 16, 1)).toBe('A certificate result');
    expect(suggestComment(keyed, 16, 9)).toBe('A brilliant result');
    // An aggregate of 7 is not Division 7.
    expect(suggestComment(keyed, 7)).toBeNull();
  });

  it('O level: a Division 7 card has no aggregate to praise; A level the passes; the new curriculum the UCE result', () => {
    expect(bankFigures('old', { aggregate: 16, division: 7 })).toEqual({ score: null, result: 7 });
    expect(bankFigures('old', { aggregate: 30, division: 1 })).toEqual({ score: 30, result: 1 });
    expect(bankFigures('alevel', { points: 15, principal_passes: 3 })).toEqual({ score: 15, result: 3 });
    expect(bankFigures('new', { average: 71.5, result: 2 })).toEqual({ score: 71.5, result: 2 });
    expect(suggestComment(keyed, bankFigures('old', { aggregate: 16, division: 9 }).score, 9)).toBe(
      'A brilliant result',
    );
  });
});
