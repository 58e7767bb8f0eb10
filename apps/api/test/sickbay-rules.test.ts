import { describe, expect, it } from 'vitest';
import {
  countBy,
  countByPeriod,
  fromTenths,
  isoWeek,
  kampalaDay,
  kampalaDayStart,
  periodLabel,
  periodsBetween,
  toTenths,
} from '../src/modules/sickbay/rules.js';

describe('sick bay rules', () => {
  it('puts an instant on its Kampala day (UTC+3)', () => {
    expect(kampalaDay(new Date('2026-11-22T20:59:00Z'))).toBe('2026-11-22');
    expect(kampalaDay(new Date('2026-11-22T21:00:00Z'))).toBe('2026-11-23');
    expect(kampalaDayStart('2026-11-23').toISOString()).toBe('2026-11-22T21:00:00.000Z');
  });

  it('numbers ISO weeks across year ends', () => {
    expect(isoWeek('2026-11-23')).toBe('2026-W48');
    expect(isoWeek('2026-11-29')).toBe('2026-W48');
    expect(isoWeek('2026-11-30')).toBe('2026-W49');
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2025-12-29')).toBe('2026-W01');
    expect(isoWeek('2021-01-03')).toBe('2020-W53');
  });

  it('labels periods as the school reads them', () => {
    expect(periodLabel('2026-11-23', 'day')).toBe('23 Nov 2026');
    expect(periodLabel('2026-11-26', 'week')).toBe('Week 48 (from 23 Nov 2026)');
    expect(periodLabel('2026-11-26', 'month')).toBe('Nov 2026');
    expect(periodsBetween('2026-01-01', '2026-12-31', 'month').map((p) => p.label)).toEqual(
      ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map((m) => `${m} 2026`),
    );
  });

  it('lists every period of a range, empty ones too', () => {
    expect(periodsBetween('2026-11-20', '2026-12-01', 'week').map((p) => p.key)).toEqual([
      '2026-W47',
      '2026-W48',
      '2026-W49',
    ]);
    expect(periodsBetween('2026-10-31', '2027-01-01', 'month').map((p) => p.key)).toEqual([
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
    expect(periodsBetween('2026-11-28', '2026-11-30', 'day')).toHaveLength(3);
  });

  it('counts visits per period in Kampala time, students and staff apart', () => {
    const visits = [
      { at: new Date('2026-11-22T20:30:00Z'), patient: 'student' as const }, // Sun 22 Nov 23:30 EAT, week 47
      { at: new Date('2026-11-22T21:30:00Z'), patient: 'student' as const }, // Mon 23 Nov 00:30 EAT, week 48
      { at: new Date('2026-11-25T08:00:00Z'), patient: 'staff' as const },
      { at: new Date('2026-11-30T06:00:00Z'), patient: 'student' as const },
      { at: new Date('2026-12-05T06:00:00Z'), patient: 'student' as const }, // outside the range
    ];
    expect(countByPeriod(visits, '2026-11-16', '2026-11-30', 'week')).toEqual([
      { key: '2026-W47', label: 'Week 47 (from 16 Nov 2026)', students: 1, staff: 0 },
      { key: '2026-W48', label: 'Week 48 (from 23 Nov 2026)', students: 1, staff: 1 },
      { key: '2026-W49', label: 'Week 49 (from 30 Nov 2026)', students: 1, staff: 0 },
    ]);
    const days = countByPeriod(visits, '2026-11-22', '2026-11-23', 'day');
    expect(days.map((d) => d.students)).toEqual([1, 1]);
    expect(countByPeriod(visits, '2026-11-01', '2026-12-31', 'month').map((m) => m.students + m.staff)).toEqual([4, 1]);
    // A range starting mid-week: the week's earlier days are not counted.
    expect(countByPeriod(visits, '2026-11-24', '2026-11-30', 'week').map((w) => [w.students, w.staff])).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });

  it('counts the most frequent first whatever order they come in, one space between words', () => {
    expect(countBy(['Flu', 'Sore  throat', 'Malaria', 'sore throat', 'Malaria', 'Malaria', 'Asthma'])).toEqual([
      { key: 'malaria', label: 'Malaria', count: 3 },
      { key: 'sore throat', label: 'Sore throat', count: 2 },
      { key: 'asthma', label: 'Asthma', count: 1 },
      { key: 'flu', label: 'Flu', count: 1 },
    ]);
  });

  it('counts by name without case or spaces, most first', () => {
    expect(countBy(['Malaria', 'headache ', 'Headache', 'Malaria', 'Flu/Cough', 'malaria'])).toEqual([
      { key: 'malaria', label: 'Malaria', count: 3 },
      { key: 'headache', label: 'headache', count: 2 },
      { key: 'flu/cough', label: 'Flu/Cough', count: 1 },
    ]);
  });

  it('stores temperatures in tenths of a degree', () => {
    expect(toTenths(37.5)).toBe(375);
    expect(toTenths(38.1)).toBe(381);
    expect(fromTenths(375)).toBe(37.5);
  });
});
