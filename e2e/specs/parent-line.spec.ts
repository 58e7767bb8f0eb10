import { expect, test } from '@playwright/test';
import { admin, apiSignIn, bearer, collectPageErrors, seedSession } from '../support/session';
import { smsGateway } from '../support/sms';
import { choose, notice, unique } from '../support/ui';

/**
 * The parents' line's settings (issue 29), tried as a head teacher would: reached from the Notification
 * Center, the demo school's sessions per day shown, a parent's USSD question appearing in the latest
 * sessions, what parents may ask changed and saved, a term's results released, an empty choice refused.
 */
test('a head teacher turns the parents’ line, its answers and released results, and sees the sessions', async ({
  page,
  request,
}) => {
  const adminSession = await apiSignIn(request, admin.username, admin.password);
  const headers = bearer(adminSession);
  const groups = (await (await request.get('/api/roles', { headers })).json()) as {
    data: { id: number; name: string }[];
  };
  const username = unique('head.');
  const password = 'head-teacher-pass-1';
  const made = await request.post('/api/users', {
    headers,
    data: {
      name: 'Nakato Head',
      username,
      type: 2,
      role_id: groups.data.find((g) => g.name === 'Head Teacher')?.id,
      active: true,
      password,
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const errors = collectPageErrors(page);
  await seedSession(page.context(), await apiSignIn(request, username, password));

  // A parent of the demo school dials the code: the gateway posts the first step.
  const guardians = (await (await request.get('/api/guardians?per_page=1', { headers })).json()) as {
    data: { phone: string }[];
  };
  const phone = guardians.data[0].phone;
  const step = await request.post(`/api/ussd/${smsGateway.callbackToken}`, {
    form: { sessionId: unique('ATUid_e2e_'), serviceCode: '*284*77#', phoneNumber: phone, text: '' },
  });
  expect(step.status()).toBe(200);
  expect(await step.text()).toMatch(/^CON /);

  await page.goto('/dashboardv1');
  const sidebar = page.getByRole('navigation', { name: 'Main menu' });
  await sidebar.getByRole('button', { name: 'Notification Center' }).click();
  await sidebar.getByRole('link', { name: "Parents' Questions" }).click();
  await expect(page.getByTestId('page-title')).toHaveText("Parents' Questions");
  // The demo school's sessions of the last two weeks, and the one just dialled at the top.
  await expect(page.getByTestId('sessions-total')).toContainText(/[1-9]\d* sessions in the last 14 days/);
  await expect(page.getByRole('img', { name: 'Sessions per day, last 14 days' })).toBeVisible();
  const shown = `0${phone.slice(4, 7)} ${phone.slice(7)}`;
  await expect(page.getByRole('row').nth(1)).toContainText(shown);
  await expect(page.getByRole('row').nth(1)).toContainText('Menu only');

  const on = page.getByRole('switch', { name: 'Parents may ask by USSD and text message' });
  await expect(on).toBeChecked();
  const results = page.getByRole('checkbox', { name: 'Results' });
  await expect(results).toBeChecked();

  // Nothing offered: refused on the field.
  for (const name of ['Fees balance', 'Last payments', 'Results', 'Next term'])
    await page.getByRole('checkbox', { name }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Choose at least one answer parents may ask for')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Fees balance' }).check();
  await page.getByRole('checkbox', { name: 'Results' }).check();
  const released = page.getByRole('combobox', { name: 'Results released to parents' });
  const now = (
    (await (await request.get('/api/parent_line', { headers })).json()) as {
      data: { current_term: { year: number; term: number } };
    }
  ).data.current_term;
  const term = `Term ${now.term} ${now.year}`;
  await choose(page, released, term);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Settings saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Fees balance' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Last payments' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Results' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Results released to parents' })).toHaveValue(term);

  // The parent's menu now offers only what the school chose.
  const menu = await request.post(`/api/ussd/${smsGateway.callbackToken}`, {
    form: { sessionId: unique('ATUid_e2e_'), serviceCode: '*284*77#', phoneNumber: phone, text: '' },
  });
  const text = await menu.text();
  // A parent of several children picks one first.
  const answerMenu = text.startsWith('CON Choose your child')
    ? await (
        await request.post(`/api/ussd/${smsGateway.callbackToken}`, {
          form: { sessionId: unique('ATUid_e2e_'), serviceCode: '*284*77#', phoneNumber: phone, text: '1' },
        })
      ).text()
    : text;
  expect(answerMenu).toMatch(/\n1\. Fees balance\n2\. Results$/);
  expect(errors).toEqual([]);
});
