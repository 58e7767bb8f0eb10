import { describe, expect, it } from 'vitest';
import {
  type LstTable,
  lstAnnual,
  lstBands2014,
  lstInstalment,
  lstInstalments,
  lstMonths,
  lstTables,
  tableOn,
} from '../src/index.js';

describe('lstAnnual (DOMAIN §6.3): nothing at or below 100,000 a month, at most 100,000 a year', () => {
  it.each([
    [0, 0],
    [99_999, 0],
    [100_000, 0],
    [100_001, 5_000],
    [200_000, 5_000],
    [200_001, 10_000],
    [300_000, 10_000],
    [300_001, 20_000],
    [400_000, 20_000],
    [400_001, 30_000],
    [500_000, 30_000],
    [500_001, 40_000],
    [600_000, 40_000],
    [600_001, 60_000],
    [700_000, 60_000],
    [700_001, 70_000], // uncertain in DOMAIN: its source is truncated for 700k–1m
    [800_000, 70_000],
    [800_001, 80_000],
    [900_000, 80_000],
    [900_001, 90_000],
    [1_000_000, 90_000],
    [1_000_001, 100_000],
    [50_000_000, 100_000],
  ])('%s a month → %s a year', (monthly, annual) => {
    expect(lstAnnual(monthly)).toBe(annual);
  });

  it("takes a school's own table, its bands in any order", () => {
    const table: LstTable = {
      effectiveFrom: '2027-07-01',
      bands: [
        { over: 1_500_000, annual: 120_000 },
        { over: 150_000, annual: 6_000 },
      ],
    };
    expect(lstAnnual(150_000, table)).toBe(0);
    expect(lstAnnual(150_001, table)).toBe(6_000);
    expect(lstAnnual(1_500_000, table)).toBe(6_000);
    expect(lstAnnual(1_500_001, table)).toBe(120_000);
    expect(lstAnnual(5_000_000, { effectiveFrom: '2027-07-01', bands: [] })).toBe(0);
    expect(tableOn(lstTables, '2026-11-26')).toBe(lstBands2014);
    expect(lstBands2014.effectiveFrom).toBe('2014-07-01');
  });

  it('refuses a negative pay', () => {
    expect(() => lstAnnual(-1)).toThrow(/Monthly pay/);
  });
});

describe('LST instalments: 4 equal ones, July–October', () => {
  it('splits every band into four that add up exactly', () => {
    for (const { annual } of lstBands2014.bands) {
      const parts = lstInstalments(annual);
      expect(parts).toHaveLength(4);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(annual);
      expect(new Set(parts).size).toBe(1);
    }
    expect(lstInstalments(90_000)).toEqual([22_500, 22_500, 22_500, 22_500]);
    expect(lstInstalments(5_000)).toEqual([1_250, 1_250, 1_250, 1_250]);
  });

  it('is due in July, August, September and October only', () => {
    expect(lstMonths).toEqual([7, 8, 9, 10]);
    const year = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => lstInstalment(100_000, month));
    expect(year).toEqual([0, 0, 0, 0, 0, 0, 25_000, 25_000, 25_000, 25_000, 0, 0]);
  });

  it('gives any odd shilling to the first months, and follows another schedule', () => {
    expect(lstInstalments(10_003)).toEqual([2_501, 2_501, 2_501, 2_500]);
    const months = [1, 2, 3];
    expect([1, 2, 3, 4].map((m) => lstInstalment(10_000, m, months))).toEqual([3_334, 3_333, 3_333, 0]);
    expect(lstInstalment(10_003, 10)).toBe(2_500);
    expect(lstInstalment(10_003, 7)).toBe(2_501);
  });

  it('refuses a month outside 1–12 and an annual tax that is not whole shillings', () => {
    expect(() => lstInstalment(5_000, 0)).toThrow(RangeError);
    expect(() => lstInstalment(5_000, 13)).toThrow(/1 to 12/);
    expect(() => lstInstalment(5_000, 7.5)).toThrow(RangeError);
    expect(() => lstInstalment(5_000.5, 7)).toThrow(/Annual LST/);
    expect(() => lstInstalment(-4, 8)).toThrow(RangeError);
    expect(() => lstInstalments(5_000, [])).toThrow(RangeError);
  });
});
