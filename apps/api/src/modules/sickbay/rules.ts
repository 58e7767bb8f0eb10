// The sick bay's counting rules, with no I/O: periods are Kampala days (EAT, UTC+3 all year, no summer time).

import { kampalaDay } from '@somero/contract';

export { kampalaDay, kampalaDayStart } from '@somero/contract';

export type Period = 'day' | 'week' | 'month';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const utcDate = (day: string) => new Date(`${day}T00:00:00Z`);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The ISO week of a day: weeks start on Monday; week 1 holds the year's first Thursday. "2026-W01". */
export function isoWeek(day: string): string {
  const d = utcDate(day);
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const thursday = new Date(d.getTime() + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The Monday a day's ISO week starts on. */
function weekMonday(day: string): string {
  const d = utcDate(day);
  return isoDay(new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000));
}

/** The period a Kampala day falls in: the day itself, its ISO week, or its month ("2026-11"). */
export function periodKey(day: string, period: Period): string {
  if (period === 'day') return day;
  if (period === 'week') return isoWeek(day);
  return day.slice(0, 7);
}

/** How a period reads: "23 Nov 2026", "Week 48 (from 23 Nov 2026)", "Nov 2026". */
export function periodLabel(day: string, period: Period): string {
  const show = (d: string) => `${Number(d.slice(8, 10))} ${months[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;
  if (period === 'day') return show(day);
  if (period === 'month') return `${months[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
  return `Week ${Number(isoWeek(day).slice(6))} (from ${show(weekMonday(day))})`;
}

/** Every period from one day to another, in order, each with its label (a range with no visits still shows). */
export function periodsBetween(from: string, to: string, period: Period): { key: string; label: string }[] {
  const out: { key: string; label: string }[] = [];
  let d = utcDate(from);
  const end = utcDate(to);
  while (d <= end) {
    const day = isoDay(d);
    const key = periodKey(day, period);
    if (out.at(-1)?.key !== key) out.push({ key, label: periodLabel(day, period) });
    d = new Date(d.getTime() + 86_400_000);
  }
  return out;
}

export interface CountedVisit {
  at: Date;
  patient: 'student' | 'staff';
}

/** Visits per period of the range, students and staff apart; periods with none count zero. */
export function countByPeriod(visits: CountedVisit[], from: string, to: string, period: Period) {
  const rows = periodsBetween(from, to, period).map((p) => ({ ...p, students: 0, staff: 0 }));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  for (const v of visits) {
    const day = kampalaDay(v.at);
    // A week or month may run past the range: a visit outside the range's days is not counted.
    if (day < from || day > to) continue;
    const row = byKey.get(periodKey(day, period));
    if (!row) continue;
    if (v.patient === 'student') row.students += 1;
    else row.staff += 1;
  }
  return rows;
}

/**
 * Counts per name, most first, then by name. Names compare without case or surrounding spaces (free-text
 * complaints "Headache" and "headache " are one line), labelled as first written.
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

/** °C as entered (37.5) to the stored tenths (375), and back. */
export const toTenths = (celsius: number) => Math.round(celsius * 10);
export const fromTenths = (tenths: number) => tenths / 10;
