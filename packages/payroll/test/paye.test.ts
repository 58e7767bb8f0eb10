import { describe, expect, it } from 'vitest';
import { type PayeTable, payeBands2024, payeMonthly, payeTables, tableOn } from '../src/index.js';

/** DOMAIN §6.1 written out as the published table (fixed sum + rate × excess), in tenths of a shilling. */
function domainResidentTenths(g: number) {
  const extra = g > 10_000_000 ? g - 10_000_000 : 0;
  if (g <= 235_000) return 0;
  if (g <= 335_000) return g - 235_000;
  if (g <= 410_000) return 100_000 + 2 * (g - 335_000);
  return 250_000 + 3 * (g - 410_000) + extra;
}
function domainNonResidentTenths(g: number) {
  const extra = g > 10_000_000 ? g - 10_000_000 : 0;
  if (g <= 335_000) return g;
  if (g <= 410_000) return 335_000 + 2 * (g - 335_000);
  return 485_000 + 3 * (g - 410_000) + extra;
}

describe('payeMonthly, resident (DOMAIN §6.1)', () => {
  it.each([
    [0, 0],
    [100_000, 0],
    [235_000, 0],
    [235_001, 0], // 0.1
    [235_004, 0], // 0.4
    [235_005, 1], // 0.5: halves up
    [235_010, 1],
    [235_015, 2], // 1.5
    [300_000, 6_500],
    [335_000, 10_000],
    [335_001, 10_000], // 10,000.2
    [335_003, 10_001], // 10,000.6
    [335_010, 10_002],
    [400_000, 23_000],
    [410_000, 25_000],
    [410_001, 25_000], // 25,000.3
    [410_002, 25_001], // 25,000.6
    [410_010, 25_003],
    [500_000, 52_000],
    [1_000_000, 202_000], // the worked example: 25,000 + 30 % × 590,000
    [9_999_999, 2_902_000], // 2,901,999.7
    [10_000_000, 2_902_000],
    [10_000_001, 2_902_000], // 2,902,000.4
    [10_000_002, 2_902_001], // 2,902,000.8
    [10_000_010, 2_902_004], // 30 % + the extra 10 %
    [20_000_000, 6_902_000],
  ])('%s → %s', (gross, tax) => {
    expect(payeMonthly(gross)).toBe(tax);
    expect(payeMonthly(gross, true)).toBe(tax);
  });

  it('pins the published fixed sums at the band tops', () => {
    expect(payeMonthly(335_000)).toBe(10_000);
    expect(payeMonthly(410_000)).toBe(25_000);
    expect(payeMonthly(410_000 + 590_000)).toBe(25_000 + 0.3 * 590_000);
  });

  it('agrees with the published table to the shilling across the range, edges included', () => {
    const incomes = [235_000, 235_001, 335_000, 335_001, 410_000, 410_001, 10_000_000, 10_000_001];
    for (let g = 0; g <= 12_000_000; g += 9_973) incomes.push(g, g + 5);
    for (const g of incomes) expect(payeMonthly(g), `gross ${g}`).toBe(Math.round(domainResidentTenths(g) / 10));
  });
});

describe('payeMonthly, non-resident (from the first shilling)', () => {
  it.each([
    [0, 0],
    [1, 0], // 0.1
    [5, 1], // 0.5: halves up
    [100_000, 10_000],
    [235_000, 23_500],
    [335_000, 33_500],
    [335_010, 33_502],
    [410_000, 48_500],
    [410_010, 48_503],
    [1_000_000, 225_500],
    [10_000_000, 2_925_500],
    [10_000_001, 2_925_500], // 2,925,500.4
    [10_000_010, 2_925_504],
  ])('%s → %s', (gross, tax) => {
    expect(payeMonthly(gross, false)).toBe(tax);
  });

  it('agrees with the published table to the shilling across the range', () => {
    for (let g = 0; g <= 12_000_000; g += 9_973) {
      for (const x of [g, g + 5]) {
        expect(payeMonthly(x, false), `gross ${x}`).toBe(Math.round(domainNonResidentTenths(x) / 10));
      }
    }
  });
});

describe('PAYE tables are dated data', () => {
  it('is DOMAIN §6.1 in force from 1 July 2024', () => {
    expect(payeBands2024.effectiveFrom).toBe('2024-07-01');
    expect(tableOn(payeTables, '2026-11-26')).toBe(payeBands2024);
    expect(() => tableOn(payeTables, '2024-06-30')).toThrow(RangeError);
  });

  it("takes next year's table instead, its bands in any order", () => {
    const budget2027: PayeTable = {
      effectiveFrom: '2027-07-01',
      resident: [
        { over: 500_000, percent: 30 },
        { over: 0, percent: 0 },
        { over: 300_000, percent: 10 },
      ],
      nonResident: [{ over: 0, percent: 15 }],
      surcharges: [],
    };
    // 10 % of 200,000 + 30 % of 500,000; no surcharge above 10 m.
    expect(payeMonthly(1_000_000, true, budget2027)).toBe(170_000);
    expect(payeMonthly(300_000, true, budget2027)).toBe(0);
    expect(payeMonthly(300_010, true, budget2027)).toBe(1);
    expect(payeMonthly(20_000_000, true, budget2027)).toBe(20_000 + 5_850_000);
    expect(payeMonthly(1_000, false, budget2027)).toBe(150);
    expect(tableOn([payeBands2024, budget2027], '2027-07-01')).toBe(budget2027);
    expect(tableOn([budget2027, payeBands2024], '2027-06-30')).toBe(payeBands2024);
  });

  it('refuses a negative or non-numeric income', () => {
    expect(() => payeMonthly(-1)).toThrow(RangeError);
    expect(() => payeMonthly(Number.NaN)).toThrow(RangeError);
    expect(() => payeMonthly(Number.POSITIVE_INFINITY, false)).toThrow(/Monthly chargeable income/);
  });
});

describe('issue 25: a non-resident staff member', () => {
  it('400,000 a month → PAYE 46,500 (10 % of 335,000 + 20 % of 65,000); a resident pays 23,000', () => {
    expect(payeMonthly(400_000, false)).toBe(46_500);
    expect(payeMonthly(400_000)).toBe(23_000);
  });
});
