import { clockFrom, setClock, systemClock } from '@somero/contract';

/**
 * The server's calendar: the one clock of `@somero/contract` (`clock.ts`), read here by every rule, job,
 * document and the demo. Nothing else in the server reads the machine's time for a calendar decision
 * (apps/api/test/clock.test.ts says so).
 */
export { addDays, ago, kampalaDay, kampalaDayStart, now, thisYear, today } from '@somero/contract';

/**
 * Starts the clock: the machine's time, or from `start` on (CLOCK_START: the tests, a demonstration), as
 * the machine's time was `startedAt` (CLOCK_STARTED; unset, now).
 */
export function startClock(start?: Date, startedAt?: Date) {
  setClock(start ? clockFrom(start, startedAt) : systemClock);
}
