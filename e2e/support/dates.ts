import { addDays, clockFrom, kampalaDay as dayOf } from '@somero/contract';
import { testClockStart, testClockStartedAt } from '../../apps/api/test/test-clock';

/** A date as YYYY-MM-DD in the browser's (and the test machine's) time zone, for date inputs. */
export const localDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * The browser tests' clock: the servers' (their CLOCK_START, apps/api/test/test-clock.ts), started at the
 * same moment, whatever the machine's date. The app in the page follows the server's.
 */
const clock = clockFrom(new Date(testClockStart), new Date(testClockStartedAt));
export const testNow = () => clock.now();
export const thisYear = () => Number(kampalaDay().slice(0, 4));

/**
 * A day counted from today in Uganda, as YYYY-MM-DD: the server's calendar, which is a day ahead of
 * a UTC test machine from 21:00 to midnight ("tomorrow" for a refusal must be tomorrow there).
 */
export const kampalaDay = (offsetDays = 0) => addDays(dayOf(testNow()), offsetDays);

/** A YYYY-MM-DD date as a date box shows it: day first (23/11/2026), whatever the browser's language. */
export const dayFirst = (iso: string) => iso.split('-').reverse().join('/');
