/** Made once: building an Intl formatter costs far more than using one (every payment asks for today). */
const kampalaDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Kampala' });

/** Today in Uganda (the server may run on UTC), as YYYY-MM-DD. */
export const today = () => kampalaDate.format(new Date());
