import { expect, test } from '@playwright/test';
import { collectPageErrors, operator, operatorSignIn } from '../support/session';
import { notice, unique } from '../support/ui';

// The service's operator: signs in to the console apart from any school, sees the schools it hosts, suspends a
// school (whose head teacher is then refused with the reason) and lifts it, and grants SMS credit that the school
// sees among its packages. A school's user is nobody on the console.
test.describe.configure({ mode: 'serial' });

test('the console: a wrong password refused, the schools listed, a school suspended and lifted, credit granted', async ({
  page,
  request,
  browser,
}) => {
  const errors = collectPageErrors(page);
  // A school of its own, registered as a new school would be (the demo school serves the other tests).
  const name = unique('Rwenzori View SS ');
  const username = unique('head');
  const registered = await request.post('/api/register', {
    data: {
      school: name,
      name: 'Grace Tumwine',
      username,
      email: `${username}@school.example`,
      password: 'rwenzori-2026',
    },
  });
  expect(registered.status()).toBe(200);
  const schoolToken = ((await registered.json()) as { token: string }).token;

  await page.goto('/operator');
  await expect(page.getByRole('heading', { name: 'Somero service console' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(operator.email);
  await page.getByRole('textbox', { name: 'Password' }).fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(notice(page, 'Wrong e-mail or password.')).toBeVisible();
  await operatorSignIn(page);
  await expect(page.getByText(`Signed in as ${operator.name}`)).toBeVisible();

  const demo = page.locator('tr[data-school="Kampala Hill Secondary School"]');
  await expect(demo).toContainText('Active');
  await expect(demo).toContainText('Demo');
  // The demo school's figures: its current students and its users.
  await expect(demo.locator('td').nth(2)).toHaveText(/^[1-9][\d,]{2,}$/);
  await expect(demo.locator('td').nth(3)).toHaveText(/^[1-9]\d*$/);
  const row = page.locator(`tr[data-school="${name}"]`);
  await expect(row).toContainText('Active');
  await expect(row.locator('td').nth(3)).toHaveText('1');

  // Suspended with a reason: the school's session ends and its head teacher reads why on signing in again.
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Suspend' }).click();
  const dialog = page.getByRole('dialog', { name: `Suspend ${name}` });
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(dialog.getByText('Say why, in a few words')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The service fee for Term 3 is unpaid');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(notice(page, `${name} is suspended. Nothing of it is deleted.`)).toBeVisible();
  await expect(row).toContainText('Suspended');
  await expect(row).toContainText('The service fee for Term 3 is unpaid');
  const refused = await request.get('/api/students', { headers: { Authorization: `Bearer ${schoolToken}` } });
  expect(refused.status()).toBe(401);
  const school = await browser.newPage();
  await school.goto('/login');
  await school.getByRole('textbox', { name: 'User name' }).fill(username);
  await school.getByRole('textbox', { name: 'Password' }).fill('rwenzori-2026');
  await school.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    school.getByText(/Your school's use of Somero is suspended \(The service fee for Term 3 is unpaid\)/),
  ).toBeVisible();
  await expect(school).toHaveURL(/\/login$/);

  // Lifted: the head teacher signs in as before.
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Lift the suspension' }).click();
  await expect(notice(page, `${name} works again.`)).toBeVisible();
  await expect(row).toContainText('Active');
  await school.getByRole('button', { name: 'Sign in' }).click();
  await expect(school).toHaveURL(/\/dashboardv1$/);

  // Credit granted with a price and a reference: the school sees it among its packages.
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Grant SMS credit' }).click();
  const grant = page.getByRole('dialog', { name: `SMS credit for ${name}` });
  await grant.getByRole('textbox', { name: 'Credits' }).fill('1000');
  await grant.getByRole('textbox', { name: 'Price paid (UGX)' }).fill('38000');
  await grant.getByRole('textbox', { name: 'Reference' }).fill('INV-2026-118');
  await grant.getByRole('button', { name: 'Grant SMS credit' }).click();
  await expect(notice(page, `1,000 SMS added to ${name}.`)).toBeVisible();
  await expect(row.locator('td').nth(6)).toHaveText('1,000');
  await school.goto('/sms/packages');
  const granted = school.getByRole('row', { name: /INV-2026-118/ });
  await expect(granted).toContainText('1,000 SMS from the service');
  await expect(granted).toContainText('UGX 38,000');
  await expect(school.getByRole('heading', { name: 'Ask the service for SMS credit' })).toBeVisible();

  // What the operators did, newest first.
  await page.getByRole('tab', { name: 'Activity' }).click();
  const lines = page.locator('tbody tr');
  await expect(lines.first()).toContainText(`Granted 1,000 SMS to ${name} for UGX 38,000 (INV-2026-118)`);
  await expect(lines.nth(1)).toContainText(`Reinstated ${name}`);
  await expect(lines.nth(2)).toContainText(`Suspended ${name}: The service fee for Term 3 is unpaid`);

  // On a phone the tables scroll; nothing else overflows the page.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('tab', { name: 'Schools' }).click();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Signing out leaves the console at its sign-in.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await school.close();
  expect(errors).toEqual([]);
});

test("a school's administrator is nobody on the console", async ({ request }) => {
  const reply = await request.post('/api/login', { data: { username: 'admin', password: 'demo-admin-pass' } });
  const { token } = (await reply.json()) as { token: string };
  const schools = await request.get('/api/operator/schools', { headers: { Authorization: `Bearer ${token}` } });
  expect(schools.status()).toBe(401);
  expect(((await schools.json()) as { message: string }).message).toBe("Please sign in to the service's console.");
});
