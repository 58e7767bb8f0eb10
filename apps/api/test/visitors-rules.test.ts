import { describe, expect, it } from 'vitest';
import {
  averageMinutes,
  countBy,
  countByPeriod,
  durationLabel,
  inVisitingHours,
  kampalaDay,
  kampalaDayEnd,
  kampalaDayStart,
  periodOf,
  refusal,
  visitingHoursText,
  visitMinutes,
  whomLine,
} from '../src/modules/visitors/rules.js';

describe('visitors book rules', () => {
  it('keeps visiting hours in Kampala time: the start minute is in, the end minute out, other days out', () => {
    // Sundays and Saturdays, 14:00–17:00 EAT (11:00–14:00 UTC). 8 Mar 2026 is a Sunday.
    const hours = { days: [0, 6], from: '14:00', to: '17:00' };
    const at = (iso: string) => inVisitingHours(hours, new Date(iso));
    expect(at('2026-03-08T10:59:00Z')).toBe(false);
    expect(at('2026-03-08T11:00:00Z')).toBe(true);
    expect(at('2026-03-08T13:59:59Z')).toBe(true);
    expect(at('2026-03-08T14:00:00Z')).toBe(false);
    expect(at('2026-03-07T12:00:00Z')).toBe(true);
    expect(at('2026-03-09T12:00:00Z')).toBe(false);
    // 22:30 UTC on Saturday is 01:30 on Sunday in Kampala.
    expect(inVisitingHours({ days: [0], from: '00:00', to: '02:00' }, new Date('2026-03-07T22:30:00Z'))).toBe(true);
    expect(inVisitingHours(null, new Date('2026-03-09T03:00:00Z'))).toBe(true);
    expect(visitingHoursText(hours)).toBe('Saturdays and Sundays, 14:00–17:00');
    expect(visitingHoursText({ days: [3, 1, 5], from: '16:00', to: '18:00' })).toBe(
      'Mondays, Wednesdays and Fridays, 16:00–18:00',
    );
    expect(visitingHoursText({ days: [0], from: '10:00', to: '12:00' })).toBe('Sundays, 10:00–12:00');
  });

  it('counts Kampala days (UTC+3): 23:30 on the 10th is the 10th, 00:30 the 11th', () => {
    expect(kampalaDay(new Date('2026-03-10T20:30:00Z'))).toBe('2026-03-10');
    expect(kampalaDay(new Date('2026-03-10T21:30:00Z'))).toBe('2026-03-11');
    expect(kampalaDayStart('2026-03-10').toISOString()).toBe('2026-03-09T21:00:00.000Z');
    expect(kampalaDayEnd('2026-03-10').toISOString()).toBe('2026-03-10T21:00:00.000Z');
  });

  it('measures a stay in whole minutes, none while open, never negative', () => {
    const t = (s: string) => new Date(`2026-03-10T${s}:00+03:00`);
    expect(visitMinutes(t('09:00'), t('10:29'))).toBe(89);
    expect(visitMinutes(t('09:00'), t('09:00'))).toBe(0);
    expect(visitMinutes(t('09:00'), null)).toBeNull();
    expect(visitMinutes(t('09:00'), t('08:00'))).toBe(0);
    expect(durationLabel(45)).toBe('45 min');
    expect(durationLabel(60)).toBe('1 h');
    expect(durationLabel(125)).toBe('2 h 05 min');
    expect(durationLabel(null)).toBe('');
  });

  it('averages the closed stays only, rounded', () => {
    expect(averageMinutes([90, 30, 45, null])).toBe(55);
    expect(averageMinutes([10, 11])).toBe(11);
    expect(averageMinutes([null])).toBeNull();
    expect(averageMinutes([])).toBeNull();
  });

  it('lists every period of the range, quiet ones at zero, leaving visits outside the range out', () => {
    const at = (s: string) => new Date(s);
    const visits = [
      at('2026-03-08T09:00:00+03:00'),
      at('2026-03-08T11:00:00+03:00'),
      at('2026-03-10T20:30:00Z'),
      at('2026-03-10T21:30:00Z'), // 11 Mar in Kampala
      at('2026-03-07T12:00:00+03:00'),
    ];
    expect(countByPeriod(visits, '2026-03-08', '2026-03-10', 'day').map((p) => [p.label, p.count])).toEqual([
      ['8 Mar 2026', 2],
      ['9 Mar 2026', 0],
      ['10 Mar 2026', 1],
    ]);
    expect(countByPeriod(visits, '2026-03-08', '2026-03-10', 'week').map((p) => [p.key, p.count])).toEqual([
      ['2026-03-02', 2],
      ['2026-03-09', 1],
    ]);
    expect(countByPeriod(visits, '2026-02-27', '2026-03-10', 'month').map((p) => [p.label, p.count])).toEqual([
      ['Feb 2026', 0],
      ['Mar 2026', 4],
    ]);
    expect(periodOf('2026-03-15', 'week')).toEqual({ key: '2026-03-09', label: 'Week of 9 Mar 2026' });
    expect(periodOf('2026-03-16', 'week').key).toBe('2026-03-16');
  });

  it('counts names without case or extra spaces, most first, ties by name', () => {
    expect(countBy(['Visiting day', 'visiting  day ', 'Fees', 'Delivery', 'Fees'])).toEqual([
      { key: 'fees', label: 'Fees', count: 2 },
      { key: 'visiting day', label: 'Visiting day', count: 2 },
      { key: 'delivery', label: 'Delivery', count: 1 },
    ]);
  });

  it('groups whom was visited: students, staff, or the office by name', () => {
    expect(whomLine({ whom: 'student', office: null })).toBe('Students');
    expect(whomLine({ whom: 'staff', office: null })).toBe('Staff');
    expect(whomLine({ whom: 'office', office: ' Bursar ' })).toBe('Bursar');
    expect(whomLine({ whom: 'office', office: null })).toBe('Office');
  });

  it('refuses closing twice and touching a deleted visit; an open or closed one may be corrected', () => {
    expect(refusal('open', 'close')).toBeNull();
    expect(refusal('closed', 'close')).toBe('This visit is already closed.');
    expect(refusal('closed', 'edit')).toBeNull();
    expect(refusal('closed', 'delete')).toBeNull();
    expect(refusal('deleted', 'edit')).toBe('This visit was deleted.');
    expect(refusal('deleted', 'close')).toBe('This visit was deleted.');
    expect(refusal('deleted', 'delete')).toBe('This visit is already deleted.');
  });

  it('names every month and lists a whole year of months, weeks and days', () => {
    const year = countByPeriod([], '2026-01-01', '2026-12-31', 'month');
    expect(year.map((p) => p.label)).toEqual([
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
    expect(year.map((p) => p.key).slice(0, 2)).toEqual(['2026-01', '2026-02']);
    expect(periodOf('2026-12-31', 'day')).toEqual({ key: '2026-12-31', label: '31 Dec 2026' });
    expect(periodOf('2027-01-03', 'week')).toEqual({ key: '2026-12-28', label: 'Week of 28 Dec 2026' });
    expect(countByPeriod([], '2026-12-30', '2027-01-04', 'day')).toHaveLength(6);
  });

  it('counts visits on the first and last day of the range, in Kampala time', () => {
    const visits = [
      new Date('2026-03-07T21:00:00Z'), // 00:00 on 8 Mar in Kampala: the first day
      new Date('2026-03-07T20:59:00Z'), // 23:59 on 7 Mar: outside
      new Date('2026-03-10T20:59:00Z'), // 23:59 on 10 Mar: the last day
    ];
    expect(countByPeriod(visits, '2026-03-08', '2026-03-10', 'day').map((p) => p.count)).toEqual([1, 0, 1]);
  });

  it('writes a stay of an hour and a few minutes with two-digit minutes, and under an hour in minutes', () => {
    expect(durationLabel(59)).toBe('59 min');
    expect(durationLabel(0)).toBe('0 min');
    expect(durationLabel(61)).toBe('1 h 01 min');
    expect(durationLabel(600)).toBe('10 h');
    expect(visitMinutes(new Date('2026-03-10T09:00:00Z'), new Date('2026-03-10T09:00:59Z'))).toBe(0);
    expect(visitMinutes(new Date('2026-03-10T09:00:00Z'), new Date('2026-03-10T09:01:00Z'))).toBe(1);
  });

  it('labels a count by the name first written, and an office with a blank name as "Office"', () => {
    expect(countBy(['  Fees  payment ', 'FEES PAYMENT'])).toEqual([
      { key: 'fees payment', label: 'Fees payment', count: 2 },
    ]);
    expect(countBy(['b', 'a', 'c', 'a'])).toEqual([
      { key: 'a', label: 'a', count: 2 },
      { key: 'b', label: 'b', count: 1 },
      { key: 'c', label: 'c', count: 1 },
    ]);
    expect(whomLine({ whom: 'office', office: '   ' })).toBe('Office');
    expect(whomLine({ whom: 'parent', office: 'Head teacher' })).toBe('Head teacher');
  });
});
