import { describe, expect, it } from 'vitest';
import { recordLabel } from '../src/modules/audits/label.js';
import { bearer, newSchool, useTestApp } from './support.js';

/** Issue 9 §6: the audit trail names records, not ids. */
const t = useTestApp();

describe('audit record labels', () => {
  it('name a record by its kind’s title, receipt number or name, and only failing those by its id', () => {
    expect(recordLabel('students', null, { surname: 'Nakato', otherNames: 'Sarah' }, '4')).toBe('Nakato Sarah');
    expect(recordLabel('fees_payments', { receiptNo: 123, amount: 5 }, null, '9')).toBe('Receipt 123');
    expect(recordLabel('fees_categories', null, { name: 'Boarding fee' }, '2')).toBe('Boarding fee');
    expect(recordLabel('term_dates', { term: 2, year: 2026 }, null, '7')).toBe('Term 2 2026');
    expect(recordLabel('streams', null, { name: 'East', classId: 3 }, '5')).toBe('East');
    expect(recordLabel('expense_requisitions', null, { number: 4, title: 'Paper' }, '9')).toBe('Requisition 4');
    expect(recordLabel('asset_purchases', { id: 7, quantity: 2 }, null, '7')).toBe('Asset purchase 7');
    expect(recordLabel('assets', null, { tag: 'KHS/FURN/0001', id: 3 }, '3')).toBe('KHS/FURN/0001');
    expect(recordLabel('budget_lines', null, { kind: 'expense', amount: 30_000_000 }, '2')).toBe(
      'Budget line (expense, UGX 30,000,000)',
    );
    expect(recordLabel('counters', null, { value: 3 }, '11')).toBe('#11');
    expect(recordLabel('sessions', null, null, null)).toBe('—');
  });

  it('are answered by the audit list', async () => {
    const school = await newSchool(t.app, t.database);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/fees_categories',
      headers: bearer(school.adminToken),
      payload: { name: 'Swimming fee' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/audits',
      headers: bearer(school.adminToken),
      payload: { entity: 'fees_categories' },
    });
    expect(res.json().data[0]).toMatchObject({ entity: 'fees_categories', record: 'Swimming fee' });
  });
});
