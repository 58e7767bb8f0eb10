// The journal's public face (issue 12 §1): every money area posts through it.

export { type MoneyDocument, type MoneyTable, moneyDocument } from './documents.js';
export {
  type AccountLine,
  accountFor,
  accountIds,
  accountLines,
  type Entry,
  postEntries,
  postEntry,
  reverseSource,
  type Source,
  trialBalance,
} from './journal.js';
export type { PostingLine } from './journal-rules.js';
