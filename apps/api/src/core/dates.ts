/** Made once: building an Intl formatter costs far more than using one (every payment asks for today). */
const kampalaDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Kampala' });

/** Today in Uganda (the server may run on UTC), as YYYY-MM-DD. */
export const today = () => kampalaDate.format(new Date());

/** The day `days` after `day` (before it when negative), both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
