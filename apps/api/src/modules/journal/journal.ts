import {
  accounts,
  expenseCategories,
  journalEntries,
  journalLines,
  paymentModes,
  revenueCategories,
} from '@somero/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';
import { sqlRows } from '../../db/open.js';
import {
  accountOfRecord,
  balanceOf,
  type PostingLine,
  reversalOf,
  standardAccounts,
  unbalanced,
} from './journal-rules.js';

/** The money document an entry posts: `{ kind: 'fees_payment', id: 12 }`. */
export interface Source {
  kind: string;
  id: number;
}

const recordNames = { mode: paymentModes, revenue: revenueCategories, expense: expenseCategories } as const;

/**
 * The school's account for a key, made the first time it is asked for: a standard account, or the
 * account of a payment mode or a revenue or expense category, named after it.
 */
export async function accountFor(scope: SchoolScope, key: string) {
  const [found] = await scope.db
    .select()
    .from(accounts)
    .where(scope.mine(accounts, eq(accounts.key, key)));
  if (found) return found;
  const standard = standardAccounts[key];
  const record = accountOfRecord(key);
  let made: { code: string; name: string; type: string };
  if (standard) made = standard;
  else if (record) {
    const table = recordNames[record.kind as keyof typeof recordNames];
    const [row] = await scope.db
      .select({ name: table.name })
      .from(table)
      .where(scope.mine(table, eq(table.id, record.id)));
    if (!row) throw new Error(`No ${record.kind} ${record.id} for an account`);
    made = { code: record.code, name: row.name, type: record.type };
  } else throw new Error(`No account kind for ${key}`);
  const [row] = await scope.db
    .insert(accounts)
    .values({ schoolId: scope.schoolId, key, ...made })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  // Made at the same moment by another posting.
  const [again] = await scope.db
    .select()
    .from(accounts)
    .where(scope.mine(accounts, eq(accounts.key, key)));
  return again as typeof accounts.$inferSelect;
}

/**
 * Posts a document's entry in the caller's transaction (a failure of the document posts nothing). The
 * lines must balance: a caller that builds them wrong is a programming error, not a user's.
 */
export async function postEntry(
  scope: SchoolScope,
  entry: { date: string; source: Source; memo: string; lines: PostingLine[]; reverses?: number },
): Promise<number> {
  const problem = unbalanced(entry.lines);
  if (problem) throw new Error(`Journal entry for ${entry.source.kind} ${entry.source.id}: ${problem}`);
  return scope.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const key of new Set(entry.lines.map((l) => l.account))) ids.set(key, (await accountFor(tx, key)).id);
    const [made] = await tx.db
      .insert(journalEntries)
      .values({
        schoolId: tx.schoolId,
        date: entry.date,
        sourceKind: entry.source.kind,
        sourceId: entry.source.id,
        memo: entry.memo,
        reverses: entry.reverses ?? null,
        createdBy: tx.actor.userId,
      })
      .returning({ id: journalEntries.id });
    const entryId = (made as { id: number }).id;
    await tx.db.insert(journalLines).values(
      entry.lines.map((l) => ({
        schoolId: tx.schoolId,
        entryId,
        accountId: ids.get(l.account) as number,
        date: entry.date,
        debit: l.debit ?? 0,
        credit: l.credit ?? 0,
      })),
    );
    return entryId;
  });
}

/**
 * Undoes what a document posted, dated the day of the void: each of its entries not yet reversed gets
 * its reversal, so the earlier period's figures stay as they were. Answers the reversals' ids.
 */
export async function reverseSource(
  scope: SchoolScope,
  source: Source,
  { date, memo }: { date: string; memo: string },
) {
  return scope.transaction(async (tx) => {
    const entries = await tx.db
      .select()
      .from(journalEntries)
      .where(
        tx.mine(
          journalEntries,
          eq(journalEntries.sourceKind, source.kind),
          eq(journalEntries.sourceId, source.id),
          isNull(journalEntries.reverses),
          sql`not exists (select 1 from journal_entries r where r.school_id = ${tx.schoolId} and r.reverses = ${journalEntries.id})`,
        ),
      );
    if (!entries.length) return [];
    const lines = await tx.db
      .select({
        entryId: journalLines.entryId,
        key: accounts.key,
        debit: journalLines.debit,
        credit: journalLines.credit,
      })
      .from(journalLines)
      .innerJoin(accounts, and(eq(accounts.schoolId, journalLines.schoolId), eq(accounts.id, journalLines.accountId)))
      .where(
        tx.mine(
          journalLines,
          inArray(
            journalLines.entryId,
            entries.map((e) => e.id),
          ),
        ),
      );
    const made: number[] = [];
    for (const e of entries) {
      const own = reversalOf(lines.filter((l) => l.entryId === e.id));
      made.push(
        await postEntry(tx, {
          date,
          source,
          memo,
          reverses: e.id,
          lines: own.map((l) => ({ account: l.key, debit: l.debit, credit: l.credit })),
        }),
      );
    }
    return made;
  });
}

/**
 * Every account's debits, credits and balance up to a day (all time without one); the debits and
 * credits of a school's journal are always equal.
 */
export async function trialBalance(scope: SchoolScope, upTo?: string) {
  const rows = await sqlRows<{ key: string; code: string; name: string; type: string; debit: string; credit: string }>(
    scope.db,
    sql`select a.key, a.code, a.name, a.type, coalesce(sum(l.debit), 0) as debit, coalesce(sum(l.credit), 0) as credit
        from accounts a
        left join journal_lines l on l.school_id = a.school_id and l.account_id = a.id
          ${upTo ? sql`and l.date <= ${upTo}` : sql``}
        where a.school_id = ${scope.schoolId}
        group by a.id, a.key, a.code, a.name, a.type
        order by a.code`,
  );
  return rows.map((r) => {
    const debit = Number(r.debit);
    const credit = Number(r.credit);
    return {
      key: r.key,
      code: r.code,
      name: r.name,
      type: r.type,
      debit,
      credit,
      balance: balanceOf(r.type, debit, credit),
    };
  });
}
