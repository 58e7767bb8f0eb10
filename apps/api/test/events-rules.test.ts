import { eventTypes, invitedGroups } from '@somero/contract';
import { describe, expect, it } from 'vitest';
import {
  countByMonth,
  countByType,
  hasMinutes,
  invitedLine,
  items,
  presentCount,
} from '../src/modules/events/rules.js';

describe('events rules', () => {
  it('reads minutes one item a line, without the bullets and numbers people type', () => {
    expect(items('1. Prayer\n2) Report\n- Fees\n* Dormitory\n• AOB\n\n   \n')).toEqual([
      'Prayer',
      'Report',
      'Fees',
      'Dormitory',
      'AOB',
    ]);
    expect(items('2026 budget adopted')).toEqual(['2026 budget adopted']);
    expect(items(null)).toEqual([]);
    expect(items('')).toEqual([]);
  });

  it('counts those present: a person a line, "212 parents" as 212', () => {
    expect(presentCount('Mr. Okot (Chair)\nMrs. Nakato\n212 parents\n38 teachers')).toBe(252);
    expect(presentCount('3')).toBe(1);
    expect(presentCount(null)).toBe(0);
  });

  it('knows minutes are recorded when any part holds an item', () => {
    expect(hasMinutes([null, '', ' \n '])).toBe(false);
    expect(hasMinutes([null, '- ', 'Budget adopted'])).toBe(true);
  });

  it('lists every month of the range and counts only dates inside it', () => {
    expect(countByMonth(['2026-02-21', '2026-03-05', '2026-03-28', '2026-05-02'], '2026-02-01', '2026-04-30')).toEqual([
      { key: '2026-02', label: 'Feb 2026', count: 1 },
      { key: '2026-03', label: 'Mar 2026', count: 2 },
      { key: '2026-04', label: 'Apr 2026', count: 0 },
    ]);
    expect(countByMonth([], '2026-11-15', '2027-01-10').map((m) => m.label)).toEqual([
      'Nov 2026',
      'Dec 2026',
      'Jan 2027',
    ]);
  });

  it('counts by type in the order types are offered, leaving types with none out', () => {
    expect(countByType(['sports', 'pta', 'pta', 'board'], eventTypes).map((l) => [l.label, l.count])).toEqual([
      ['PTA meeting', 2],
      ['Board meeting', 1],
      ['Sports day', 1],
    ]);
  });

  it('writes who is invited as one line, the class by name', () => {
    expect(invitedLine(['parents', 'class'], invitedGroups, 'S4', 'The DEO')).toBe('Parents, S4, The DEO');
    expect(invitedLine(['class'], invitedGroups, null, null)).toBe('A class');
    expect(invitedLine([], invitedGroups, null, 'All old students')).toBe('All old students');
  });

  it('reads Windows line ends, numbers past nine, and a bullet typed without a space', () => {
    expect(items('10. Prayer\r\n11) Report\r\n-Fees\n1.Dormitory\n  •  AOB  ')).toEqual([
      'Prayer',
      'Report',
      'Fees',
      'Dormitory',
      'AOB',
    ]);
    // A number or dash inside a line is part of it.
    expect(items('Budget - 2026\nS4 results 2025')).toEqual(['Budget - 2026', 'S4 results 2025']);
  });

  it('counts "212 parents" only when the number leads the line and words follow', () => {
    expect(presentCount('Group of 5 teachers')).toBe(1);
    expect(presentCount('12  teachers\n7 students')).toBe(19);
    expect(presentCount('140 old students')).toBe(140);
    expect(presentCount('12 3')).toBe(1);
    expect(presentCount('- 30 parents')).toBe(30);
  });

  it('names every month of the year', () => {
    expect(countByMonth([], '2026-01-01', '2026-12-31').map((m) => m.label)).toEqual([
      'Jan 2026',
      'Feb 2026',
      'Mar 2026',
      'Apr 2026',
      'May 2026',
      'Jun 2026',
      'Jul 2026',
      'Aug 2026',
      'Sep 2026',
      'Oct 2026',
      'Nov 2026',
      'Dec 2026',
    ]);
  });

  it('counts events on the first and last day of the range, not the days just outside it', () => {
    const dates = ['2026-02-14', '2026-02-15', '2026-04-10', '2026-04-11'];
    expect(countByMonth(dates, '2026-02-15', '2026-04-10').map((m) => [m.key, m.count])).toEqual([
      ['2026-02', 1],
      ['2026-03', 0],
      ['2026-04', 1],
    ]);
    expect(countByMonth(['2026-06-01'], '2026-06-01', '2026-06-01')).toEqual([
      { key: '2026-06', label: 'Jun 2026', count: 1 },
    ]);
  });

  it('writes an unknown group as typed, and leaves out an empty note', () => {
    expect(invitedLine(['alumni'], invitedGroups, null, '')).toBe('alumni');
    expect(invitedLine(['staff', 'parents'], invitedGroups, 'S2', null)).toBe('Staff, Parents');
    expect(countByType([], eventTypes)).toEqual([]);
    expect(countByType(['pta'], eventTypes)).toEqual([{ key: 'pta', label: 'PTA meeting', count: 1 }]);
  });
});
