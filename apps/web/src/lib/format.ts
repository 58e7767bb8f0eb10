/** Dates and times the way Ugandan schools write them (day first). */
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '');
export const formatNumber = (value: number) => value.toLocaleString('en-GB');
/** A calendar date (YYYY-MM-DD) as "14 May 2012", never shifted by the time zone. */
export const formatDate = (iso: string | null | undefined) =>
  iso ? dateOnly.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)) : '';
/** Money is whole shillings: "UGX 1,250,000". */
export const formatMoney = (value: number | null | undefined, currency = 'UGX') =>
  value === null || value === undefined ? '' : `${currency} ${Math.round(value).toLocaleString('en-GB')}`;

const pad = (n: number) => String(n).padStart(2, '0');
const months = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * A date input's text, day first whatever the browser's language: "2026-05-01" as "01/05/2026", and
 * "2026-05-01T17:00" as "01/05/2026 17:00".
 */
export function dayFirst(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(iso ?? '');
  if (!m) return '';
  return `${m[3]}/${m[2]}/${m[1]}${m[4] ? ` ${m[4]}:${m[5]}` : ''}`;
}

/**
 * What a user typed in a date input as YYYY-MM-DD (with `withTime`, YYYY-MM-DDTHH:mm), or null when it is
 * no date. Day first: "1/5/2026", "01-05-26", "1 May 2026"; a year-first "2026-05-01" is read too.
 */
export function parseDayFirst(text: string, withTime = false): string | null {
  const m =
    /^\s*(?:(\d{4})-(\d{1,2})-(\d{1,2})|(\d{1,2})[/.\- ]+(\d{1,2}|[a-z]{3,9})[/.\-, ]+(\d{4}|\d{2}))(?:[T ,]+(\d{1,2})[:.](\d{2}))?\s*$/i.exec(
      text,
    );
  if (!m) return null;
  const monthText = m[5] ?? '';
  const month = m[2]
    ? Number(m[2])
    : /^\d+$/.test(monthText)
      ? Number(monthText)
      : months.findIndex((name) => name.startsWith(monthText.toLowerCase())) + 1;
  const day = Number(m[3] ?? m[4]);
  const year = m[1] ? Number(m[1]) : m[6].length === 2 ? 2000 + Number(m[6]) : Number(m[6]);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || year < 1900) return null;
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if (!withTime) return m[7] ? null : date;
  const [hour, minute] = [Number(m[7] ?? Number.NaN), Number(m[8] ?? Number.NaN)];
  if (!(hour <= 23 && minute <= 59)) return null;
  return `${date}T${pad(hour)}:${pad(minute)}`;
}

/** Today in Uganda as YYYY-MM-DD, by the server's clock (the school computer's own date may be wrong). */
export { today } from '@somero/contract';
export const localDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** An ISO instant as the value of a datetime-local input (local time, minutes). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${localDate(d)}T${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}
/** A datetime-local value as an ISO instant, or null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
