const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

// Numeric parts only: the English names of months differ between ICU versions ("Sep" or "Sept").
const kampalaParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Kampala',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** A moment as a Ugandan school writes it, in Kampala time: "Sat 22 Nov 2026, 14:30". */
export function kampalaDateTime(moment: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(kampalaParts.formatToParts(moment).find((p) => p.type === type)?.value);
  const [year, month, day] = [part('year'), part('month'), part('day')];
  const weekday = weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  const time = `${String(part('hour')).padStart(2, '0')}:${String(part('minute')).padStart(2, '0')}`;
  return `${weekday} ${day} ${months[month - 1]} ${year}, ${time}`;
}

/** "2010-03-12" as "12 Mar 2010"; any other text is shown as it is. */
export function dayMonthYear(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match;
  return `${Number(day)} ${months[Number(month) - 1] ?? month} ${year}`;
}

/** The letters that stand in for a missing photo: "Nakato Sarah" → "NS". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/**
 * A font size at which a line of Helvetica Bold fits the width, between max and min. Estimated from
 * typical glyph widths (capitals are wider), which is close enough for names on a card.
 */
export function fittingFontSize(text: string, width: number, max: number, min: number): number {
  let ems = 0;
  for (const char of text) ems += char === ' ' ? 0.28 : /[A-Z]/.test(char) ? 0.72 : /[mwMW]/.test(char) ? 0.85 : 0.58;
  return Math.max(min, Math.min(max, Math.floor((width / Math.max(ems, 1)) * 4) / 4));
}
