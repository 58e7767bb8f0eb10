import { beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from './pdf-text.js';
import { type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { useTestApp } from './support.js';

/**
 * A staff member not resident in Uganda for tax pays PAYE from the first shilling (DOMAIN §6.1):
 * 400,000 a month is 10 % of 335,000 plus 20 % of 65,000 = 46,500; a resident on the same pay 23,000
 * (10,000 on the band to 335,000 plus 20 % of 65,000). November has no LST instalment, so the chargeable pay is the gross.
 */
const t = useTestApp();

describe('PAYE of a non-resident staff member', () => {
  let s: RegisterSchool;
  const ids: Record<string, number> = {};
  const ok = async (res: Promise<{ statusCode: number; body: string; json: () => Json }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data;
  };

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database);
    ids.abroad = (
      await ok(s.api.post('/staff', { name: 'Kamau Peter', initials: 'KP', basic_salary: 400_000, non_resident: true }))
    ).id;
    ids.home = (await ok(s.api.post('/staff', { name: 'Atim Grace', initials: 'AG', basic_salary: 400_000 }))).id;
  });

  it('is kept on the staff record and shown on the profile', async () => {
    expect((await ok(s.api.get(`/staff/${ids.abroad}`))).non_resident).toBe(true);
    expect((await ok(s.api.get(`/staff/${ids.home}`))).non_resident).toBe(false);
  });

  it('the month is prepared by the non-resident bands: 400,000 → PAYE 46,500; a resident 23,000', async () => {
    const month = await ok(s.api.post('/salary_temp', { year: 2026, month: 11 }));
    const row = (id: number) => month.rows.find((r: Json) => r.staff_id === id);
    expect(row(ids.abroad)).toMatchObject({ gross: 400_000, lst: 0, paye: 46_500, nssf_employee: 20_000 });
    expect(row(ids.abroad).net).toBe(400_000 - 46_500 - 20_000);
    expect(row(ids.home)).toMatchObject({ gross: 400_000, lst: 0, paye: 23_000 });
  });

  it('a change to the record applies when the month is prepared again, and the payslip says non-resident', async () => {
    await ok(s.api.put(`/staff/${ids.home}`, { non_resident: true }));
    const month = await ok(s.api.post('/salary_temp', { year: 2026, month: 11 }));
    expect(month.rows.find((r: Json) => r.staff_id === ids.home).paye).toBe(46_500);
    const cash = (
      await ok(
        s.api.post('/payment_options', {
          name: 'Cash',
          kind: 'cash',
          opening_balance: 2_000_000,
          opening_on: '2026-01-01',
        }),
      )
    ).id;
    await ok(s.api.post('/pay_salary_all', { year: 2026, month: 11, mode_id: cash, paid_on: '2026-11-28' }));
    const slips = await s.api.post('/salary_report', { year: 2026, month: 11, kind: 'payslips' });
    expect(slips.statusCode).toBe(200);
    const text = (await pdfPages(slips.rawPayload)).join('\n');
    expect(text).toMatch(/PAYE \(non-resident\)\s*46,500/);
  });
});
