import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, integer, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';

/** What an account holds: assets and expenses grow by debits; liabilities, equity and income by credits. */
export const accountTypes = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountType = (typeof accountTypes)[number];

/**
 * A school's chart of accounts (issue 12 §1). `key` names what the account stands for, so a posting
 * asks for "the cash of payment mode 5" or "fees income", never a number: `mode:5`, `fees_income`,
 * `revenue:3` (a revenue category), `expense:7` (an expense category), `suppliers_payable`,
 * `fixed_assets`. The code is the account's number on reports (1000s assets … 5000s expenses).
 */
export const accounts = schoolTable(
  'accounts',
  {
    ...tenantColumns(),
    key: text().notNull(),
    code: text().notNull(),
    name: text().notNull(),
    type: text().notNull(),
  },
  (t) => [uniqueIndex('accounts_key').on(t.schoolId, t.key), uniqueIndex('accounts_code').on(t.schoolId, t.code)],
);

/**
 * A journal entry: the posting of one money document (`source` names it: `fees_payment` 12), dated the
 * day the money moved. A correction never edits an entry: a void posts the reversal (`reverses`) dated the
 * day of the void, so the earlier period's figures stay as they were.
 */
export const journalEntries = schoolTable(
  'journal_entries',
  {
    ...tenantColumns(),
    date: date().notNull(),
    sourceKind: text('source_kind').notNull(),
    sourceId: integer('source_id').notNull(),
    memo: text().notNull(),
    /** The document's own reference (a bank slip, an invoice number), shown on statements. */
    reference: text(),
    reverses: integer().references((): AnyPgColumn => journalEntries.id),
    createdBy: integer('created_by'),
  },
  (t) => [
    index('journal_entries_source').on(t.schoolId, t.sourceKind, t.sourceId),
    index('journal_entries_date').on(t.schoolId, t.date),
  ],
);

/** A line of an entry: one account debited or credited (whole shillings); an entry's lines balance. */
export const journalLines = schoolTable(
  'journal_lines',
  {
    ...tenantColumns(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The entry's date, kept on the line: an account's statement reads lines alone. */
    date: date().notNull(),
    debit: integer().notNull().default(0),
    credit: integer().notNull().default(0),
  },
  (t) => [
    index('journal_lines_entry').on(t.schoolId, t.entryId),
    index('journal_lines_account').on(t.schoolId, t.accountId, t.date),
    check('journal_lines_one_side', sql`(${t.debit} > 0 and ${t.credit} = 0) or (${t.credit} > 0 and ${t.debit} = 0)`),
  ],
);

/**
 * What amending a money document changed (a fees payment, an old student's payment, a revenue, an expense,
 * an asset purchase, a salary advance), named by its journal source kind and id: each changed field as it was
 * and as it became (the table's keys), who, when and why. One history for every money document, written by
 * the engine's `amend`; the journal shows the same change as a reversal and a new posting.
 */
export const moneyAmendments = schoolTable(
  'money_amendments',
  {
    ...tenantColumns(),
    kind: text().notNull(),
    documentId: integer('document_id').notNull(),
    before: jsonb().notNull(),
    after: jsonb().notNull(),
    reason: text(),
    byName: text('by_name').notNull(),
  },
  (t) => [index('money_amendments_document').on(t.schoolId, t.kind, t.documentId)],
);
