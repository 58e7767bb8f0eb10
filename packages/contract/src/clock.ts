/**
 * The one clock. Every calendar decision (today's date, a term, a month, "in the future"), every time a
 * record is stamped with, and the demo school read it; nothing else reads the machine's time for that
 * (apps/api/test/clock.test.ts walks the code). The server runs on the machine's time unless it is told to
 * start elsewhere (`CLOCK_START`, for tests and demonstrations); the web app runs on the server's time,
 * learnt from each reply, so a school computer whose own date is wrong still takes payments on the
 * right day.
 */
export interface Clock {
  now(): Date;
}

/** The reply header that carries the server's time (milliseconds since 1970), for the web's clock. */
export const serverTimeHeader = 'x-server-time';

/** The machine's time. */
export const systemClock: Clock = { now: () => new Date() };

const started = new Map<string, Clock>();
/**
 * A clock that read `moment` when the machine's read `startedAt` (by default the first time this process
 * asked for it), and runs on with the machine's, so records keep their order. Processes given the same
 * two (the tests' servers and workers) keep one time between them.
 */
export function clockFrom(moment: Date, startedAt?: Date): Clock {
  const key = `${moment.getTime()}@${startedAt?.getTime() ?? 'first'}`;
  let clock = started.get(key);
  if (!clock) {
    const offset = moment.getTime() - (startedAt?.getTime() ?? Date.now());
    clock = { now: () => new Date(Date.now() + offset) };
    started.set(key, clock);
  }
  return clock;
}

/** A clock running `offsetMs` ahead of the machine's (behind when negative): the web's view of the server's. */
export const clockOffsetBy = (offsetMs: number): Clock => ({ now: () => new Date(Date.now() + offsetMs) });

let current: Clock = systemClock;

/** The web app follows the server's clock: `serverMs` is the time a reply carried (`serverTimeHeader`). */
export function followServer(serverMs: number) {
  if (Number.isFinite(serverMs) && serverMs > 0) current = clockOffsetBy(serverMs - Date.now());
}

/** Sets the clock everything reads (the server at start, the tests, the web as it learns the server's). */
export function setClock(clock: Clock) {
  current = clock;
}

/** Now, by the clock. */
export const now = (): Date => current.now();

/** The moment `ms` milliseconds before now (after it when negative). */
export const ago = (ms: number): Date => new Date(now().getTime() - ms);

/** Made once: building an Intl formatter costs far more than using one (every payment asks for today). */
const kampalaDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Kampala' });

/** The calendar day in Uganda of a moment (the server may run on UTC), as YYYY-MM-DD. */
export const kampalaDay = (at: Date): string => kampalaDate.format(at);

/** Today in Uganda, as YYYY-MM-DD: the school's calendar day. */
export const today = (): string => kampalaDay(now());

/** This year in Uganda. */
export const thisYear = (): number => Number(today().slice(0, 4));

/** The instant a Ugandan calendar day starts (Uganda keeps UTC+3 all year). */
export const kampalaDayStart = (day: string): Date => new Date(`${day}T00:00:00+03:00`);

/** The day `days` after `day` (before it when negative), both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
