import { describe, expect, it } from 'vitest';
import { lstAnnual, lstInstalment, type MonthlyPayInput, monthlyPay, payeBands2024 } from '../src/index.js';

describe('monthlyPay: a normal month', () => {
  it('computes gross, PAYE on gross less LST (not less NSSF), NSSF, LST, advance, others and net', () => {
    const lst = lstInstalment(lstAnnual(1_000_000), 7);
    expect(lst).toBe(22_500);
    const pay = monthlyPay({
      basic: 800_000,
      allowances: [150_000, { name: 'Housing', amount: 50_000 }],
      otherDeductions: [{ name: 'SACCO', amount: 100_000 }, 10_000],
      advance: { outstanding: 300_000, instalment: 100_000 },
      lstInstalment: lst,
      resident: true,
    });
    expect(pay).toEqual({
      gross: 1_000_000,
      chargeable: 977_500,
      // 25,000 + 30 % × 567,500; with NSSF wrongly deducted first it would be 180,250, without the LST 202,000.
      paye: 195_250,
      nssfEmployee: 50_000,
      nssfEmployer: 100_000,
      lst: 22_500,
      lstCarried: 0,
      advance: 100_000,
      advanceCarried: 200_000,
      others: 110_000,
      otherDeductions: [
        { name: 'SACCO', due: 100_000, taken: 100_000, short: 0 },
        { name: undefined, due: 10_000, taken: 10_000, short: 0 },
      ],
      totalDeductions: 477_750,
      net: 522_250,
    });
  });

  it('is the worked example out of the LST months, resident by default', () => {
    const pay = monthlyPay({ basic: 1_000_000 });
    expect(pay).toMatchObject({
      gross: 1_000_000,
      chargeable: 1_000_000,
      paye: 202_000,
      nssfEmployee: 50_000,
      nssfEmployer: 100_000,
      lst: 0,
      advance: 0,
      advanceCarried: 0,
      others: 0,
      otherDeductions: [],
      totalDeductions: 252_000,
      net: 748_000,
    });
  });

  it('lets the LST bring chargeable income under a band edge', () => {
    // 236,000 - 1,250 = 234,750: no PAYE; on gross it would have been 100.
    const pay = monthlyPay({ basic: 236_000, lstInstalment: 1_250 });
    expect(pay).toMatchObject({ chargeable: 234_750, paye: 0, nssfEmployee: 11_800, lst: 1_250, net: 222_950 });
  });

  it('taxes a non-resident from the first shilling', () => {
    const pay = monthlyPay({ basic: 300_000, resident: false });
    expect(pay).toMatchObject({ paye: 30_000, nssfEmployee: 15_000, net: 255_000 });
    expect(monthlyPay({ basic: 300_000, resident: true }).paye).toBe(6_500);
  });

  it('recovers no more than is outstanding', () => {
    const pay = monthlyPay({ basic: 1_000_000, advance: { outstanding: 30_000, instalment: 100_000 } });
    expect(pay).toMatchObject({ advance: 30_000, advanceCarried: 0, totalDeductions: 282_000, net: 718_000 });
  });

  it('uses the tables it is given', () => {
    const pay = monthlyPay(
      { basic: 1_000_000 },
      {
        paye: { ...payeBands2024, resident: [{ over: 0, percent: 10 }] },
        nssf: { effectiveFrom: '2030-07-01', employeePercent: 6, employerPercent: 12 },
      },
    );
    expect(pay).toMatchObject({ paye: 100_000, nssfEmployee: 60_000, nssfEmployer: 120_000, net: 840_000 });
  });
});

describe('monthlyPay: net pay never goes negative', () => {
  it('caps the advance at what the pay leaves and carries the rest', () => {
    const pay = monthlyPay({
      basic: 300_000,
      otherDeductions: [{ name: 'SACCO', amount: 50_000 }],
      advance: { outstanding: 500_000, instalment: 250_000 },
    });
    expect(pay).toMatchObject({
      gross: 300_000,
      paye: 6_500,
      nssfEmployee: 15_000,
      others: 50_000,
      advance: 228_500,
      advanceCarried: 271_500,
      totalDeductions: 300_000,
      net: 0,
    });
  });

  it('takes the advance only when it fits exactly, to the shilling', () => {
    const base = { basic: 300_000, otherDeductions: [50_000] };
    expect(monthlyPay({ ...base, advance: { outstanding: 228_500, instalment: 228_500 } })).toMatchObject({
      advance: 228_500,
      advanceCarried: 0,
      net: 0,
    });
    expect(monthlyPay({ ...base, advance: { outstanding: 228_499, instalment: 228_499 } }).net).toBe(1);
  });

  it('with deductions larger than the pay, cuts the advance first, then the other deductions from the last', () => {
    const pay = monthlyPay({
      basic: 200_000,
      otherDeductions: [
        { name: 'Loan', amount: 150_000 },
        { name: 'Welfare', amount: 20_000 },
        { name: 'SACCO', amount: 30_000 },
        { name: 'Meals', amount: 5_000 },
      ],
      advance: { outstanding: 100_000, instalment: 50_000 },
      lstInstalment: 1_250,
    });
    expect(pay).toEqual({
      gross: 200_000,
      chargeable: 198_750,
      paye: 0,
      nssfEmployee: 10_000,
      nssfEmployer: 20_000,
      lst: 1_250,
      lstCarried: 0,
      advance: 0,
      advanceCarried: 100_000,
      others: 188_750,
      otherDeductions: [
        { name: 'Loan', due: 150_000, taken: 150_000, short: 0 },
        { name: 'Welfare', due: 20_000, taken: 20_000, short: 0 },
        { name: 'SACCO', due: 30_000, taken: 18_750, short: 11_250 },
        { name: 'Meals', due: 5_000, taken: 0, short: 5_000 },
      ],
      totalDeductions: 200_000,
      net: 0,
    });
  });

  it('with zero pay deducts nothing and carries everything', () => {
    const pay = monthlyPay({
      basic: 0,
      allowances: [],
      otherDeductions: [{ name: 'Welfare', amount: 10_000 }],
      advance: { outstanding: 100_000, instalment: 50_000 },
      lstInstalment: 2_500,
    });
    expect(pay).toEqual({
      gross: 0,
      chargeable: 0,
      paye: 0,
      nssfEmployee: 0,
      nssfEmployer: 0,
      lst: 0,
      lstCarried: 2_500,
      advance: 0,
      advanceCarried: 100_000,
      others: 0,
      otherDeductions: [{ name: 'Welfare', due: 10_000, taken: 0, short: 10_000 }],
      totalDeductions: 0,
      net: 0,
    });
  });

  it('takes an LST instalment only as far as the pay goes after PAYE and NSSF', () => {
    const pay = monthlyPay({
      basic: 20_000,
      lstInstalment: 25_000,
      advance: { outstanding: 5_000, instalment: 5_000 },
    });
    expect(pay).toMatchObject({ nssfEmployee: 1_000, lst: 19_000, lstCarried: 6_000, chargeable: 1_000, net: 0 });
    expect(pay.advanceCarried).toBe(5_000);
    // Exactly enough: all of it.
    expect(monthlyPay({ basic: 20_000, lstInstalment: 19_000 })).toMatchObject({ lst: 19_000, lstCarried: 0, net: 0 });
  });

  it('keeps net + deductions = gross, all whole and net never negative, over many months', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let i = 0; i < 400; i++) {
      const input: MonthlyPayInput = {
        basic: next(3_000_000),
        allowances: [next(300_000), next(100_000)],
        otherDeductions: [next(400_000), next(200_000)],
        advance: { outstanding: next(2_000_000), instalment: next(800_000) },
        lstInstalment: next(26_000),
        resident: next(2) === 0,
      };
      const pay = monthlyPay(input);
      const parts = pay.paye + pay.nssfEmployee + pay.lst + pay.advance + pay.others;
      expect(pay.totalDeductions).toBe(parts);
      expect(pay.net + pay.totalDeductions).toBe(pay.gross);
      expect(pay.net).toBeGreaterThanOrEqual(0);
      expect(pay.advance + pay.advanceCarried).toBe(input.advance!.outstanding);
      expect(pay.lst + pay.lstCarried).toBe(input.lstInstalment);
      for (const v of [pay.paye, pay.nssfEmployee, pay.nssfEmployer, pay.advance, pay.others, pay.net]) {
        expect(Number.isInteger(v)).toBe(true);
      }
    }
  });
});

describe('monthlyPay refuses what is not whole shillings', () => {
  it.each([
    [{ basic: -1 }, /Basic salary/],
    [{ basic: 100.5 }, /Basic salary/],
    [{ basic: 100, allowances: [1.5] }, /An allowance/],
    [{ basic: 100, allowances: [{ name: 'x', amount: -2 }] }, /An allowance/],
    [{ basic: 100, otherDeductions: [-5] }, /A deduction/],
    [{ basic: 100, lstInstalment: Number.NaN }, /The LST instalment/],
    [{ basic: 100, advance: { outstanding: -1, instalment: 0 } }, /outstanding advance/],
  ])('%j', (input, message) => {
    expect(() => monthlyPay(input as MonthlyPayInput)).toThrow(message);
  });

  it('refuses tables under which PAYE and NSSF take more than the pay', () => {
    const greedy = { ...payeBands2024, resident: [{ over: 0, percent: 100 }] };
    expect(() => monthlyPay({ basic: 1_000 }, { paye: greedy })).toThrow(/more than the gross pay of 1000/);
    // Exactly all of it is allowed.
    expect(
      monthlyPay(
        { basic: 1_000 },
        { paye: greedy, nssf: { effectiveFrom: '2024-07-01', employeePercent: 0, employerPercent: 0 } },
      ).net,
    ).toBe(0);
  });
});
