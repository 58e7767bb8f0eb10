import { describe, expect, it } from 'vitest';
import { nssf, nssfRates2024, nssfTables, tableOn } from '../src/index.js';

describe('nssf (DOMAIN §6.2): 5 % employee, 10 % employer, no cap', () => {
  it.each([
    [0, 0, 0],
    [9, 0, 1], // 0.45 and 0.9
    [10, 1, 1], // 0.5 (halves up) and 1
    [300_000, 15_000, 30_000],
    [1_000_000, 50_000, 100_000],
    [1_000_001, 50_000, 100_000], // 50,000.05 and 100,000.1
    [100_010, 5_001, 10_001], // 5,000.5 and 10,001
    [100_015, 5_001, 10_002], // 5,000.75 and 10,001.5: each rounded on its own
    [50_000_000, 2_500_000, 5_000_000], // no UGX 50,000 cap
  ])('%s → employee %s, employer %s', (gross, employee, employer) => {
    expect(nssf(gross)).toEqual({ employee, employer });
  });

  it('is 15 % of gross in all for a round figure', () => {
    const { employee, employer } = nssf(2_345_600);
    expect(employee + employer).toBe(351_840);
  });

  it('takes other rates as dated data', () => {
    expect(nssfRates2024).toEqual({ effectiveFrom: '2024-07-01', employeePercent: 5, employerPercent: 10 });
    expect(tableOn(nssfTables, '2026-11-26')).toBe(nssfRates2024);
    expect(nssf(1_000_000, { effectiveFrom: '2030-07-01', employeePercent: 6, employerPercent: 12 })).toEqual({
      employee: 60_000,
      employer: 120_000,
    });
  });

  it('refuses a negative or non-numeric gross', () => {
    expect(() => nssf(-1)).toThrow(RangeError);
    expect(() => nssf(Number.NaN)).toThrow(/Gross pay/);
  });
});
