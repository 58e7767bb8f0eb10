/** A date as YYYY-MM-DD in the browser's (and the test machine's) time zone, for date inputs. */
export const localDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
