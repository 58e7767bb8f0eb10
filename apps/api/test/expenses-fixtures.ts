import { expect } from 'vitest';
import type { RegisterSchool } from './students-fixtures.js';

type Api = RegisterSchool['api'];

/** A school's expense set-up: two modes, a supplier, two categories with items. */
export async function setUp(school: RegisterSchool) {
  const post = async (url: string, body: object) => {
    const res = await school.api.post(url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const cash = await post('/payment_options', {
    name: 'Cash',
    kind: 'cash',
    opening_balance: 2_000_000,
    opening_on: '2026-01-01',
  });
  const bank = await post('/payment_options', {
    name: 'Bank',
    kind: 'bank',
    opening_balance: 5_000_000,
    opening_on: '2026-01-01',
  });
  const food = await post('/expense_categories', { name: 'Food' });
  const stationery = await post('/expense_categories', { name: 'Stationery' });
  const posho = await post('/expense_items', {
    name: 'Maize flour',
    category_id: food,
    unit: 'bag',
    unit_cost: 160_000,
  });
  const beans = await post('/expense_items', { name: 'Beans', category_id: food, unit: 'bag', unit_cost: 300_000 });
  const paper = await post('/expense_items', {
    name: 'Photocopy paper',
    category_id: stationery,
    unit: 'ream',
    unit_cost: 25_000,
  });
  const supplier = await post('/suppliers', { name: 'Nakasero Wholesalers', phone: '0772 000111' });
  return { cash, bank, food, stationery, posho, beans, paper, supplier };
}

export async function fillCart(
  api: Api,
  lines: { item_id: number; quantity: number; unit_cost: number }[],
  cart = '/expense_cart',
) {
  for (const line of lines) {
    const res = await api.post(cart, line);
    expect(res.statusCode, res.body).toBe(200);
  }
}
