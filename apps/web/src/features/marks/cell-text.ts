/** What a teacher typed in a cell: nothing (clear), absent, a number, or something that is not a mark. */
export type Typed = { kind: 'empty' } | { kind: 'absent' } | { kind: 'number'; value: number } | { kind: 'invalid' };

/** "a", "abs" or "absent" (any case) mean absent, never 0; a comma is read as a decimal point. */
export function readCell(text: string): Typed {
  const t = text.trim();
  if (!t) return { kind: 'empty' };
  if (/^(a|abs|absent)$/i.test(t)) return { kind: 'absent' };
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? { kind: 'number', value: n } : { kind: 'invalid' };
}

/** A saved cell as the text shown in its box. */
export const cellText = (cell: { mark: number | null; absent: boolean } | undefined, aoi: boolean) =>
  !cell ? '' : cell.absent ? 'abs' : cell.mark === null ? '' : aoi ? cell.mark.toFixed(1) : String(cell.mark);

/** The cells of a column pasted from a spreadsheet: one per line (the first cell of each line). */
export const pastedColumn = (text: string) =>
  text
    .replace(/\r/g, '')
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => line.split('\t')[0] ?? '');
