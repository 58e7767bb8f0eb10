import { describe, expect, it } from 'vitest';
import { checkAmount, checkShillings, percentOf, splitEvenly, tableOn } from '../src/index.js';

describe('shillings and dated tables', () => {
  it('rounds a percentage to the nearest shilling, halves up', () => {
    expect(percentOf(235_001 - 235_000, 10)).toBe(0);
    expect(percentOf(5, 10)).toBe(1);
    expect(percentOf(4, 10)).toBe(0);
    expect(percentOf(15, 10)).toBe(2);
    expect(percentOf(1_000_000, 5)).toBe(50_000);
  });

  it('splits an amount into whole parts that add up, the odd shillings first', () => {
    expect(splitEvenly(7, 1)).toEqual([7]);
    expect(splitEvenly(7, 2)).toEqual([4, 3]);
    expect(splitEvenly(8, 3)).toEqual([3, 3, 2]);
    expect(splitEvenly(0, 3)).toEqual([0, 0, 0]);
    expect(() => splitEvenly(Number.MAX_SAFE_INTEGER + 1, 2)).toThrow(RangeError);
    expect(() => splitEvenly(10, 0)).toThrow(/1 part or more; got 0/);
    expect(() => splitEvenly(10, Number.NaN)).toThrow(RangeError);
  });

  it('checks an amount', () => {
    expect(() => checkAmount(0)).not.toThrow();
    expect(() => checkAmount(0.5)).not.toThrow();
    expect(() => checkAmount(-0.5)).toThrow(/An amount must be/);
    expect(() => checkAmount(Number.NaN, 'Pay')).toThrow(/Pay must be/);
    expect(() => checkAmount(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => checkShillings(0)).not.toThrow();
    expect(() => checkShillings(12)).not.toThrow();
    expect(() => checkShillings(0.5)).toThrow(/An amount must be a whole number of shillings, 0 or more; got 0.5/);
    expect(() => checkShillings(-1, 'Pay')).toThrow(/Pay must be/);
  });

  it('picks the latest table in force on a date', () => {
    const a = { effectiveFrom: '2014-07-01', v: 'a' };
    const b = { effectiveFrom: '2024-07-01', v: 'b' };
    const c = { effectiveFrom: '2027-07-01', v: 'c' };
    expect(tableOn([a, b, c], '2014-07-01')).toBe(a);
    expect(tableOn([c, b, a], '2024-06-30')).toBe(a);
    expect(tableOn([c, a, b], '2024-07-01')).toBe(b);
    expect(tableOn([b, a, c], '2030-01-01')).toBe(c);
    expect(tableOn([b, a], '2030-01-01')).toBe(b);
    expect(() => tableOn([a, b], '2014-06-30')).toThrow(/No table is in force on 2014-06-30/);
    expect(() => tableOn([], '2024-07-01')).toThrow(RangeError);
  });
});
