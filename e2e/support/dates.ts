/** A date as YYYY-MM-DD in the browser's (and the test machine's) time zone, for date inputs. */
export const localDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const kampala = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Kampala' });
/**
 * A day counted from today in Uganda, as YYYY-MM-DD: the server's calendar, which is a day ahead of
 * a UTC test machine from 21:00 to midnight ("tomorrow" for a refusal must be tomorrow there).
 */
export const kampalaDay = (offsetDays = 0) => kampala.format(new Date(Date.now() + offsetDays * 86_400_000));

/** A YYYY-MM-DD date as a date box shows it: day first (23/11/2026), whatever the browser's language. */
export const dayFirst = (iso: string) => iso.split('-').reverse().join('/');
