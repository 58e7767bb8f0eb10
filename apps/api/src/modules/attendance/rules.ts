// Attendance's counting rules, with no I/O. Days are Kampala days (EAT, UTC+3 all year) as YYYY-MM-DD.

export type RegisterStatus = 'present' | 'late' | 'absent' | 'excused';

export { kampalaDay } from '@somero/contract';

const kampalaOffsetMs = 3 * 3600_000;

/** Saturday or Sunday. */
export function isWeekend(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/**
 * Uganda's public holidays that fall on the same date every year: New Year, NRM Liberation Day,
 * Archbishop Janani Luwum Day, Women's Day, Labour Day, Martyrs' Day, Heroes' Day, Independence Day,
 * Christmas and Boxing Day. The moving ones (Easter, Eid) are left out by the recorded-day rule.
 */
export const fixedHolidays = ['01-01', '01-26', '02-16', '03-08', '05-01', '06-03', '06-09', '10-09', '12-25', '12-26'];

export function isFixedHoliday(day: string): boolean {
  return fixedHolidays.includes(day.slice(5));
}

export interface TermRange {
  opensOn: string;
  closesOn: string;
}

/**
 * Whether a day counts as a school day: a weekday inside one of the terms, not a fixed public holiday,
 * not after today, and one on which the school recorded some attendance (a gate check-in or a register
 * mark). The last rule leaves out the days the school was closed without saying so (Easter, Eid, a
 * closure) and every day of a school that does not record attendance.
 */
export function isSchoolDay(day: string, terms: TermRange[], today: string, recorded: ReadonlySet<string>): boolean {
  return (
    day <= today &&
    !isWeekend(day) &&
    !isFixedHoliday(day) &&
    recorded.has(day) &&
    terms.some((t) => t.opensOn <= day && day <= t.closesOn)
  );
}

/** The school days of a range, in order. */
export function schoolDays(
  from: string,
  to: string,
  terms: TermRange[],
  today: string,
  recorded: ReadonlySet<string>,
): string[] {
  return [...recorded].filter((d) => d >= from && d <= to && isSchoolDay(d, terms, today, recorded)).sort();
}

/**
 * A day's mark from the gate and the register: the register's absent or excused wins (the student
 * came in and was sent home, or the gate was wrong); its present or late stands; a gate check-in alone
 * is present; nothing recorded is null (absent on a school day).
 */
export function dayStatus(checkedIn: boolean, register: RegisterStatus | null): RegisterStatus | null {
  if (register) return register;
  return checkedIn ? 'present' : null;
}

export const countsPresent = (status: RegisterStatus | null) => status === 'present' || status === 'late';

export interface DayCounts {
  present: number;
  absent: number;
  late: number;
  excused: number;
  percent: number;
}

/** Whole percent of days present, 0 when there were no school days. */
export const percentOf = (present: number, days: number) => (days ? Math.round((present * 100) / days) : 0);

/**
 * A person's counts over school days from each day's status: present (present or late), late, and
 * absent (every other school day) of which excused. Days outside `days` (weekends…) are not counted.
 */
export function countDays(days: readonly string[], statusOf: (day: string) => RegisterStatus | null): DayCounts {
  let present = 0;
  let late = 0;
  let excused = 0;
  for (const day of days) {
    const status = statusOf(day);
    if (countsPresent(status)) present++;
    if (status === 'late') late++;
    if (status === 'excused') excused++;
  }
  return { present, absent: days.length - present, late, excused, percent: percentOf(present, days.length) };
}

/** The Kampala time of an instant, "07:05". */
export function kampalaTime(at: Date): string {
  return new Date(at.getTime() + kampalaOffsetMs).toISOString().slice(11, 16);
}
