import { text, timestamp } from 'drizzle-orm/pg-core';
import { z } from 'zod';

/**
 * The columns every money document shares (fees payment, old payment, transfer, revenue, expense, asset
 * purchase, advance, salary payment): valid or void, and why, when and by whom it was voided. A money
 * record is never edited away: it is voided with a reason, or amended with a history.
 */
export const moneyColumns = () => ({
  status: text().notNull().default('valid'),
  voidReason: text('void_reason'),
  voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
  voidedBy: text('voided_by'),
});

/** The same four in every money document's reply. */
export const moneyStatusRow = {
  status: z.string(),
  void_reason: z.string().nullable(),
  voided_by: z.string().nullable(),
  voided_at: z.string().nullable(),
};

/** A money document's row's four shared columns as its reply states them. */
export const moneyStatusReply = (row: {
  status: string;
  voidReason: string | null;
  voidedBy: string | null;
  voidedAt: Date | null;
}) => ({
  status: row.status,
  void_reason: row.voidReason,
  voided_by: row.voidedBy,
  voided_at: row.voidedAt?.toISOString() ?? null,
});
