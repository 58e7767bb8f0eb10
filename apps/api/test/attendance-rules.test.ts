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

  it("leaves out every fixed public holiday, even a recorded weekday in term; counts a term's first and last day", () => {
    const holidays = ['01-01', '01-26', '02-16', '03-08', '05-01', '06-03', '06-09', '10-09', '12-25', '12-26'];
    for (const h of holidays) expect(isFixedHoliday(`2027-${h}`)).toBe(true);
    expect(isFixedHoliday('2027-01-02')).toBe(false);
    expect(isFixedHoliday('2027-12-24')).toBe(false);
    const year = [{ opensOn: '2027-01-01', closesOn: '2027-12-31' }];
    // 2027: 26 Jan a Tuesday, 16 Feb a Tuesday, 8 Mar a Monday, 3 Jun a Thursday, 9 Oct a Saturday.
    const recorded = all(holidays.map((h) => `2027-${h}`));
    const days = schoolDays('2027-01-01', '2027-12-31', year, '2027-12-31', recorded);
    expect(days).toEqual([]);
    expect(isSchoolDay('2027-01-26', year, '2027-12-31', all(['2027-01-26']))).toBe(false);
    // A term from Tuesday 2 Feb to Friday 30 Apr 2027: both ends count, the days around them do not.
    const t2 = [{ opensOn: '2027-02-02', closesOn: '2027-04-30' }];
    const marks = all(['2027-02-01', '2027-02-02', '2027-04-30', '2027-05-03']);
    expect(schoolDays('2027-01-01', '2027-12-31', t2, '2027-12-31', marks)).toEqual(['2027-02-02', '2027-04-30']);
    // The range's first and last day count; a day just outside does not.
    const week = all(['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05']);
    expect(schoolDays('2027-03-02', '2027-03-04', t2, '2027-12-31', week)).toEqual([
      '2027-03-02',
      '2027-03-03',
      '2027-03-04',
    ]);
    // Up to today only, today included.
    expect(schoolDays('2027-03-01', '2027-03-05', t2, '2027-03-03', week)).toEqual([
      '2027-03-01',
      '2027-03-02',
      '2027-03-03',
    ]);
  });

  it('knows every weekday: Monday to Friday are not weekends', () => {
    // 1–7 Mar 2027: Monday to Sunday.
    expect(['01', '02', '03', '04', '05', '06', '07'].map((d) => isWeekend(`2027-03-${d}`))).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  it('counts the days of every term of the year, in date order whatever order they were recorded in', () => {
    const terms = [
      { opensOn: '2027-02-01', closesOn: '2027-02-05' },
      { opensOn: '2027-06-01', closesOn: '2027-06-04' },
    ];
    const recorded = all(['2027-06-02', '2027-02-03', '2027-03-03', '2027-02-01']);
    expect(schoolDays('2027-01-01', '2027-12-31', terms, '2027-12-31', recorded)).toEqual([
      '2027-02-01',
      '2027-02-03',
      '2027-06-02',
    ]);
  });

  it('counts a present day as present, and a week of absences as none present', () => {
    const days = ['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04'];
    expect(countDays(days, () => 'present')).toEqual({ present: 4, absent: 0, late: 0, excused: 0, percent: 100 });
    expect(countDays(days, () => null)).toEqual({ present: 0, absent: 4, late: 0, excused: 0, percent: 0 });
    expect(countDays(days, (d) => (d === '2027-03-01' ? 'absent' : 'late'))).toEqual({
      present: 3,
      absent: 1,
      late: 3,
      excused: 0,
      percent: 75,
    });
  });
});
