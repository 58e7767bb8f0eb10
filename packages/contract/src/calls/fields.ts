import { z } from 'zod';
import { defineCall, noInput } from '../call.js';
import type { CallAccess } from '../permissions.js';

/** Input pieces the calls share. */
export const id = z.number().int().positive();
export const isoDate = z.iso.date('Use a date (YYYY-MM-DD)');
/** Empty text counts as none. */
export const optionalText = (max: number) =>
  z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(max).nullable().optional());
export const optionalDate = z.preprocess((v) => (v === '' ? undefined : v), isoDate.optional());
/** Shillings: a whole number (UGX has no minor unit). Zero or less is refused by the verb with a message. */
export const money = z.number().int('Enter a whole number of shillings').max(2_000_000_000);
/** Why a money record is amended or voided. */
export const reason = z.string().trim().min(3, 'Give the reason').max(500);
/** Every report answers JSON, or the same table as a spreadsheet with `format: 'xlsx'`. */
export const format = z.enum(['json', 'xlsx']).default('json');
/** Paging of a POST list. */
export const paging = {
  page: z.number().int().min(1).default(1),
  per_page: z.number().int().min(1).max(500).default(50),
};
/** Paging of a GET list (numbers arrive as query-string text). */
export const queryPaging = {
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
};
/** An id in a GET list's query string. */
export const queryId = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional());

/** One correction of a money document: the fields it changed, what they were and became, who and why. */
export const moneyAmendmentRow = z.object({
  id: z.number(),
  at: z.string(),
  by_name: z.string(),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export type MoneyAmendmentRow = z.infer<typeof moneyAmendmentRow>;

/** A money document's amendments, oldest first (`<document>_amendments/{id}`), seen by those who see it. */
export const amendmentsCall = (path: string, access: CallAccess, summary: string) =>
  defineCall({ method: 'GET', path, access, summary, input: noInput, output: z.array(moneyAmendmentRow) });
