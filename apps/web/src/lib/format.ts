/** Dates and times the way Ugandan schools write them (day first). */
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '');
export const formatNumber = (value: number) => value.toLocaleString('en-GB');
