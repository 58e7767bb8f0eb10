/**
 * The store's arithmetic, without I/O. Quantities are whole hundredths of the item's unit (12.5 kg is
 * 1250), so two decimals are exact; values are whole shillings. Stock is valued at weighted average
 * cost: a receipt adds its cost, an issue or a loss takes out the average of the moment
 * (value × quantity ÷ balance, rounded), and taking out the whole balance takes out the whole value, so
 * no shilling is ever left on an empty shelf.
 */

/** An item's position: hundredths held, and what they cost. */
export interface Stock {
  balance: number;
  value: number;
}

/** A movement as it changes the stock: signed hundredths and shillings (in +, out −). */
export interface Move {
  quantity: number;
  value: number;
}

export type Outcome = { ok: true; stock: Stock; move: Move } | { ok: false; balance: number };

export const toHundredths = (quantity: number) => Math.round(quantity * 100);
export const fromHundredths = (hundredths: number) => hundredths / 100;

/** What a quantity cost at a unit cost (rounded to the shilling). */
export const receiptCost = (hundredths: number, unitCost: number) => Math.round((hundredths * unitCost) / 100);

/** Shillings per unit at weighted average cost (0 for an empty item). */
export const averageCost = (stock: Stock) => (stock.balance > 0 ? Math.round((stock.value * 100) / stock.balance) : 0);

/** A receipt: the quantity and its whole cost come in. */
export function receive(stock: Stock, hundredths: number, cost: number): Outcome {
  const move = { quantity: hundredths, value: cost };
  return { ok: true, stock: apply(stock, move), move };
}

/** An issue or a loss: refused (with the balance) when more is asked than is held; valued at the average. */
export function takeOut(stock: Stock, hundredths: number): Outcome {
  if (hundredths > stock.balance) return { ok: false, balance: stock.balance };
  const value = hundredths === stock.balance ? stock.value : Math.round((stock.value * hundredths) / stock.balance);
  const move = { quantity: -hundredths, value: -value };
  return { ok: true, stock: apply(stock, move), move };
}

/**
 * The reversal of a movement: its quantity and value go back the other way. Reversing a receipt whose
 * stock has partly gone out at a lower average could take out more value than is left: the value then
 * stops at nothing, and an emptied item keeps no value. Refused when it would leave a negative balance.
 */
export function reverse(stock: Stock, original: Move): Outcome {
  const balance = stock.balance - original.quantity;
  if (balance < 0) return { ok: false, balance: stock.balance };
  const value = balance === 0 ? 0 : Math.max(0, stock.value - original.value);
  const move = { quantity: balance - stock.balance, value: value - stock.value };
  return { ok: true, stock: { balance, value }, move };
}

export const apply = (stock: Stock, move: Move): Stock => ({
  balance: stock.balance + move.quantity,
  value: stock.value + move.value,
});

/** The running position after each movement, in the order recorded (the item's log). */
export function runningBalances(moves: Move[], start: Stock = { balance: 0, value: 0 }): Stock[] {
  const out: Stock[] = [];
  let stock = start;
  for (const m of moves) {
    stock = apply(stock, m);
    out.push(stock);
  }
  return out;
}

/** Below its reorder level (whole units; 0 means none set). */
export const belowReorder = (balance: number, reorderLevel: number) => reorderLevel > 0 && balance < reorderLevel * 100;

/**
 * A correction reverses a movement and records it again with the new figures. The one that adds stock
 * goes first, so no running balance in between dips below zero: a receipt's new figures before the
 * reversal; an issue's or loss's reversal (which puts the stock back) before the new figures.
 */
export const newFirst = (kind: string) => kind === 'receipt';

/** Units written short (kg, l, ml…) read the same for any quantity; words take a plural ("2 boxes"). */
const shortUnit = /^(?:k?g|mg|[mc]?l|ltrs?|k?m|[cm]m|pcs|pkts?|doz|dozen)\.?$/i;

/** A unit as written after a quantity: "1 box", "58 boxes", "3 bottles", "12.5 kg". */
export function unitFor(quantity: number, unit: string) {
  if (!unit || quantity === 1 || shortUnit.test(unit) || /s$/i.test(unit)) return unit;
  if (/(?:x|z|ch|sh)$/i.test(unit)) return `${unit}es`;
  if (/[^aeiou]y$/i.test(unit)) return `${unit.slice(0, -1)}ies`;
  return `${unit}s`;
}

/** A quantity as people write it: 12.5, 3, 0.25 (at most two decimals), with the unit. */
export function quantityText(hundredths: number, unit: string) {
  const n = fromHundredths(Math.abs(hundredths));
  const text = n.toLocaleString('en-GB', { maximumFractionDigits: 2 });
  return unit ? `${text} ${unitFor(n, unit)}` : text;
}

/**
 * The refusal when more is asked than is held, as a store keeper says it: "Only 58 boxes of Chalk are
 * in store, not enough to issue 60 boxes."; "No Sugar is in store, …" when there is none.
 */
export function shortMessage(
  verb: 'issue' | 'lose' | 'reverse',
  item: string,
  unit: string,
  balance: number,
  asked?: number,
) {
  const n = fromHundredths(Math.abs(balance));
  const plural = n !== 1 && Boolean(unit) && unitFor(n, unit) !== unit;
  const held =
    balance <= 0 ? `No ${item} is` : `Only ${quantityText(balance, unit)} of ${item} ${plural ? 'are' : 'is'}`;
  if (verb === 'reverse') return `${held} in store: this correction would take out more than is there.`;
  const what = asked === undefined ? '' : ` ${quantityText(asked, unit)}`;
  if (!what) return `${held} in store: not enough to ${verb === 'issue' ? 'issue' : 'lose'} that much.`;
  return `${held} in store, not enough to ${verb === 'issue' ? 'issue' : 'record a loss of'}${what}.`;
}

/** How a store keeper names a purchase: "requisition 12 (Chalk for term 2)", "expense 40". */
export const purchaseName = (p: { id: number; requisitionNumber: number | null }) =>
  p.requisitionNumber === null ? `expense ${p.id}` : `requisition ${p.requisitionNumber}`;

/**
 * What may still be received of a purchase's line (hundredths): refused with the figures when more is
 * asked than is left. "Only 4 boxes of Chalk are left to receive on requisition 12 (10 bought, 6
 * received), not 5 boxes."; "All 10 boxes of Chalk bought on requisition 12 are in store already."
 */
export function purchaseLeft(
  line: { item: string; unit: string; bought: number; received: number },
  asked: number,
  purchase: string,
): { ok: true } | { ok: false; message: string } {
  const left = Math.max(0, line.bought - line.received);
  if (asked <= left) return { ok: true };
  const bought = quantityText(line.bought, line.unit);
  if (left === 0)
    return { ok: false, message: `All ${bought} of ${line.item} bought on ${purchase} are in store already.` };
  const n = fromHundredths(left);
  const are = n !== 1 && line.unit && unitFor(n, line.unit) !== line.unit ? 'are' : 'is';
  return {
    ok: false,
    message: `Only ${quantityText(left, line.unit)} of ${line.item} ${are} left to receive on ${purchase} (${fromHundredths(line.bought).toLocaleString('en-GB')} bought, ${fromHundredths(line.received).toLocaleString('en-GB')} received), not ${quantityText(asked, line.unit)}.`,
  };
}

/**
 * The value of a receipt against a purchase's line: at the line's price, and the last part the rest of
 * the line's amount, so the store holds exactly what was paid for the whole line.
 */
export function purchaseReceiptValue(
  line: { bought: number; received: number; amount: number; receivedValue: number; unitCost: number },
  hundredths: number,
) {
  if (line.received + hundredths >= line.bought) return Math.max(0, line.amount - line.receivedValue);
  return receiptCost(hundredths, line.unitCost);
}

/** The ISO day `days` before `day`. */
export function daysBefore(day: string, days: number) {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}
