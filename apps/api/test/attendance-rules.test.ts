import { describe, expect, it } from 'vitest';
import {
  countDays,
  dayStatus,
  isFixedHoliday,
  isSchoolDay,
  isWeekend,
  kampalaDay,
  kampalaTime,
  percentOf,
  type RegisterStatus,
  schoolDays,
} from '../src/modules/attendance/rules.js';

const term = [{ opensOn: '2026-02-02', closesOn: '2026-05-01' }];
const all = (days: string[]) => new Set(days);

describe('attendance rules', () => {
  it('reads Kampala days and times (UTC+3): 22:30 UTC is the next day, 04:05 UTC is 07:05', () => {
    expect(kampalaDay(new Date('2026-03-02T21:30:00Z'))).toBe('2026-03-03');
    expect(kampalaDay(new Date('2026-03-02T20:59:00Z'))).toBe('2026-03-02');
    expect(kampalaTime(new Date('2026-03-02T04:05:00Z'))).toBe('07:05');
  });

  it('knows weekends and the fixed public holidays', () => {
    expect(isWeekend('2026-03-07')).toBe(true); // Saturday
    expect(isWeekend('2026-03-08')).toBe(true); // Sunday
    expect(isWeekend('2026-03-09')).toBe(false);
    expect(isFixedHoliday('2026-06-03')).toBe(true); // Martyrs' Day
    expect(isFixedHoliday('2026-10-09')).toBe(true); // Independence Day
    expect(isFixedHoliday('2026-06-04')).toBe(false);
  });

  it('counts a school day only on a term weekday up to today on which attendance was recorded', () => {
    const recorded = all(['2026-03-06', '2026-03-07', '2026-03-09', '2026-03-10', '2026-05-04', '2026-03-08']);
    expect(isSchoolDay('2026-03-06', term, '2026-03-10', recorded)).toBe(true);
    expect(isSchoolDay('2026-03-07', term, '2026-03-10', recorded)).toBe(false); // Saturday
    expect(isSchoolDay('2026-03-11', term, '2026-03-20', recorded)).toBe(false); // nothing recorded (a closure)
    expect(isSchoolDay('2026-03-10', term, '2026-03-09', recorded)).toBe(false); // after today
    expect(isSchoolDay('2026-05-04', term, '2026-06-01', recorded)).toBe(false); // holidays between terms
    expect(schoolDays('2026-03-01', '2026-03-31', term, '2026-03-10', recorded)).toEqual([
      '2026-03-06',
      '2026-03-09',
      '2026-03-10',
    ]);
  });

  it("combines the gate and the register: the register's mark wins, the gate alone is present", () => {
    expect(dayStatus(true, null)).toBe('present');
    expect(dayStatus(false, null)).toBeNull();
    expect(dayStatus(true, 'absent')).toBe('absent'); // came through the gate, sent home
    expect(dayStatus(true, 'excused')).toBe('excused');
    expect(dayStatus(false, 'late')).toBe('late'); // missed the gate, in class late
    expect(dayStatus(false, 'present')).toBe('present');
  });

  it('counts days present, absent, late and excused over the school days only', () => {
    const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
    const marks: Record<string, RegisterStatus | null> = {
      '2026-03-02': 'present',
      '2026-03-03': 'late',
      '2026-03-04': 'excused',
      '2026-03-05': null,
      '2026-03-06': 'present',
      '2026-03-07': 'present', // a Saturday: not a school day, not counted
    };
    expect(countDays(days, (d) => marks[d] ?? null)).toEqual({
      present: 3,
      absent: 2,
      late: 1,
      excused: 1,
      percent: 60,
    });
    expect(countDays([], () => 'present')).toEqual({ present: 0, absent: 0, late: 0, excused: 0, percent: 0 });
    expect(percentOf(2, 3)).toBe(67);
  });
});
