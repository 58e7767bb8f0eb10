import { defaultStoreUnits, departments, paymentModes, storeItems, storeUnits, suppliers } from '@somero/contract';
import { eq } from 'drizzle-orm';
import { today } from '../../core/dates.js';
import { SchoolScope } from '../../core/scope.js';
import type { Executor } from '../../db/open.js';
import { currentTerm } from '../settings/index.js';
import { receiveStock, takeStock } from './movements.js';
import { receivePurchase, storePurchases } from './purchases.js';
import { requirementsReference } from './requirements.js';

/** Gives a school the common units (none added twice). */
export async function seedStoreUnits(scope: SchoolScope) {
  const have = await scope.db
    .select({ name: storeUnits.name })
    .from(storeUnits)
    .where(eq(storeUnits.schoolId, scope.schoolId));
  const names = new Set(have.map((u) => u.name.toLowerCase()));
  for (const [name, short] of defaultStoreUnits)
    if (!names.has(name.toLowerCase())) await scope.table(storeUnits, 'store').insert({ name, short });
}

/** [name, unit, reorder level, unit cost, per receipt, kitchen or department use per week, who buys it]. */
type Plan = [string, string, number, number, number, number, 'food' | 'stationery' | 'cleaning' | 'requirements'];
const plan: Plan[] = [
  ['Maize flour (posho)', 'Kilograms', 400, 3_200, 1_000, 120, 'food'],
  ['Beans', 'Kilograms', 200, 4_800, 600, 75, 'food'],
  ['Rice', 'Kilograms', 100, 4_200, 300, 35, 'food'],
  ['Sugar', 'Kilograms', 80, 4_500, 250, 30, 'food'],
  ['Cooking oil', 'Litres', 40, 8_500, 120, 15, 'food'],
  ['Salt', 'Kilograms', 20, 1_500, 50, 5, 'food'],
  ['Photocopy paper', 'Reams', 30, 25_000, 80, 10, 'stationery'],
  ['Chalk', 'Boxes', 20, 6_000, 60, 6, 'stationery'],
  ['Bar soap', 'Bars', 40, 3_500, 120, 14, 'cleaning'],
  ['Paraffin', 'Litres', 25, 5_500, 60, 6, 'cleaning'],
  ['Broom', 'Pieces', 15, 4_000, 80, 6, 'requirements'],
  ['Toilet paper', 'Rolls', 100, 1_200, 400, 45, 'requirements'],
];

const dayOf = (back: number) => {
  const d = new Date(`${today()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - back);
  return d.toISOString().slice(0, 10);
};

/**
 * The demo's store: the units, twelve items with reorder levels, a term (twelve weeks) of receipts
 * (food from Nakasero Wholesalers, the first lot on credit and the second paid from the bank;
 * stationery and cleaning things paid in cash; brooms and toilet paper brought by students as
 * requirements), weekly issues to the kitchen and the departments, a sack of beans spoilt, sugar
 * stolen, and paraffin below its reorder level; the chalk and paper of a paid requisition received against it.
 */
export async function fillDemoStore(db: Executor, schoolId: number, adminId: number) {
  const scope = new SchoolScope(db, schoolId, { userId: adminId, name: 'Demo data' });
  const term = await currentTerm(scope);
  await scope.transaction(async (tx) => {
    await seedStoreUnits(tx);
    const units = await tx.db.select().from(storeUnits).where(eq(storeUnits.schoolId, schoolId));
    const sellers = await tx.db.select().from(suppliers).where(eq(suppliers.schoolId, schoolId));
    const modes = await tx.db.select().from(paymentModes).where(eq(paymentModes.schoolId, schoolId));
    const depts = await tx.db.select().from(departments).where(eq(departments.schoolId, schoolId));
    const cash = modes.find((m) => m.name === 'Cash');
    const bank = modes.find((m) => m.name === 'Stanbic Bank');
    const wholesaler = sellers.find((s) => s.name.startsWith('Nakasero'));
    const stationer = sellers.find((s) => s.name.startsWith('Kikuubo'));
    const items = new Map<string, number>();
    for (const [name, unit, reorder] of plan) {
      const unitId = units.find((u) => u.name === unit)?.id as number;
      items.set(name, (await tx.table(storeItems, 'store').insert({ name, unitId, reorderLevel: reorder })).id);
    }
    // Twelve weeks back: receipts in weeks 12 and 6, issues every week (the kitchen on Mondays).
    for (let week = 12; week >= 0; week--) {
      // A sack of beans spoilt 20 days ago and sugar stolen 9 days ago, recorded in their place.
      if (week === 2)
        await takeStock(tx, 'loss', {
          itemId: items.get('Beans') as number,
          quantity: 25,
          on: dayOf(20),
          lossKind: 'spoilt',
          note: 'Weevils in one sack after the roof leaked',
        });
      if (week === 1)
        await takeStock(tx, 'loss', {
          itemId: items.get('Sugar') as number,
          quantity: 12.5,
          on: dayOf(9),
          lossKind: 'stolen',
          note: 'Store broken into at night; reported to Kawempe police',
        });
      for (const [name, , , cost, lot, use, kind] of plan) {
        const itemId = items.get(name) as number;
        if (week === 12 || week === 6) {
          const on = dayOf(week * 7 + 3);
          const first = week === 12;
          // Paraffin's second lot is small, so it ends below its reorder level.
          const quantity = name === 'Paraffin' && !first ? 30 : lot;
          // Prices rose about 6 % by mid-term, so the average cost moves.
          const unitCost = first ? cost : Math.round((cost * 1.06) / 100) * 100;
          if (kind === 'requirements')
            await receiveStock(tx, {
              itemId,
              quantity,
              receivedOn: on,
              source: 'requirements',
              // Taken from the term's collections as they came in (the rest waits at "Students' requirements").
              reference: requirementsReference(term.year, term.term),
              note: `Brought by students: Term ${term.term} ${term.year} requirements`,
            });
          else if (kind === 'food' && wholesaler)
            await receiveStock(tx, {
              itemId,
              quantity,
              unitCost,
              receivedOn: on,
              source: 'supplier',
              supplierId: wholesaler.id,
              payment: first || !bank ? 'credit' : 'mode',
              modeId: first || !bank ? null : bank.id,
              reference: `NW-${on.replaceAll('-', '').slice(2)}`,
            });
          else
            await receiveStock(tx, {
              itemId,
              quantity,
              unitCost,
              receivedOn: on,
              source: 'supplier',
              supplierId: kind === 'stationery' ? (stationer?.id ?? null) : null,
              payment: cash ? 'mode' : 'none',
              modeId: cash?.id ?? null,
            });
        }
        if (week === 12) continue;
        const on = dayOf(week * 7);
        if (kind === 'food')
          await takeStock(tx, 'issue', {
            itemId,
            quantity: use,
            on,
            issuedTo: 'kitchen',
            person: 'Mr. Okot (head cook)',
          });
        else if (kind === 'stationery' && depts.length) {
          const d = depts[week % depts.length];
          await takeStock(tx, 'issue', {
            itemId,
            quantity: use,
            on,
            issuedTo: 'department',
            departmentId: d.id,
            person: `Head of ${d.name}`,
          });
        } else
          await takeStock(tx, 'issue', {
            itemId,
            quantity: use,
            on,
            issuedTo: 'person',
            person: week % 2 ? 'Matron Nabirye (girls’ dormitories)' : 'Mr. Kato (boys’ dormitories)',
          });
      }
    }
    // The chalk and paper of the requisition paid a few days ago came in the day after; the one paid
    // yesterday waits for the store keeper (Receive stock, "Bought through a requisition or an expense").
    const paid = (await storePurchases(tx)).find((p) => p.title === 'Chalk for the new term');
    if (paid)
      await receivePurchase(tx, {
        expenseId: paid.expense_id,
        receivedOn: dayOf(3),
        note: 'Delivered by Kikuubo Stationers',
        lines: paid.lines.map((l) => ({ lineId: l.line_id, quantity: l.to_receive })),
      });
  });
}
