// The visitors book's rules, with no I/O: Kampala days (EAT, UTC+3 all year), durations, report counts.

import { kampalaDay, kampalaDayStart } from '@somero/contract';

const kampalaOffsetMs = 3 * 3600_000;

export { kampalaDay, kampalaDayStart } from '@somero/contract';

export type Period = 'day' | 'week' | 'month';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The instant the day after `day` starts in Kampala: the end (exclusive) of a range of days. */
export const kampalaDayEnd = (day: string) => new Date(kampalaDayStart(day).getTime() + 86_400_000);

/** Whole minutes a visit lasted (null while open); a clock set back never gives a negative stay. */
export function visitMinutes(timeIn: Date, timeOut: Date | null): number | null {
  if (!timeOut) return null;
  return Math.max(0, Math.floor((timeOut.getTime() - timeIn.getTime()) / 60_000));
}

/** "45 min", "1 h", "2 h 05 min". */
export function durationLabel(minutes: number | null): string {
  if (minutes === null) return '';
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${String(m).padStart(2, '0')} min` : `${h} h`;
}

/** The average of the closed visits' minutes, rounded; null when none is closed. */
export function averageMinutes(stays: (number | null)[]): number | null {
  const closed = stays.filter((m): m is number => m !== null);
  return closed.length ? Math.round(closed.reduce((a, b) => a + b, 0) / closed.length) : null;
}

const show = (d: string) => `${Number(d.slice(8, 10))} ${months[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** The Monday of a day's week. */
function monday(day: string): string {
  const d = utc(day);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
}

/** The period a day falls in: the day, the week (by its Monday) or the month, with how it reads. */
export function periodOf(day: string, period: Period): { key: string; label: string } {
  if (period === 'day') return { key: day, label: show(day) };
  if (period === 'week') return { key: monday(day), label: `Week of ${show(monday(day))}` };
  return { key: day.slice(0, 7), label: `${months[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}` };
}

/** Visits per period from one day to another, every period listed (a quiet one counts zero). */
export function countByPeriod(at: Date[], from: string, to: string, period: Period) {
  const rows: { key: string; label: string; count: number }[] = [];
  for (let d = utc(from); d <= utc(to); d = new Date(d.getTime() + 86_400_000)) {
    const p = periodOf(d.toISOString().slice(0, 10), period);
    if (rows.at(-1)?.key !== p.key) rows.push({ ...p, count: 0 });
  }
  const byKey = new Map(rows.map((r) => [r.key, r]));
  for (const moment of at) {
    const day = kampalaDay(moment);
    if (day < from || day > to) continue;
    const row = byKey.get(periodOf(day, period).key);
    if (row) row.count += 1;
  }
  return rows;
}

/**
 * Counts per name, most first, then by name. Names compare without case or extra spaces ("Fees" and
 * "fees " are one line), labelled as first written.
 */
export function countBy(names: string[]): { key: string; label: string; count: number }[] {
  const lines = new Map<string, { key: string; label: string; count: number }>();
  for (const name of names) {
    const label = name.trim().replace(/\s+/g, ' ');
    const key = label.toLowerCase();
    const line = lines.get(key) ?? { key, label, count: 0 };
    line.count += 1;
    lines.set(key, line);
  }
  return [...lines.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/** Where a visit ends up in "by whom visited": the office's name, "Students", or "Staff". */
export function whomLine(visit: { whom: string; office: string | null }): string {
  if (visit.whom === 'student') return 'Students';
  if (visit.whom === 'staff') return 'Staff';
  return visit.office?.trim() || 'Office';
}

/** What may be done to a visit in its state: a refusal message, or null when allowed. */
export function refusal(status: string, action: 'edit' | 'close' | 'delete'): string | null {
  if (status === 'deleted') return action === 'delete' ? 'This visit is already deleted.' : 'This visit was deleted.';
  if (status === 'closed' && action === 'close') return 'This visit is already closed.';
  return null;
}

/** A school's visiting hours: weekdays (0 Sunday … 6 Saturday) from `from` to `to` (HH:MM), Kampala time. */
export interface VisitingHours {
  days: number[];
  from: string;
  to: string;
}

const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Whether an instant falls in the visiting hours (none set: always); the end minute is outside. */
export function inVisitingHours(hours: VisitingHours | null, at: Date): boolean {
  if (!hours) return true;
  const local = new Date(at.getTime() + kampalaOffsetMs);
  const clock = local.toISOString().slice(11, 16);
  return hours.days.includes(local.getUTCDay()) && clock >= hours.from && clock < hours.to;
}

/** "Saturdays and Sundays, 14:00–17:00" (days in week order from Monday). */
export function visitingHoursText(hours: VisitingHours): string {
  const days = [...hours.days].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7)).map((d) => `${dayNames[d]}s`);
  const list = days.length > 1 ? `${days.slice(0, -1).join(', ')} and ${days.at(-1)}` : (days[0] ?? '');
  return `${list}, ${hours.from}–${hours.to}`;
}
