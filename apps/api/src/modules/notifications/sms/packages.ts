import { paymentModes, type SmsPackageRow, smsPackages } from '@somero/contract';
import { and, desc, eq } from 'drizzle-orm';
import { today } from '../../../core/dates.js';
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

/** Records credit bought; its price is an expense from the mode (posted to the journal). */
export async function buyPackage(scope: SchoolScope, input: BuyInput) {
  const listed = input.package ? smsCatalogue.find((c) => c.key === input.package) : undefined;
  if (input.package && !listed) throw new Invalid('package', 'Choose a package of the list');
  const credits = listed?.credits ?? input.credits;
  const price = listed?.price ?? input.price;
  if (!credits) throw new Invalid('credits', 'Enter the number of credits');
  if (price === undefined) throw new Invalid('price', 'Enter the price paid');
  if (price <= 0) throw new Invalid('price', 'Enter the price paid');
  const boughtOn = input.bought_on ?? today();
  if (boughtOn > today()) throw new Invalid('bought_on', 'The day cannot be in the future');
  const id = await scope.transaction(async (tx) => {
    if (!(await modeName(tx, input.mode_id))) throw new Invalid('mode_id', 'Choose a payment mode');
    const name = listed?.name ?? `${credits.toLocaleString('en-US')} SMS`;
    const expenseId = await recordPurchase(tx, {
      category: 'Communication',
      itemName: 'SMS credit',
      unit: null,
      quantity: 1,
      unitCost: price,
      amount: price,
      modeId: input.mode_id,
      supplierId: null,
      spentOn: boughtOn,
      reference: input.reference ?? null,
      note: `SMS credit: ${name}`,
    });
    const made = await tx.table(smsPackages, module).insert({
      name,
      credits,
      price,
      modeId: input.mode_id,
      expenseId,
      boughtOn,
      reference: input.reference ?? null,
      boughtBy: tx.actor.name ?? 'System',
    });
    return made.id;
  });
  const [row] = await packageRows(scope, id);
  if (!row) throw new Refusal('The package was not recorded.');
  return row;
}
