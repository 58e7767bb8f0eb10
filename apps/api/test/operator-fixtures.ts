import { expect } from 'vitest';
import type { App } from '../src/app.js';
import type { Database } from '../src/db/open.js';
import { addOperator } from '../src/modules/operator/index.js';
import { client } from './students-fixtures.js';
import { unique } from './support.js';

export const operatorPassword = 'the operator’s own password';

/** An operator of the service made as `npm run operator -- add` makes one, signed in to the console. */
export async function signedInOperator(app: App, database: Database, name = 'Jane Operator') {
  const email = `${unique('op-')}@service.example`;
  await addOperator(database.db, { name, email, password: operatorPassword });
  const res = await app.inject({
    method: 'POST',
    url: '/api/operator/login',
    payload: { email, password: operatorPassword },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { email, name, token: res.json().token as string, api: client(app, res.json().token) };
}

const operators = new WeakMap<App, Promise<Awaited<ReturnType<typeof signedInOperator>>>>();

/**
 * SMS credit a school asked the service for and the service confirmed (the default server: the gateway account
 * is the service's, so a school's "buy" counts only once confirmed). Answers the confirmed package.
 */
export async function confirmedCredit(
  app: App,
  database: Database,
  school: { schoolId: number; api: ReturnType<typeof client> },
  body: object,
) {
  const asked = await school.api.post('/sms_packages', body);
  expect(asked.statusCode, asked.body).toBe(200);
  expect(asked.json().data.status).toBe('requested');
  if (!operators.has(app)) operators.set(app, signedInOperator(app, database, 'Credit Desk'));
  const operator = await (operators.get(app) as ReturnType<typeof signedInOperator>);
  const id = asked.json().data.id as number;
  const confirmed = await operator.api.post(`/operator/sms_requests/${id}/confirm`, { school_id: school.schoolId });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const packages = (await school.api.get('/sms_packages')).json().data.packages as { id: number }[];
  return packages.find((p) => p.id === id) as Record<string, unknown> & { id: number; expense_id: number | null };
}
