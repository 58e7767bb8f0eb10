import {
  accounts,
  expenseCategories,
  journalEntries,
  journalLines,
  paymentModes,
  revenueCategories,
} from '@somero/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { chunks, type SchoolScope } from '../../core/scope.js';
import { sqlRows } from '../../db/open.js';
import { refuseClosedYear } from '../budget/index.js';
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

/** An entry as a posting gives it: the document, the day the money moved, and balanced lines. */
export interface Entry {
  date: string;
  source: Source;
  memo: string;
  reference?: string | null;
  lines: PostingLine[];
  reverses?: number;
}

/**
 * The ids of a school's accounts for some keys, made where missing; a key whose record does not exist
 * (another school's payment mode) is left out rather than made.
 */
export async function accountIds(scope: SchoolScope, keys: Iterable<string>): Promise<Map<string, number>> {
  const wanted = [...new Set(keys)];
  const ids = new Map<string, number>();
  if (!wanted.length) return ids;
  const found = await scope.db
    .select({ id: accounts.id, key: accounts.key })
    .from(accounts)
    .where(scope.mine(accounts, inArray(accounts.key, wanted)));
  for (const a of found) ids.set(a.key, a.id);
  for (const key of wanted) {
    if (ids.has(key)) continue;
    const made = await accountFor(scope, key).catch((error: unknown) => {
      if (accountOfRecord(key)) return null;
      throw error;
    });
    if (made) ids.set(key, made.id);
  }
  return ids;
}

/**
 * Posts entries in the caller's transaction (a failure of the document posts nothing), all of them in
 * two statements. The lines of each must balance: a caller that builds them wrong is a programming
 * error, not a user's. Answers the entries' ids in order.
 */
export async function postEntries(scope: SchoolScope, entries: Entry[]): Promise<number[]> {
  for (const entry of entries) {
    const problem = unbalanced(entry.lines);
    if (problem) throw new Error(`Journal entry for ${entry.source.kind} ${entry.source.id}: ${problem}`);
  }
  if (!entries.length) return [];
  await refuseClosedYear(scope, ...new Set(entries.map((e) => e.date)));
  return scope.transaction(async (tx) => {
    const ids = await accountIds(
      tx,
      entries.flatMap((e) => e.lines.map((l) => l.account)),
    );
    const made: number[] = [];
    for (const part of chunks(entries)) {
      const rows = await tx.db
        .insert(journalEntries)
        .values(
          part.map((entry) => ({
            schoolId: tx.schoolId,
            date: entry.date,
            sourceKind: entry.source.kind,
            sourceId: entry.source.id,
            memo: entry.memo,
            reference: entry.reference ?? null,
            reverses: entry.reverses ?? null,
            createdBy: tx.actor.userId,
          })),
        )
        .returning({ id: journalEntries.id });
      // A multi-row insert answers its rows in the order given.
      made.push(...rows.map((r) => r.id));
    }
    const lines = entries.flatMap((entry, i) =>
      entry.lines.map((l) => {
        const accountId = ids.get(l.account);
        if (accountId == null) throw new Error(`No account ${l.account} for ${entry.source.kind} ${entry.source.id}`);
        return {
          schoolId: tx.schoolId,
          entryId: made[i] as number,
          accountId,
          date: entry.date,
          debit: l.debit ?? 0,
          credit: l.credit ?? 0,
        };
      }),
    );
    for (const part of chunks(lines)) await tx.db.insert(journalLines).values(part);
    return made;
  });
}

/** Posts one entry (`postEntries`); answers its id. */
export async function postEntry(scope: SchoolScope, entry: Entry): Promise<number> {
  const [id] = await postEntries(scope, [entry]);
  return id as number;
}

/**
 * Undoes what a document posted, dated the day of the void: each of its entries not yet reversed gets
 * its reversal ("Reversed: <its memo> (<why>)"), so the earlier period's figures stay as they were.
 * Without a date each reversal takes its entry's own date (a set-up figure, such as a mode's opening
 * balance, corrected where it stands). Answers the reversals' ids.
 */
export async function reverseSource(scope: SchoolScope, source: Source, { date, why }: { date?: string; why: string }) {
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
    return postEntries(
      tx,
      entries.map((e) => ({
        date: date ?? e.date,
        source,
        memo: `Reversed: ${e.memo} (${why})`,
        reference: e.reference,
        reverses: e.id,
        lines: reversalOf(lines.filter((l) => l.entryId === e.id)).map((l) => ({
          account: l.key,
          debit: l.debit,
          credit: l.credit,
        })),
      })),
    );
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

/** A line of an account's statement: its entry's document, memo and reference, and the amounts. */
export interface AccountLine {
  entryId: number;
  date: string;
  sourceKind: string;
  sourceId: number;
  memo: string;
  reference: string | null;
  reversal: boolean;
  debit: number;
  credit: number;
}

/**
 * An account's lines from `from` to `to` in the order they were posted (by date, then entry), and the
 * debits less credits before `from`. An account not yet made has no lines.
 */
export async function accountLines(scope: SchoolScope, key: string, from: string, to: string) {
  const [rows, [before]] = await Promise.all([
    sqlRows<AccountLine>(
      scope.db,
      sql`select e.id as "entryId", to_char(l.date, 'YYYY-MM-DD') as date, e.source_kind as "sourceKind",
            e.source_id as "sourceId", e.memo, e.reference, e.reverses is not null as reversal, l.debit, l.credit
          from accounts a
          join journal_lines l on l.school_id = a.school_id and l.account_id = a.id
          join journal_entries e on e.school_id = l.school_id and e.id = l.entry_id
          where a.school_id = ${scope.schoolId} and a.key = ${key} and l.date >= ${from} and l.date <= ${to}
          order by l.date, e.id, l.id`,
    ),
    sqlRows<{ net: string | null }>(
      scope.db,
      sql`select sum(l.debit - l.credit) as net
          from accounts a join journal_lines l on l.school_id = a.school_id and l.account_id = a.id
          where a.school_id = ${scope.schoolId} and a.key = ${key} and l.date < ${from}`,
    ),
  ]);
  return {
    before: Number(before?.net ?? 0),
    lines: rows.map((r) => ({ ...r, debit: Number(r.debit), credit: Number(r.credit) })),
  };
}
