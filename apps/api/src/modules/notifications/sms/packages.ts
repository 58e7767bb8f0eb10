import { paymentModes, type SmsPackageRow, smsPackages } from '@somero/contract';
import { and, desc, eq } from 'drizzle-orm';
import { now, today } from '../../../core/dates.js';
import { Invalid, Refusal } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import { recordPurchase } from '../../expenses/index.js';
import { modeName, module } from './send.js';

/** The packages a school may buy (UGX; bulk SMS in Uganda resells at about 25–40 shillings a message). */
export const smsCatalogue = [
  { key: 'starter', name: 'Starter: 500 SMS', credits: 500, price: 20_000 },
  { key: 'term', name: 'Term: 2,000 SMS', credits: 2_000, price: 70_000 },
  { key: 'school', name: 'School: 5,000 SMS', credits: 5_000, price: 160_000 },
  { key: 'year', name: 'Year: 12,000 SMS', credits: 12_000, price: 360_000 },
] as const;

export async function packageRows(scope: SchoolScope, id?: number): Promise<SmsPackageRow[]> {
  const rows = await scope.db
    .select({ p: smsPackages, mode: paymentModes.name })
    .from(smsPackages)
    .leftJoin(
      paymentModes,
      and(eq(paymentModes.schoolId, smsPackages.schoolId), eq(paymentModes.id, smsPackages.modeId)),
    )
    .where(scope.mine(smsPackages, id ? eq(smsPackages.id, id) : undefined))
    .orderBy(desc(smsPackages.boughtOn), desc(smsPackages.id));
  return rows.map(({ p, mode }) => ({
    id: p.id,
    name: p.name,
    credits: p.credits,
    price: p.price,
    mode_id: p.modeId,
    mode,
    expense_id: p.expenseId,
    bought_on: p.boughtOn,
    reference: p.reference,
    bought_by: p.boughtBy,
    status: p.status,
    decided_by: p.decidedBy,
    decision_note: p.decisionNote,
  }));
}

export interface BuyInput {
  package?: string;
  credits?: number;
  price?: number;
  mode_id: number;
  bought_on?: string;
  reference?: string | null;
}

/**
 * A school's "buy". Where the school records its own credit (`SCHOOLS_RECORD_SMS_CREDIT`: a server of its own, on
 * its own gateway account) the credit counts at once and its price is an expense from the mode (posted to the
 * journal). Otherwise the gateway account is the service's: the purchase is a request, with no credit and no
 * payment, until the service confirms it (`confirmCreditRequest`).
 */
export async function buyPackage(scope: SchoolScope, input: BuyInput, recordsOwnCredit: boolean) {
  const listed = input.package ? smsCatalogue.find((c) => c.key === input.package) : undefined;
  if (input.package && !listed) throw new Invalid('package', 'Choose a package of the list');
  const credits = listed?.credits ?? input.credits;
  const price = listed?.price ?? input.price;
  if (!credits) throw new Invalid('credits', 'Enter the number of credits');
  if (price === undefined) throw new Invalid('price', 'Enter the price paid');
  if (price <= 0) throw new Invalid('price', 'Enter the price paid');
  const boughtOn = input.bought_on ?? today();
  if (boughtOn > today()) throw new Invalid('bought_on', 'The day cannot be in the future');
  const name = listed?.name ?? `${credits.toLocaleString('en-US')} SMS`;
  const id = await scope.transaction(async (tx) => {
    if (!(await modeName(tx, input.mode_id))) throw new Invalid('mode_id', 'Choose a payment mode');
    const expenseId = recordsOwnCredit
      ? await recordCreditExpense(tx, {
          name,
          price,
          modeId: input.mode_id,
          boughtOn,
          reference: input.reference ?? null,
        })
      : null;
    const made = await tx.table(smsPackages, module).insert({
      name,
      credits,
      price,
      modeId: input.mode_id,
      expenseId,
      boughtOn,
      reference: input.reference ?? null,
      boughtBy: tx.actor.name ?? 'System',
      status: recordsOwnCredit ? 'confirmed' : 'requested',
    });
    return made.id;
  });
  const [row] = await packageRows(scope, id);
  if (!row) throw new Refusal('The package was not recorded.');
  const message = recordsOwnCredit
    ? undefined
    : `Your request for ${name} is sent to the service. The credit is added once the service confirms your payment.`;
  return { row, message };
}

/** The school's payment for credit: an expense from the mode, posted to the journal like any other. */
function recordCreditExpense(
  tx: SchoolScope,
  p: { name: string; price: number; modeId: number; boughtOn: string; reference: string | null },
) {
  return recordPurchase(tx, {
    category: 'Communication',
    itemName: 'SMS credit',
    unit: null,
    quantity: 1,
    unitCost: p.price,
    amount: p.price,
    modeId: p.modeId,
    supplierId: null,
    spentOn: p.boughtOn,
    reference: p.reference,
    note: `SMS credit: ${p.name}`,
  });
}

/** A request still waiting, locked for the decision; a refusal in words when it is not (any more). */
async function waitingRequest(tx: SchoolScope, id: number) {
  const [row] = await tx.db
    .select()
    .from(smsPackages)
    .where(tx.mine(smsPackages, eq(smsPackages.id, id)))
    .for('update');
  if (!row) throw new Refusal('There is no such request.');
  if (row.status !== 'requested') throw new Refusal(`This request was already ${row.status}.`);
  return row;
}

/**
 * The service confirms a school's request (it has been paid): the credit counts from now, and the school's
 * payment is recorded as an expense from the mode it named, dated the day it said it paid.
 */
export async function confirmCreditRequest(scope: SchoolScope, id: number) {
  await scope.transaction(async (tx) => {
    const before = await waitingRequest(tx, id);
    if (before.modeId === null) throw new Refusal('This request names no payment mode.');
    const expenseId = await recordCreditExpense(tx, {
      name: before.name,
      price: before.price,
      modeId: before.modeId,
      boughtOn: before.boughtOn,
      reference: before.reference,
    });
    await tx
      .table(smsPackages, module)
      .update(
        id,
        { status: 'confirmed', expenseId, decidedBy: tx.actor.name ?? 'The service', decidedAt: now() },
        'confirm',
      );
  });
}

/** The service declines a request, saying why; nothing is recorded but the decision. */
export async function declineCreditRequest(scope: SchoolScope, id: number, reason: string) {
  await scope.transaction(async (tx) => {
    await waitingRequest(tx, id);
    await tx
      .table(smsPackages, module)
      .update(
        id,
        { status: 'declined', decidedBy: tx.actor.name ?? 'The service', decidedAt: now(), decisionNote: reason },
        'decline',
      );
  });
}

/**
 * Credit the service grants a school (paid to the service outside Somero, or given): it counts at once and the
 * school sees it among its packages, with the price and reference the service gave. No payment of the school's is
 * recorded: the service does not know the school's books (its bursar records the payment as an expense if the
 * school paid it).
 */
export async function grantCredit(scope: SchoolScope, grant: { credits: number; price: number; reference: string }) {
  await scope.table(smsPackages, module).insert({
    name: `${grant.credits.toLocaleString('en-US')} SMS from the service`,
    credits: grant.credits,
    price: grant.price,
    modeId: null,
    expenseId: null,
    boughtOn: today(),
    reference: grant.reference,
    boughtBy: scope.actor.name ?? 'The service',
    status: 'confirmed',
    decidedBy: scope.actor.name ?? 'The service',
    decidedAt: now(),
  });
}
