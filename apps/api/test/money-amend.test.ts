import { journalEntries, journalLines, moneyAmendments } from '@somero/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../src/db/open.js';
import { type RegisterSchool, registerSchool } from './students-fixtures.js';
import { amendmentsOf, useTestApp } from './support.js';

/**
 * Amending money is one verb of the money-document engine (journal/documents.ts): the row is locked, a
 * void one refused, the change written with one amendment row and the audit row, and the journal reversed
 * and posted again on the day. Pinned here for a revenue; the fees payments' own tests pin the same history.
 */
const t = useTestApp();

/** What a revenue has left in its payment mode's account, all its entries summed: 0 once it is void. */
async function posted(schoolId: number, id: number) {
  const [cash] = await sqlRows<{ net: string | null }>(
    t.database.db,
    sql`select sum(l.debit - l.credit) as net from ${journalLines} l join ${journalEntries} e
      on e.school_id = l.school_id and e.id = l.entry_id
      join accounts a on a.school_id = l.school_id and a.id = l.account_id
      where e.school_id = ${schoolId} and e.source_kind = 'revenue' and e.source_id = ${id} and a.key like 'mode:%'`,
  );
  return Number(cash?.net ?? 0);
}

describe('amending a money document', () => {
  let s: RegisterSchool;
  let cash: number;
  let maize: number;

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database);
    const post = async (url: string, body: object) => {
      const res = await s.api.post(url, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    cash = await post('/payment_options', { name: 'Cash', kind: 'cash', opening_balance: 0, opening_on: '2026-01-01' });
    const sales = await post('/revenue_categories', { name: 'Sales' });
    maize = await post('/revenue_sources', { name: 'Sale of maize', category_id: sales });
  });

  const revenue = async (amount: number) => {
    const res = await s.api.post('/revenues', { source_id: maize, amount, mode_id: cash, received_on: '2026-03-10' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };

  it('keeps what each changed field was and became, who and why; the cash follows the new amount', async () => {
    const id = await revenue(450_000);
    const res = await s.api.put(`/revenues/${id}`, {
      source_id: maize,
      amount: 405_000,
      mode_id: cash,
      received_on: '2026-03-10',
      reason: 'Counted 10 bags too many',
    });
    expect(res.statusCode, res.body).toBe(200);
    const history = await t.database.db.select().from(moneyAmendments).where(amendmentsOf('revenue', id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      schoolId: s.schoolId,
      before: { amount: 450_000 },
      after: { amount: 405_000 },
      reason: 'Counted 10 bags too many',
    });
    // Only what changed: the source, mode and date stayed.
    expect(Object.keys(history[0]?.after as object)).toEqual(['amount']);
    expect(await posted(s.schoolId, id)).toBe(405_000);
    // The revenue screen reads the same history, under the revenue's own field names.
    const listed = await s.api.get(`/revenue_amendments/${id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual([
      expect.objectContaining({
        before: { amount: 450_000 },
        after: { amount: 405_000 },
        reason: 'Counted 10 bags too many',
      }),
    ]);
    // Another school's revenue is not found.
    const other = await registerSchool(t.app, t.database);
    expect((await other.api.get(`/revenue_amendments/${id}`)).statusCode).toBe(404);
  });

  it('refuses to change a void revenue and writes nothing', async () => {
    const id = await revenue(100_000);
    expect((await s.api.del(`/revenues/${id}?reason=Entered%20twice`)).statusCode).toBe(200);
    const res = await s.api.put(`/revenues/${id}`, {
      source_id: maize,
      amount: 1,
      mode_id: cash,
      reason: 'Too late',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This revenue is void and cannot be changed.');
    expect(await t.database.db.select().from(moneyAmendments).where(amendmentsOf('revenue', id))).toHaveLength(0);
    expect(await posted(s.schoolId, id)).toBe(0);
  });

  it('applies exactly one of a void and an amendment sent at the same moment: the revenue ends void and posts nothing', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await revenue(200_000);
      const [amended, voided] = await Promise.all([
        s.api.put(`/revenues/${id}`, {
          source_id: maize,
          amount: 250_000,
          mode_id: cash,
          received_on: '2026-03-10',
          reason: 'Receipt misread',
        }),
        s.api.del(`/revenues/${id}?reason=${encodeURIComponent('Not school money')}`),
      ]);
      expect(voided.statusCode, voided.body).toBe(200);
      // The amendment came first (and the void after it), or after the void and was refused.
      expect([200, 409]).toContain(amended.statusCode);
      const [row] = await sqlRows<{ status: string; amount: number; void_reason: string }>(
        t.database.db,
        sql`select status, amount, void_reason from revenues where school_id = ${s.schoolId} and id = ${id}`,
      );
      expect(row).toMatchObject({ status: 'void', void_reason: 'Not school money' });
      expect(Number(row?.amount)).toBe(amended.statusCode === 200 ? 250_000 : 200_000);
      const history = await t.database.db
        .select()
        .from(moneyAmendments)
        .where(and(amendmentsOf('revenue', id), eq(moneyAmendments.schoolId, s.schoolId)));
      expect(history).toHaveLength(amended.statusCode === 200 ? 1 : 0);
      // Never an amendment of a revenue already void: the trail reads create, amend, void or create, void.
      const trail = await sqlRows<{ action: string }>(
        t.database.db,
        sql`select action from audits where school_id = ${s.schoolId} and entity = 'revenues' and entity_id = ${id} order by id`,
      );
      expect(trail.map((a) => a.action)).toEqual(
        amended.statusCode === 200 ? ['create', 'amend', 'void'] : ['create', 'void'],
      );
      // A void revenue has nothing left in the cash, whichever came first.
      expect(await posted(s.schoolId, id)).toBe(0);
    }
  });
});
