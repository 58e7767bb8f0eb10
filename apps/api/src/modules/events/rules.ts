// The events' rules, with no I/O: minutes are written one item a line; reports count by month and type.

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The items of a minutes field: one a line, bullets and numbering people type removed, blanks left out. */
export function items(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(/\r?\n/)
    .map((line) =>
      line
        .trim()
        .replace(/^(?:[-*•]|\d+[.)])\s*/, '')
        .trim(),
    )
    .filter(Boolean);
}

/** How many were present: the lines of the attendance, or a number written alone ("84 parents") summed. */
export function presentCount(text: string | null | undefined): number {
  return items(text).reduce((n, line) => {
    const m = /^(\d+)\s+\D/.exec(line);
    return n + (m ? Number(m[1]) : 1);
  }, 0);
}

/** Minutes are recorded when any of their parts holds something. */
export function hasMinutes(parts: (string | null | undefined)[]): boolean {
  return parts.some((p) => items(p).length > 0);
}

/** Events per month of the range, every month listed (a month with none counts zero). */
export function countByMonth(dates: string[], from: string, to: string) {
  const rows: { key: string; label: string; count: number }[] = [];
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > last) break;
    rows.push({ key, label: `${months[m - 1]} ${y}`, count: 0 });
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  const byKey = new Map(rows.map((r) => [r.key, r]));
  for (const d of dates) if (d >= from && d <= to) byKey.get(d.slice(0, 7))!.count += 1;
  return rows;
}

/** Events per type in the order the types are offered, types with none left out. */
export function countByType(types: string[], order: readonly { value: string; label: string }[]) {
  return order
    .map((t) => ({ key: t.value, label: t.label, count: types.filter((x) => x === t.value).length }))
    .filter((l) => l.count > 0);
}

/** Who is invited, as one line: "Parents, Staff, S3" and the free-text guests. */
export function invitedLine(
  groups: string[],
  labels: readonly { value: string; label: string }[],
  className: string | null,
  note: string | null,
): string {
  const named = groups.map((g) =>
    g === 'class' ? (className ?? 'A class') : (labels.find((l) => l.value === g)?.label ?? g),
  );
  return [...named, ...(note ? [note] : [])].join(', ');
}
