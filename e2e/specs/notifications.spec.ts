import { expect, test } from '@playwright/test';
import { phoneDisplay } from '@somero/contract';
import { admin, apiSignIn, bearer, collectPageErrors, type Session, seedSession } from '../support/session';
import { gatewayReceived, smsGateway } from '../support/sms';
import { choose, notice, unique } from '../support/ui';

// The administrator buys SMS credit, previews a message to a class's guardians and sends it; the
// messages go over HTTP to the run's fake Africa's Talking gateway (global-setup.ts), the job's progress
// shows to the end, and the gateway's delivery reports show on the report.
test.describe.configure({ mode: 'serial' });

let session: Session;
test.beforeEach(async ({ context, request }) => {
  session = await apiSignIn(request, admin.username, admin.password);
  await seedSession(context, session);
});

const figure = async (page: import('@playwright/test').Page, key: string) =>
  Number(((await page.getByTestId(`credits-${key}`).locator('p').last().textContent()) ?? '').replace(/\D/g, ''));

test('credit bought from cash, a class previewed and sent through the gateway, the progress followed to the end, delivery reports on the report', async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  const reference = unique('SMS-');

  await page.goto('/sms/packages');
  await expect(page.getByTestId('page-title')).toHaveText('SMS Packages');
  await expect(page.getByTestId('credits-balance')).toBeVisible();
  // Sent for real (to the fake gateway), so no "only recorded" warning.
  await expect(page.getByText('only recorded, not sent')).toHaveCount(0);
  const before = await figure(page, 'balance');
  await choose(page, page.getByRole('combobox', { name: 'Package' }), /^Starter: 500 SMS/);
  await choose(page, page.getByRole('combobox', { name: 'Paid from' }), 'Cash');
  await page.getByRole('textbox', { name: 'Reference' }).fill(reference);
  await page.getByRole('button', { name: 'Buy credit' }).click();
  await notice(page, 'SMS credit added');
  await expect.poll(() => figure(page, 'balance')).toBe(before + 500);
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toContainText('UGX 20,000');

  await page.goto('/notification/sms');
  await expect(page.getByTestId('page-title')).toHaveText('Send SMS');
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S2');
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Dear ');
  await page.getByRole('button', { name: '{guardian}', exact: true }).click();
  await message.press('End');
  await message.pressSequentially(', visiting day is on Sunday. ');
  await page.getByRole('button', { name: '{school}', exact: true }).click();
  await page.getByRole('button', { name: 'Preview' }).click();
  const count = page.getByTestId('sms-count');
  await expect(count).toContainText('messages');
  const recipients = Number(((await count.textContent()) ?? '').split(' ')[0].replace(/\D/g, ''));
  expect(recipients).toBeGreaterThan(5);
  const preview = page.getByTestId('sms-preview');
  await expect(preview).toContainText('visiting day is on Sunday. Kampala Hill Secondary School');
  await expect(preview).not.toContainText('{guardian}');

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const job = page.getByTestId('sms-job');
  await expect(job).toContainText(
    `Done: ${recipients.toLocaleString('en-GB')} of ${recipients.toLocaleString('en-GB')} messages`,
    {
      timeout: 30_000,
    },
  );
  await expect(job).toContainText('Messages Sent Successfully');

  // The gateway took each guardian's own text once, from the school's sender id.
  const taken = (await gatewayReceived()).filter((r) => r.message.includes('visiting day is on Sunday'));
  expect(taken.flatMap((r) => r.to)).toHaveLength(recipients);
  expect(new Set(taken.flatMap((r) => r.to)).size).toBe(recipients);
  expect(taken.every((r) => r.from === smsGateway.senderId && r.to.every((n) => n.startsWith('+256')))).toBe(true);
  // It posts its delivery reports to the callback: one delivered, one not (the phone was off).
  const report = (i: number, form: Record<string, string>) =>
    request.post(`/api/sms/delivery/${smsGateway.callbackToken}`, {
      form: { id: taken[i].ids[0], phoneNumber: taken[i].to[0], ...form },
    });
  expect((await report(0, { status: 'Success' })).status()).toBe(200);
  expect((await report(1, { status: 'Failed', failureReason: 'AbsentSubscriber' })).status()).toBe(200);

  // The report lists the send with its count; its messages are each recorded as sent.
  await page.goto('/notification/report');
  await expect(page.getByTestId('page-title')).toHaveText('Notifications Report');
  const row = page.getByRole('row', { name: /visiting day is on Sunday/ }).first();
  await expect(row).toContainText(`${recipients} sent (1 delivered)`);
  await row.getByRole('button', { name: 'Messages' }).click();
  const counts = page.getByTestId('report-counts');
  await expect(counts).toContainText(`${recipients} messages: 1 delivered, ${recipients - 2} sent, 1 undelivered`);
  // Each by its status: the number, the status and the gateway's reason.
  for (const [status, i, reason] of [
    ['Not delivered', 1, 'Failed: AbsentSubscriber'],
    ['Delivered', 0, 'Success'],
  ] as const) {
    await choose(page, page.getByRole('combobox', { name: 'Status' }), status);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(counts).toContainText('1 message:');
    // The messages' table, below the sends'.
    const line = page
      .getByRole('table')
      .last()
      .getByRole('row', { name: /visiting day is on Sunday/ });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(phoneDisplay(taken[i].to[0]));
    await expect(line).toContainText(status);
    await expect(line).toContainText(reason);
  }

  // The API agrees: the credits used went down by the messages sent.
  const reply = await request.get('/api/sms_packages', { headers: bearer(session) });
  const data = ((await reply.json()) as { data: { balance: number } }).data;
  expect(data.balance).toBeLessThanOrEqual(before + 500 - recipients);
  expect(errors).toEqual([]);
});
