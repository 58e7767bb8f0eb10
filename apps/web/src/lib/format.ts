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

/** Today as YYYY-MM-DD in the browser's time zone. */
export function today(): string {
  const now = new Date();
  return localDate(now);
}
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
