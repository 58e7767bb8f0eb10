/**
 * The moment the tests' clock starts at: the API tests' (vitest.config.ts), the browser tests' servers
 * and their specs (e2e/playwright.config.ts). It runs on from there, so records keep their order. A
 * Monday in the holidays after term 3 of 2026: the demo school stands at the close of the year's last
 * term, with three terms of fees and a term of marks and report cards behind it. `CLOCK_START` in the
 * environment moves it (`npm run test:dates` runs the date-sensitive files on other days).
 */
export const testClockStart = process.env.CLOCK_START || '2026-12-07T10:00:00+03:00';

/**
 * When the clock read that moment, by the machine's time: taken once by the run's first process and handed
 * to every process after it (test workers, servers), so that all of them keep one time.
 */
process.env.CLOCK_STARTED ||= String(Date.now());
export const testClockStartedAt = Number(process.env.CLOCK_STARTED);
