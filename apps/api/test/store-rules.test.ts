import { describe, expect, it } from 'vitest';
import {
  apply,
  averageCost,
  belowReorder,
  fromHundredths,
  newFirst,
  quantityText,
  receiptCost,
  receive,
  reverse,
  runningBalances,
  type Stock,
  shortMessage,
  takeOut,
  toHundredths,
  unitFor,
} from '../src/modules/store/rules.js';

const ok = (o: ReturnType<typeof takeOut>) => {
  if (!o.ok) throw new Error(`refused at balance ${o.balance}`);
  return o;
};

describe('store rules', () => {
  it('counts quantities in exact hundredths and costs to the shilling', () => {
    expect(toHundredths(12.25)).toBe(1225);
    expect(toHundredths(0.1 + 0.2)).toBe(30);
    expect(receiptCost(1250, 3_200)).toBe(40_000);
    expect(receiptCost(33, 1_000)).toBe(330);
    expect(receiptCost(1, 49)).toBe(0);
  });

  it('values stock at weighted average cost: issues take the average of the moment', () => {
    let s: Stock = { balance: 0, value: 0 };
    s = ok(receive(s, 10_000, 300_000)).stock; // 100 kg at 3,000
    s = ok(receive(s, 10_000, 400_000)).stock; // 100 kg at 4,000
    expect(averageCost(s)).toBe(3_500);
    const issue = ok(takeOut(s, 5_000)); // 50 kg
    expect(issue.move).toEqual({ quantity: -5_000, value: -175_000 });
    expect(issue.stock).toEqual({ balance: 15_000, value: 525_000 });
    // A later receipt at another price moves the average; the next issue takes the new one.
    const more = ok(receive(issue.stock, 5_000, 250_000)).stock; // 50 kg at 5,000
    expect(averageCost(more)).toBe(3_875);
    expect(ok(takeOut(more, 2_000)).move.value).toBe(-77_500);
  });

  it('rounds an issue to the shilling and takes the whole value with the last unit', () => {
    const s = { balance: 300, value: 1_000 }; // 3 pieces for 1,000
    const one = ok(takeOut(s, 100));
    expect(one.move.value).toBe(-333);
    const two = ok(takeOut(one.stock, 100));
    expect(two.move.value).toBe(-334);
    const last = ok(takeOut(two.stock, 100));
    expect(last.stock).toEqual({ balance: 0, value: 0 });
    expect(last.move.value).toBe(-333);
  });

  it('refuses taking out more than is held, naming the balance', () => {
    expect(takeOut({ balance: 1_250, value: 40_000 }, 1_251)).toEqual({ ok: false, balance: 1_250 });
    expect(takeOut({ balance: 0, value: 0 }, 1)).toEqual({ ok: false, balance: 0 });
    expect(ok(takeOut({ balance: 1_250, value: 40_000 }, 1_250)).stock).toEqual({ balance: 0, value: 0 });
    expect(shortMessage('issue', 'Beans', 'kg', 1_250, 2_000)).toBe(
      'Only 12.5 kg of Beans is in store, not enough to issue 20 kg.',
    );
    expect(shortMessage('lose', 'Sugar', 'kg', 0, 100)).toBe(
      'No Sugar is in store, not enough to record a loss of 1 kg.',
    );
    expect(shortMessage('reverse', 'Rice', 'kg', 500)).toMatch(/Only 5 kg of Rice .* more than is there/);
    // Units that are words read in the plural, and the verb agrees.
    expect(shortMessage('issue', 'Chalk', 'box', 5_800, 6_000)).toBe(
      'Only 58 boxes of Chalk are in store, not enough to issue 60 boxes.',
    );
    expect(shortMessage('issue', 'Chalk', 'box', 100, 200)).toBe(
      'Only 1 box of Chalk is in store, not enough to issue 2 boxes.',
    );
    expect(shortMessage('lose', 'Exercise books', 'packet', 250, 300)).toBe(
      'Only 2.5 packets of Exercise books are in store, not enough to record a loss of 3 packets.',
    );
  });

  it('reverses a movement: an issue puts back what it took; a receipt is refused once its stock has gone out', () => {
    const start = { balance: 10_000, value: 300_000 };
    const issue = ok(takeOut(start, 4_000));
    const back = ok(reverse(issue.stock, issue.move));
    expect(back.stock).toEqual(start);
    expect(back.move).toEqual({ quantity: 4_000, value: 120_000 });
    // 100 received, 80 issued: reversing the receipt would leave −80.
    const received = ok(receive({ balance: 0, value: 0 }, 10_000, 300_000));
    const used = ok(takeOut(received.stock, 8_000));
    expect(reverse(used.stock, received.move)).toEqual({ ok: false, balance: 2_000 });
  });

  it('a reversed receipt never leaves a negative value, and an emptied item keeps none', () => {
    // 10 at 1,000 and 10 at 5,000; 10 issued at the average 3,000; reversing the dear lot empties the item.
    let s = ok(receive({ balance: 0, value: 0 }, 1_000, 10_000)).stock;
    const dear = ok(receive(s, 1_000, 50_000));
    s = ok(takeOut(dear.stock, 1_000)).stock;
    expect(s).toEqual({ balance: 1_000, value: 30_000 });
    const undone = ok(reverse(s, dear.move));
    expect(undone.stock).toEqual({ balance: 0, value: 0 });
    expect(undone.move).toEqual({ quantity: -1_000, value: -30_000 });
    // With stock left, the value stops at nothing.
    const cheap = ok(receive({ balance: 500, value: 1_000 }, 1_000, 50_000));
    const left = ok(takeOut(cheap.stock, 1_000)).stock;
    expect(ok(reverse({ balance: left.balance + 1_000, value: 2_000 }, cheap.move)).stock).toEqual({
      balance: 500,
      value: 0,
    });
  });

  it('runs the balance through a log in the order recorded', () => {
    expect(
      runningBalances([
        { quantity: 1_000, value: 30_000 },
        { quantity: -250, value: -7_500 },
        { quantity: 250, value: 7_500 },
      ]),
    ).toEqual([
      { balance: 1_000, value: 30_000 },
      { balance: 750, value: 22_500 },
      { balance: 1_000, value: 30_000 },
    ]);
  });

  it('flags an item below its reorder level (whole units; none set means never)', () => {
    expect(belowReorder(1_999, 20)).toBe(true);
    expect(belowReorder(2_000, 20)).toBe(false);
    expect(belowReorder(0, 0)).toBe(false);
  });

  it('corrects a receipt new-first and an issue or loss reversal-first', () => {
    expect(newFirst('receipt')).toBe(true);
    expect(newFirst('issue')).toBe(false);
    expect(newFirst('loss')).toBe(false);
  });

  it('writes quantities as people do', () => {
    expect(quantityText(125_000, 'kg')).toBe('1,250 kg');
    expect(quantityText(-1_225, 'ltr')).toBe('12.25 ltr');
    expect(quantityText(300, '')).toBe('3');
  });

  it('values an empty item at nothing a unit, and rounds the average to the shilling', () => {
    expect(averageCost({ balance: 0, value: 0 })).toBe(0);
    expect(averageCost({ balance: 300, value: 1_000 })).toBe(333);
    expect(averageCost({ balance: 300, value: 2_000 })).toBe(667);
    expect(fromHundredths(1_225)).toBe(12.25);
    expect(receiptCost(150, 1_001)).toBe(1_502);
    expect(apply({ balance: 100, value: 500 }, { quantity: -40, value: -200 })).toEqual({ balance: 60, value: 300 });
  });

  it('runs the balance from a starting position', () => {
    expect(runningBalances([{ quantity: -100, value: -3_000 }], { balance: 500, value: 15_000 })).toEqual([
      { balance: 400, value: 12_000 },
    ]);
    expect(runningBalances([])).toEqual([]);
  });

  it('takes out part of a dear lot at the average, rounding half a shilling up', () => {
    // 2 units for 3 shillings: one unit is 1.5, taken out as 2; the last unit takes the 1 left.
    const first = ok(takeOut({ balance: 200, value: 3 }, 100));
    expect(first.move).toEqual({ quantity: -100, value: -2 });
    expect(ok(takeOut(first.stock, 100)).move).toEqual({ quantity: -100, value: -1 });
  });

  it('reverses a receipt that leaves stock, taking out exactly its value', () => {
    const received = ok(receive({ balance: 1_000, value: 30_000 }, 500, 20_000));
    expect(received.stock).toEqual({ balance: 1_500, value: 50_000 });
    expect(received.move).toEqual({ quantity: 500, value: 20_000 });
    const undone = ok(reverse(received.stock, received.move));
    expect(undone.stock).toEqual({ balance: 1_000, value: 30_000 });
    expect(undone.move).toEqual({ quantity: -500, value: -20_000 });
    // Reversing a receipt of everything held empties the item.
    expect(ok(reverse({ balance: 500, value: 20_000 }, received.move)).stock).toEqual({ balance: 0, value: 0 });
    expect(reverse({ balance: 499, value: 20_000 }, received.move)).toEqual({ ok: false, balance: 499 });
    // 100 at 5,000 and 100 at 1,000 (average 3,000); 100 issued at 3,000; reversing the cheap lot empties the
    // item: the 2,000 the issue left behind goes with it, rather than staying on an empty shelf.
    let s = ok(receive({ balance: 0, value: 0 }, 100, 5_000)).stock;
    const cheap = ok(receive(s, 100, 1_000));
    s = ok(takeOut(cheap.stock, 100)).stock;
    expect(s).toEqual({ balance: 100, value: 3_000 });
    expect(ok(reverse(s, cheap.move))).toEqual({
      ok: true,
      stock: { balance: 0, value: 0 },
      move: { quantity: -100, value: -3_000 },
    });
  });

  it('says only how much is held when no quantity was asked', () => {
    expect(shortMessage('issue', 'Beans', 'kg', 250)).toBe(
      'Only 2.5 kg of Beans is in store: not enough to issue that much.',
    );
    expect(shortMessage('reverse', 'Rice', 'kg', 500)).toBe(
      'Only 5 kg of Rice is in store: this correction would take out more than is there.',
    );
    expect([
      unitFor(3, 'bottle'),
      unitFor(2, 'ream'),
      unitFor(4, 'tray'),
      unitFor(2, 'pcs'),
      unitFor(1, 'box'),
    ]).toEqual(['bottles', 'reams', 'trays', 'pcs', 'box']);
    expect(quantityText(1, 'kg')).toBe('0.01 kg');
    expect(quantityText(123_456_789, 'kg')).toBe('1,234,567.89 kg');
  });

  it('flags an item one hundredth under its reorder level', () => {
    expect(belowReorder(1_999, 20)).toBe(true);
    expect(belowReorder(0, 1)).toBe(true);
    expect(belowReorder(100, 1)).toBe(false);
  });
});
