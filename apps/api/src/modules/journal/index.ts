// The journal's public face (issue 12 §1): every money area posts through it.
export { accountFor, postEntry, reverseSource, type Source, trialBalance } from './journal.js';
export type { PostingLine } from './journal-rules.js';
