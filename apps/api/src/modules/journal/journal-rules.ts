/** A line as a posting gives it: an account (by key) debited or credited, in whole shillings. */
export interface PostingLine {
  account: string;
  debit?: number;
  credit?: number;
}

/**
 * Why an entry's lines cannot be posted, or null: at least two lines, each debiting or crediting (not
 * both, not neither) a whole number of shillings above zero, and the debits equal to the credits.
 */
export function unbalanced(lines: readonly PostingLine[]): string | null {
  if (lines.length < 2) return 'An entry needs at least two lines';
  let debits = 0;
  let credits = 0;
  for (const [i, line] of lines.entries()) {
    const debit = line.debit ?? 0;
    const credit = line.credit ?? 0;
    if (!Number.isInteger(debit) || !Number.isInteger(credit)) return `Line ${i + 1}: whole shillings only`;
    if (debit < 0 || credit < 0) return `Line ${i + 1}: no negative amounts; post the other side instead`;
    if (debit > 0 === credit > 0) return `Line ${i + 1}: a line debits or credits, one of the two`;
    debits += debit;
    credits += credit;
  }
  return debits === credits ? null : `Debits (${debits}) and credits (${credits}) differ by ${debits - credits}`;
}

/** The lines that undo an entry: each debit becomes a credit of the same account, and the reverse. */
export const reversalOf = <L extends { debit: number; credit: number }>(lines: readonly L[]): L[] =>
  lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit }));

/** An account's balance on its normal side: assets and expenses debit minus credit; the rest the reverse. */
export function balanceOf(type: string, debit: number, credit: number): number {
  return type === 'asset' || type === 'expense' ? debit - credit : credit - debit;
}

/** The standard accounts every school has, by key, with their number and type. */
export const standardAccounts: Record<string, { code: string; name: string; type: string }> = {
  fees_income: { code: '4000', name: 'Fees income', type: 'income' },
  old_students_income: { code: '4010', name: "Old students' fees income", type: 'income' },
  suppliers_payable: { code: '2000', name: 'Suppliers payable', type: 'liability' },
  fixed_assets: { code: '1500', name: 'Fixed assets', type: 'asset' },
  opening_balances: { code: '3000', name: 'Opening balances', type: 'equity' },
  staff_advances: { code: '1200', name: 'Staff advances', type: 'asset' },
  paye_payable: { code: '2100', name: 'PAYE payable', type: 'liability' },
  nssf_payable: { code: '2110', name: 'NSSF payable', type: 'liability' },
  lst_payable: { code: '2120', name: 'Local service tax payable', type: 'liability' },
  staff_deductions_payable: { code: '2130', name: 'Staff deductions payable', type: 'liability' },
  salaries_expense: { code: '5000', name: 'Salaries and wages', type: 'expense' },
  employer_nssf_expense: { code: '5010', name: "Employer's NSSF contribution", type: 'expense' },
};

const recordAccounts: Record<string, { prefix: string; type: string }> = {
  mode: { prefix: '1100', type: 'asset' },
  revenue: { prefix: '4100', type: 'income' },
  expense: { prefix: '5100', type: 'expense' },
};

/**
 * The kind, number and type of an account made for one of a school's records (`mode:5`, `revenue:3`,
 * `expense:7`): a payment mode's money is an asset, a revenue category income, an expense category an
 * expense; numbered "1100-5" after the record, so no two accounts share a number. Null: not such a key.
 */
export function accountOfRecord(key: string): { kind: string; id: number; code: string; type: string } | null {
  const [kind = '', id = '', ...rest] = key.split(':');
  const n = Number(id);
  const made = recordAccounts[kind];
  if (!made || rest.length || !/^[1-9]\d*$/.test(id)) return null;
  return { kind, id: n, code: `${made.prefix}-${n}`, type: made.type };
}
