// The assets area's pure rules (asset-rules.ts): figures a bursar would check by hand.
import { describe, expect, it } from 'vitest';
import { assetTag, depreciation, monthsHeld, schoolTagCode } from '../src/modules/assets/asset-rules.js';

describe('months held', () => {
  it('counts a month once its day of the month comes round again', () => {
    expect(monthsHeld('2026-03-15', '2026-03-15')).toBe(0);
    expect(monthsHeld('2026-03-15', '2026-04-14')).toBe(0);
    expect(monthsHeld('2026-03-15', '2026-04-15')).toBe(1);
    expect(monthsHeld('2026-03-15', '2027-03-14')).toBe(11);
    expect(monthsHeld('2026-03-15', '2027-03-15')).toBe(12);
    expect(monthsHeld('2024-01-01', '2026-11-26')).toBe(34);
  });

  it('ends a month bought on the 31st on the last day of a shorter month', () => {
    expect(monthsHeld('2026-01-31', '2026-02-27')).toBe(0);
    expect(monthsHeld('2026-01-31', '2026-02-28')).toBe(1);
    expect(monthsHeld('2026-01-31', '2026-04-30')).toBe(3);
    expect(monthsHeld('2024-01-31', '2024-02-29')).toBe(1);
  });

  it('is zero before the purchase', () => {
    expect(monthsHeld('2026-05-10', '2026-01-01')).toBe(0);
  });
});

describe('straight-line depreciation', () => {
  it('takes the yearly rate pro rata by whole months held', () => {
    // 1,200,000 at 25% a year is 300,000 a year, 25,000 a month; 7 months: 175,000.
    expect(depreciation(1_200_000, 25, '2026-01-10', '2026-08-10')).toEqual({
      months: 7,
      accumulated: 175_000,
      bookValue: 1_025_000,
    });
    // One day short of the seventh month: 6 months, 150,000.
    expect(depreciation(1_200_000, 25, '2026-01-10', '2026-08-09').accumulated).toBe(150_000);
  });

  it('rounds to whole shillings, half up', () => {
    // 350,000 × 10% × 5 / 12 = 14,583.33 → 14,583; 7 months: 20,416.67 → 20,417.
    expect(depreciation(350_000, 10, '2026-01-01', '2026-06-01').accumulated).toBe(14_583);
    expect(depreciation(350_000, 10, '2026-01-01', '2026-08-01')).toMatchObject({
      accumulated: 20_417,
      bookValue: 329_583,
    });
    // 1,000 × 15% × 1 / 12 = 12.5 → 13.
    expect(depreciation(1_000, 15, '2026-01-01', '2026-02-01').accumulated).toBe(13);
  });

  it('never takes the book value below zero', () => {
    // 33% a year: fully written off after 36.4 months; at 40 months the book value is 0, not −10,000.
    expect(depreciation(750_000, 33, '2022-01-01', '2025-05-01')).toEqual({
      months: 40,
      accumulated: 750_000,
      bookValue: 0,
    });
    expect(depreciation(750_000, 100, '2022-01-01', '2030-01-01').bookValue).toBe(0);
  });

  it('leaves land (rate 0) and an asset not yet held a month at cost', () => {
    expect(depreciation(90_000_000, 0, '2010-01-01', '2026-11-26')).toEqual({
      months: 202,
      accumulated: 0,
      bookValue: 90_000_000,
    });
    expect(depreciation(500_000, 20, '2026-11-01', '2026-11-26').bookValue).toBe(500_000);
  });
});

describe('asset tags', () => {
  it('starts with the initials of the school name, leaving out small words', () => {
    expect(schoolTagCode('Kampala High School')).toBe('KHS');
    expect(schoolTagCode("St. Mary's College Kisubi")).toBe('SMCK');
    expect(schoolTagCode('Church of Uganda Secondary School of the Nile')).toBe('CUSSN');
    expect(schoolTagCode('   ')).toBe('SCH');
    expect(schoolTagCode('School for the Deaf and Blind')).toBe('SDB');
    expect(schoolTagCode('Lycée de Kampala')).toBe('LK');
    expect(schoolTagCode('"Kings" College-Budo/Mengo')).toBe('KCBM');
    expect(schoolTagCode('Mount Saint Mary Namagunga Girls Secondary School')).toBe('MSMNGS');
  });

  it('pads the number to four and writes the category code in capitals', () => {
    expect(assetTag('KHS', 'furn', 1)).toBe('KHS/FURN/0001');
    expect(assetTag('KHS', 'COMP', 12345)).toBe('KHS/COMP/12345');
    // A code typed with a slash or a space would break the tag apart: only capitals and digits stay.
    expect(assetTag('KHS', 'it/eq 2', 7)).toBe('KHS/ITEQ2/0007');
    expect(assetTag('KHS', '--', 1)).toBe('KHS/GEN/0001');
  });
});
