import { isPermissionFlag } from '@somero/contract';
import { describe, expect, it } from 'vitest';
import { bearer, newSchool, staffWith, useTestApp } from './support.js';

/**
 * Every call the contract marks as changing money (`money: true`) declares the flag of the screen that
 * offers it (or 'admin' where that screen has none). The payment desk's `pay_fees` lets a cashier record payments, not amend, void or move
 * them: only the desk's own record calls may declare it.
 */
const t = useTestApp();
const concrete = (url: string) => url.replace(/:(\w+)/g, '999999');
const route = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The desk's own calls: take a payment (current or old student) and deal with online payments on its screen. */
const deskCalls = new Set([
  'POST /api/fees_payments',
  'POST /api/old_payments',
  'GET /api/get_online_payments',
  'POST /api/match_online_payment',
  'POST /api/reject_online_payment',
]);

describe('calls that change money', () => {
  const money = () => t.app.registeredRoutes.filter((r) => r.money);

  it('each declares one flag, and only the desk’s own record calls declare pay_fees', () => {
    const names = money().map(route);
    // The corrections the issue names, and the online account, are among them.
    for (const name of [
      'PUT /api/fees_payments/:id',
      'POST /api/delete_fees_payment',
      'PUT /api/payment_gateway',
      'POST /api/money_transfers',
      'POST /api/revenues',
      'POST /api/expenses',
      ...deskCalls,
    ]) {
      expect(names).toContain(name);
    }
    for (const r of money()) {
      // One flag, or 'admin' where the specification gives the screen none (assets): administrators only.
      const one = typeof r.access === 'string' && (isPermissionFlag(r.access) || r.access === 'admin');
      expect(one, `${route(r)}: ${String(r.access)}`).toBe(true);
      if (!deskCalls.has(route(r))) expect(r.access, route(r)).not.toBe('pay_fees');
    }
  });

  it('a cashier holding only pay_fees gets 403 from every one but the desk’s own', async () => {
    const school = await newSchool(t.app, t.database);
    const cashier = (await staffWith(t.app, t.database, school, ['pay_fees'])).token;
    for (const r of money()) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: bearer(cashier),
        payload: r.method === 'GET' ? undefined : {},
      });
      if (deskCalls.has(route(r))) expect(res.statusCode, route(r)).not.toBe(403);
      else expect(res.statusCode, route(r)).toBe(403);
    }
  });
});
