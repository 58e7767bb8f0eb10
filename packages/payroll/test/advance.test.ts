import { describe, expect, it } from 'vitest';
import { recoverAdvance, repaymentPlan } from '../src/index.js';

describe('repaymentPlan (DOMAIN §6.4): one go or N months, to the shilling', () => {
  it('is one instalment by default', () => {
    expect(repaymentPlan(300_000)).toEqual([300_000]);
  });

  it.each([
    [300_000, 3, [100_000, 100_000, 100_000]],
    [100_000, 3, [33_334, 33_333, 33_333]],
    [5, 3, [2, 2, 1]],
    [2, 5, [1, 1, 0, 0, 0]],
    [0, 2, [0, 0]],
  ])('%s over %s months → %j', (amount, months, plan) => {
    expect(repaymentPlan(amount, months)).toEqual(plan);
  });

  it('always adds up exactly, in whole shillings that differ by at most one', () => {
    for (let amount = 0; amount < 2_000_000; amount += 77_777) {
      for (let months = 1; months <= 13; months++) {
        const plan = repaymentPlan(amount, months);
        expect(plan).toHaveLength(months);
        expect(plan.reduce((a, b) => a + b, 0)).toBe(amount);
        expect(plan.every(Number.isInteger)).toBe(true);
        expect(Math.max(...plan) - Math.min(...plan)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('refuses a plan of no months, part months or part shillings', () => {
    expect(() => repaymentPlan(100_000, 0)).toThrow(/1 part or more/);
    expect(() => repaymentPlan(100_000, 1.5)).toThrow(RangeError);
    expect(() => repaymentPlan(100_000.5, 2)).toThrow(/whole number of shillings/);
    expect(() => repaymentPlan(-1, 2)).toThrow(RangeError);
  });
});

describe('recoverAdvance: the instalment, no more than is owed nor than the pay leaves', () => {
  it.each([
    [{ outstanding: 300_000, instalment: 100_000 }, 500_000, 100_000, 200_000],
    [{ outstanding: 300_000, instalment: 100_000 }, 100_000, 100_000, 200_000],
    [{ outstanding: 300_000, instalment: 100_000 }, 60_000, 60_000, 240_000],
    [{ outstanding: 30_000, instalment: 100_000 }, 500_000, 30_000, 0],
    [{ outstanding: 300_000, instalment: 100_000 }, 0, 0, 300_000],
    [{ outstanding: 0, instalment: 100_000 }, 500_000, 0, 0],
  ])('%j with %s left → recovers %s, carries %s', (advance, room, recovered, carried) => {
    expect(recoverAdvance(advance, room)).toEqual({ recovered, carried });
  });

  it('refuses negative or part-shilling figures', () => {
    expect(() => recoverAdvance({ outstanding: -1, instalment: 1 }, 10)).toThrow(/outstanding advance/);
    expect(() => recoverAdvance({ outstanding: 10, instalment: 0.5 }, 10)).toThrow(/advance instalment/);
    expect(() => recoverAdvance({ outstanding: 10, instalment: 5 }, -1)).toThrow(/pay left/);
  });
});
