import { gradeName, nlscGrade, olevelGrade } from '@somero/grading';
import { describe, expect, it } from 'vitest';
import { cellStore } from './cell-store';
import { readCell } from './cell-text';
import { gradeOf } from './grade';

// The default tables, as GET grading answers them for a school that has not edited its own.
const grade = (kind: 'olevel' | 'alevel_paper' | 'nlsc', mark: number | null | undefined) =>
  mark == null ? null : kind === 'nlsc' ? nlscGrade(mark) : gradeName(olevelGrade(mark));
const typed = (text: string, curriculum = 'old', max = 100) => gradeOf(grade, curriculum, readCell(text), max);

describe('the grade beside a mark as it is typed', () => {
  it('grades a whole mark out of the set maximum as its share of 100', () => {
    expect(typed('45', 'old', 50)).toBe('D1'); // 90 %
    expect(typed('34', 'old', 50)).toBe('C4'); // 68 %
    expect(typed('20', 'old', 50)).toBe('P8'); // 40 %
    expect(typed('0', 'old', 50)).toBe('F9');
    expect(typed('50', 'old', 50)).toBe('D1');
    expect(typed('67', 'new')).toBe(nlscGrade(67));
  });

  it('shows none for what the school refuses: a decimal, a mark over the maximum, below 0, absent, text', () => {
    expect(typed('67.5', 'new')).toBeNull();
    expect(typed('67,5', 'old')).toBeNull();
    expect(typed('33.5', 'old', 50)).toBeNull();
    expect(typed('51', 'old', 50)).toBeNull();
    expect(typed('-1')).toBeNull();
    expect(typed('abs')).toBeNull();
    expect(typed('4o')).toBeNull();
    expect(typed('')).toBeNull();
  });

  it('shows none while the tables load', () => {
    expect(gradeOf(() => null, 'old', readCell('45'), 50)).toBeNull();
  });
});

describe('the cell store', () => {
  it('tells only the changed cell, and nobody when nothing changed', () => {
    const cells = cellStore<{ text: string }>([
      ['1:mark', { text: '' }],
      ['2:mark', { text: '40' }],
    ]);
    const told: string[] = [];
    const stop = cells.subscribe('1:mark', () => told.push('1'));
    cells.subscribe('2:mark', () => told.push('2'));
    cells.update('1:mark', (c) => ({ ...c, text: '4' }));
    expect(cells.get('1:mark')).toEqual({ text: '4' });
    expect(told).toEqual(['1']);
    cells.update('2:mark', (c) => c);
    expect(told).toEqual(['1']);
    stop();
    cells.update('1:mark', () => ({ text: '45' }));
    expect(told).toEqual(['1']);
    expect(cells.get('1:mark')).toEqual({ text: '45' });
    cells.update('2:mark', () => undefined);
    expect(cells.get('2:mark')).toBeUndefined();
    expect(told).toEqual(['1', '2']);
  });
});
