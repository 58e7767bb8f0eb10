import { journalEntries, moneyAmendments } from '@somero/contract';
import { and, asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { nextNumber } from '../../core/counters.js';
import { now, today } from '../../core/dates.js';
import { Conflict, NotFound } from '../../core/errors.js';
import { chunks, type SchoolScope, type TenantTable } from '../../core/scope.js';
import { type Entry, postEntries, reverseSource } from './journal.js';

/** A money document's table: a status ('valid' or 'void') and who voided it, when and why. */
export type MoneyTable = TenantTable & {
  status: PgColumn;
  voidReason: PgColumn;
  voidedAt: PgColumn;
  voidedBy: PgColumn;
};

/**
 * What an area declares of a money document (fees payment, revenue, expense…): its journal source kind,
 * its table, the audit module and its name in messages, and how its valid rows post. The engine gives
 * every such document the same verbs: post, repost after an amendment, void with a reason, and posting
 * what was recorded before the journal existed.
 */
export interface MoneyDocumentDeclaration<T extends MoneyTable> {
  kind: string;
  table: T;
  module: string;
  noun: string;
  /** The journal entries of some valid documents as they read now, read in one go. */
  postings: (scope: SchoolScope, ids: number[]) => Promise<Entry[]>;
  /**
   * The document's gapless per-school number series ('receipt', 'old_receipt'), when it is numbered;
   * `nextNumber` takes the next one in the caller's transaction.
   */
  series?: string;
  /** Other source kinds the document posts under (an expense's credit cleared later). */
  alsoPostsAs?: string[];
  /**
   * Refuses a change to a void document (throws); when it does not, the refusal is "This <noun> is
   * already void." (409).
   */
  refuseVoid?: (row: T['$inferSelect']) => void;
}

export interface MoneyDocument<T extends MoneyTable> extends MoneyDocumentDeclaration<T> {
  /** The next number of the document's series (locked until the caller's transaction ends). */
  nextNumber(scope: SchoolScope): Promise<number>;
  /** Posts documents just recorded, in the caller's transaction. */
  post(scope: SchoolScope, ids: number[]): Promise<void>;
  /**
   * After an amendment: what the document posted is reversed today and it posts again as it now reads,
   * dated today too, so every period already reported keeps its figures (the document itself shows the
   * date it was corrected to; the journal shows when the correction was made).
   */
  repost(scope: SchoolScope, id: number, why: string): Promise<void>;
  /**
   * Amends a valid document in one transaction: locks it (a void one is refused, as by `lockValid`), asks
   * `change` what it becomes (its checks refuse by throwing), writes that, one amendment row (each changed
   * field as it was and became, who, when, why), the audit row, and reverses what it posted and posts it
   * again as it now reads, both dated the day of the amendment. Answers the row as it now reads.
   */
  amend(
    scope: SchoolScope,
    id: number,
    reason: string | null,
    change: (
      tx: SchoolScope,
      before: T['$inferSelect'],
    ) => Promise<Partial<T['$inferInsert']>> | Partial<T['$inferInsert']>,
  ): Promise<T['$inferSelect']>;
  /**
   * The document's amendments, oldest first: each changed field under its column name (as the API answers
   * the document) as it was and became, who, when and why. 404 for another school's id, as for the document.
   */
  history(scope: SchoolScope, id: number): Promise<AmendmentRow[]>;
  /** Locks a document of this school for a change: 404 for another school's id, the refusal (409) once void. */
  lockValid(scope: SchoolScope, id: number, refusal?: string): Promise<T['$inferSelect']>;
  /**
   * Voids a document with a reason: it stays, marked void with who and when, its audit row keeps before
   * and after, and what it posted is reversed on the day of the void. Answers the row as it now reads.
   */
  void(scope: SchoolScope, id: number, reason: string): Promise<T['$inferSelect']>;
  /** Posts the school's valid documents that have no entry yet (recorded before the journal); answers how many. */
  postUnposted(scope: SchoolScope): Promise<number>;
}

/** One amendment of a money document, as the `*_amendments/{id}` calls answer it. */
export interface AmendmentRow {
  id: number;
  at: string;
  by_name: string;
  reason: string | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** Declares a money document and answers its verbs. */
export function moneyDocument<T extends MoneyTable>(declaration: MoneyDocumentDeclaration<T>): MoneyDocument<T> {
  const { kind, table, module, noun } = declaration;
  const kinds = [kind, ...(declaration.alsoPostsAs ?? [])];
  const doc: MoneyDocument<T> = {
    ...declaration,
    nextNumber(scope) {
      if (!declaration.series) throw new Error(`A ${noun} has no number series`);
      return nextNumber(scope, declaration.series);
    },
    async post(scope, ids) {
      if (!ids.length) return;
      // Entries are numbered in the order of the documents given (a query answers rows in any order on a cluster),
      // so a statement's same-day lines keep the order the documents were made in.
      const place = new Map(ids.map((id, i) => [id, i]));
      const entries = await declaration.postings(scope, ids);
      const ordered = entries
        .map((entry, i) => ({ entry, i }))
        .sort((a, b) => (place.get(a.entry.source.id) ?? 0) - (place.get(b.entry.source.id) ?? 0) || a.i - b.i)
        .map((e) => e.entry);
      await postEntries(scope, ordered);
    },
    async repost(scope, id, why) {
      await scope.transaction(async (tx) => {
        const on = today();
        for (const k of kinds) await reverseSource(tx, { kind: k, id }, { date: on, why });
        const entries = await declaration.postings(tx, [id]);
        await postEntries(
          tx,
          entries.map((e) => ({ ...e, date: on })),
        );
      });
    },
    async amend(scope, id, reason, change) {
      return scope.transaction(async (tx) => {
        const before = (await doc.lockValid(tx, id, `This ${noun} is void and cannot be changed.`)) as Record<
          string,
          unknown
        >;
        const values = (await change(tx, before as T['$inferSelect'])) as Record<string, unknown>;
        // The history keeps the fields whose value changes (not the row's own record of its last amendment).
        const was: Record<string, unknown> = {};
        const became: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(values)) {
          if (value === undefined || /^amend/.test(key)) continue;
          if (JSON.stringify(value) === JSON.stringify(before[key])) continue;
          was[key] = before[key];
          became[key] = value;
        }
        const [after] = await tx.db
          .update(table as MoneyTable)
          .set({ ...values, updatedAt: now() } as never)
          .where(tx.mine(table, eq(table.id, id)))
          .returning();
        await tx.db.insert(moneyAmendments).values({
          schoolId: tx.schoolId,
          kind,
          documentId: id,
          before: was,
          after: became,
          reason,
          byName: tx.actor.name ?? 'System',
        });
        await tx.audit({
          action: 'amend',
          module,
          entity: tx.table(table, module).entity,
          entityId: id,
          before,
          after: { ...after, reason },
        });
        await doc.repost(tx, id, `amended${reason ? `: ${reason}` : ''}`);
        return after as T['$inferSelect'];
      });
    },
    async history(scope, id) {
      await scope.table(table, module).find(id, noun);
      const columns = getTableColumns(table as MoneyTable) as Record<string, { name: string }>;
      const named = (values: unknown) =>
        Object.fromEntries(
          Object.entries(values as Record<string, unknown>).map(([k, v]) => [columns[k]?.name ?? k, v]),
        );
      const rows = await scope.db
        .select()
        .from(moneyAmendments)
        .where(scope.mine(moneyAmendments, and(eq(moneyAmendments.kind, kind), eq(moneyAmendments.documentId, id))))
        .orderBy(asc(moneyAmendments.createdAt), asc(moneyAmendments.id));
      return rows.map((r) => ({
        id: r.id,
        at: r.createdAt.toISOString(),
        by_name: r.byName,
        reason: r.reason,
        before: named(r.before),
        after: named(r.after),
      }));
    },
    async lockValid(scope, id, refusal = `This ${noun} is already void.`) {
      const [row] = await scope.db
        .select()
        .from(table as MoneyTable)
        .where(scope.mine(table, eq(table.id, id)))
        .for('update');
      if (!row) throw new NotFound(noun);
      if ((row as { status: string }).status === 'void') {
        declaration.refuseVoid?.(row as T['$inferSelect']);
        throw new Conflict(refusal);
      }
      return row as T['$inferSelect'];
    },
    async void(scope, id, reason) {
      return scope.transaction(async (tx) => {
        const before = await doc.lockValid(tx, id);
        const [after] = await tx.db
          .update(table as MoneyTable)
          .set({
            status: 'void',
            voidReason: reason,
            voidedAt: now(),
            voidedBy: tx.actor.name ?? 'System',
            updatedAt: now(),
          } as never)
          .where(tx.mine(table, eq(table.id, id)))
          .returning();
        await tx.audit({ action: 'void', module, entity: tx.table(table, module).entity, entityId: id, before, after });
        for (const k of kinds) await reverseSource(tx, { kind: k, id }, { date: today(), why: `void: ${reason}` });
        return after as T['$inferSelect'];
      });
    },
    async postUnposted(scope) {
      const rows = (await scope.db
        .select({ id: table.id })
        .from(table as MoneyTable)
        .where(
          and(
            scope.mine(table, eq(table.status, 'valid')),
            sql`not exists (select 1 from ${journalEntries} e where e.school_id = ${scope.schoolId}
              and e.source_kind = ${kind} and e.source_id = ${table.id})`,
          ) as SQL,
        )
        .orderBy(table.id)) as { id: number }[];
      for (const part of chunks(rows.map((r) => r.id))) await scope.transaction((tx) => doc.post(tx, part));
      return rows.length;
    },
  };
  return doc;
}
