import { describe, expect, it } from 'vitest';
import {
  budgetInRange,
  daysIn,
  monthPeriods,
  overlappingYear,
  partsOf,
  percentOfBudget,
  periodsOf,
  splitEvenly,
  termPeriods,
  variance,
} from '../src/modules/budget/budget-rules.js';

const y2026 = { from: '2026-01-01', to: '2026-12-31' };

describe('budget rules', () => {
  it('split an annual amount to the shilling: the parts always sum to it', () => {
    expect(splitEvenly(1_000_000, 3)).toEqual([333_334, 333_333, 333_333]);
    expect(splitEvenly(24_000_005, 12)).toEqual([
      2_000_001, 2_000_001, 2_000_001, 2_000_001, 2_000_001, 2_000_000, 2_000_000, 2_000_000, 2_000_000, 2_000_000,
      2_000_000, 2_000_000,
    ]);
    expect(splitEvenly(2, 3)).toEqual([1, 1, 0]);
    expect(splitEvenly(100, 0)).toEqual([]);
    for (const amount of [0, 1, 999_999, 7_654_321])
      for (const n of [3, 12]) expect(splitEvenly(amount, n).reduce((a, b) => a + b, 0)).toBe(amount);
  });

  it('take given parts only when they fit the split and sum to the amount', () => {
    expect(partsOf(900, 1)).toEqual([]);
    expect(partsOf(900, 3)).toEqual([300, 300, 300]);
    expect(partsOf(900, 3, [500, 300, 100])).toEqual([500, 300, 100]);
    expect(partsOf(900, 3, [])).toEqual([300, 300, 300]);
    expect(partsOf(900, 3, [900, 0, 0])).toEqual([900, 0, 0]);
    expect(partsOf(900, 3, [500, 300])).toBe('Give 3 parts, one per period');
    expect(partsOf(1_000_000, 3, [500_000, 300_000, 100_000])).toBe('The parts add up to 900,000, not 1,000,000');
    expect(partsOf(900, 3, [1000, -100, 0])).toBe('Each part is a whole number of shillings, not below zero');
  });

  it('find an overlapping year, sharing even one day, never the year itself', () => {
    const years = [
      { id: 1, name: '2025', from: '2025-01-01', to: '2025-12-31' },
      { id: 2, name: '2026', from: '2026-01-01', to: '2026-12-31' },
    ];
    expect(overlappingYear(years, { from: '2025-12-31', to: '2026-06-30' })?.name).toBe('2025');
    expect(overlappingYear(years, { from: '2027-01-01', to: '2027-12-31' })).toBeUndefined();
    expect(overlappingYear(years, { from: '2024-07-01', to: '2025-01-01' })?.name).toBe('2025');
    expect(overlappingYear(years, { from: '2024-07-01', to: '2024-12-31' })).toBeUndefined();
    expect(overlappingYear(years, { id: 2, from: '2026-01-01', to: '2026-12-31' })).toBeUndefined();
    expect(overlappingYear(years, { id: 2, from: '2025-07-01', to: '2026-06-30' })?.name).toBe('2025');
  });

  it('cut a year into its twelve months and three terms that cover it', () => {
    const months = monthPeriods(y2026);
    expect(months).toHaveLength(12);
    expect(months[1]).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthPeriods({ from: '2025-07-01', to: '2026-06-30' })[0]).toEqual({ from: '2025-07-01', to: '2025-07-31' });
    // Term 1 runs to the day before term 2 opens; the holidays belong to the term before.
    expect(termPeriods(y2026, ['2026-05-25', '2026-09-14'])).toEqual([
      { from: '2026-01-01', to: '2026-05-24' },
      { from: '2026-05-25', to: '2026-09-13' },
      { from: '2026-09-14', to: '2026-12-31' },
    ]);
    // Openings outside the year: the year in thirds.
    const thirds = termPeriods(y2026, ['2025-05-01', '2025-09-01']);
    expect(thirds.map(daysIn)).toEqual([121, 121, 123]);
    expect(termPeriods(y2026, null)).toEqual(thirds);
    // Term 2 may not open on the year's first day, nor with term 3; term 3 may open on its last.
    expect(termPeriods(y2026, ['2026-01-01', '2026-09-14'])).toEqual(thirds);
    expect(termPeriods(y2026, ['2026-09-14', '2026-09-14'])).toEqual(thirds);
    expect(termPeriods(y2026, ['2026-05-25', '2027-01-01'])).toEqual(thirds);
    expect(termPeriods(y2026, ['2026-05-25', '2026-12-31'])[2]).toEqual({ from: '2026-12-31', to: '2026-12-31' });
    // A year ending on the first of a month has that one day as its last month.
    expect(monthPeriods({ from: '2026-01-01', to: '2026-02-01' })).toEqual([
      { from: '2026-01-01', to: '2026-01-31' },
      { from: '2026-02-01', to: '2026-02-01' },
    ]);
    expect(periodsOf('year', y2026, null)).toEqual([y2026]);
    expect(periodsOf('month', y2026, null)).toEqual(months);
    expect(periodsOf('term', y2026, ['2026-05-25', '2026-09-14'])[1]).toEqual({ from: '2026-05-25', to: '2026-09-13' });
  });

  it("count a part for the share of its period's days in the range; the whole year gives the amount exactly", () => {
    const months = monthPeriods(y2026);
    const parts = splitEvenly(12_000_001, 12);
    expect(budgetInRange(12_000_001, months, parts, y2026)).toBe(12_000_001);
    expect(budgetInRange(12_000_001, months, parts, { from: '2026-01-01', to: '2026-03-31' })).toBe(3_000_001);
    // Half of January (15 of 31 days of 1,000,001).
    expect(budgetInRange(12_000_001, months, parts, { from: '2026-01-01', to: '2026-01-15' })).toBe(483_871);
    // A yearly line: by days (181 of 365 days of 36,500,000).
    expect(budgetInRange(36_500_000, [y2026], [], { from: '2026-01-01', to: '2026-06-30' })).toBe(18_100_000);
    expect(budgetInRange(36_500_000, [y2026], [], { from: '2027-01-01', to: '2027-06-30' })).toBe(0);
    // A range reaching outside the year counts only its days in the year.
    expect(budgetInRange(12_000_001, months, parts, { from: '2025-07-01', to: '2026-02-14' })).toBe(1_500_001);
    expect(budgetInRange(12_000_001, months, parts, { from: '2026-12-17', to: '2027-03-31' })).toBe(483_871);
    // Parts that do not fit the periods: the amount over the whole span, by days (28 of 365 days).
    expect(budgetInRange(36_500_000, months, [], { from: '2026-02-01', to: '2026-02-28' })).toBe(2_800_000);
  });

  it('give variance in the school’s favour and the actual as a percentage of budget', () => {
    expect(variance('revenue', 1_000_000, 1_200_000)).toBe(200_000);
    expect(variance('revenue', 1_000_000, 800_000)).toBe(-200_000);
    expect(variance('expense', 1_000_000, 800_000)).toBe(200_000);
    expect(variance('expense', 1_000_000, 1_250_000)).toBe(-250_000);
    expect(percentOfBudget(1_000_000, 800_000)).toBe(80);
    expect(percentOfBudget(3_000_000, 1_000_000)).toBe(33.3);
    expect(percentOfBudget(3_000_000, 2_000_000)).toBe(66.7);
    expect(percentOfBudget(0, 500)).toBeNull();
  });
});
