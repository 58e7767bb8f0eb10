import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import type { SignedInUser } from '@somero/contract';

export const admin = { username: 'admin', password: 'demo-admin-pass' } as const;
/** The service's operator (made beside the demo school by e2e/support/seed-demo.ts), who signs in at /operator. */
export const operator = {
  name: 'Service Operator',
  email: 'operator@somero.example',
  password: 'operator-pass-2026',
} as const;

/** Signs the operator in to the console (its session is kept apart from any school's). */
export async function operatorSignIn(page: Page) {
  await page.goto('/operator');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(operator.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(operator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('tab', { name: 'Schools' })).toBeVisible();
}

export interface Session {
  token: string;
  user: SignedInUser;
}

/** Sign in through the API (no browser), for seeding a page or calling the API as that user. */
export async function apiSignIn(request: APIRequestContext, username: string, password: string): Promise<Session> {
  const reply = await request.post('/api/login', { data: { username, password } });
  expect(reply.status(), `sign in as ${username}`).toBe(200);
  return (await reply.json()) as Session;
}

/** Store the token and user name before every page load, as the app does after signing in. */
export async function seedSession(context: BrowserContext, session: Session) {
  await context.addInitScript(
    ([token, name]) => {
      localStorage.setItem('somero.token', token);
      localStorage.setItem('somero.user', name);
    },
    [session.token, session.user.name] as const,
  );
}

/** Sign in through the login screen. */
export async function uiSignIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'User name' }).fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboardv1$/);
}

export const bearer = (session: Session) => ({ Authorization: `Bearer ${session.token}` });

/** Uncaught errors of a page, to assert none happened. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** GET an API path as `session` (it must answer 200): its data, and the totals of a list that has them. */
export async function getData<T>(
  page: Page,
  session: Session,
  path: string,
): Promise<{ data: T; totals?: { count: number; amount: number } }> {
  const reply = await page.request.get(`/api/${path}`, { headers: bearer(session) });
  expect(reply.status(), path).toBe(200);
  return (await reply.json()) as { data: T; totals?: { count: number; amount: number } };
}
