import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { phoneDisplay } from '@somero/contract';
import { SMTPServer } from 'smtp-server';
import {
  admin,
  apiSignIn,
  bearer,
  collectPageErrors,
  operatorSignIn,
  type Session,
  seedSession,
} from '../support/session';
import { gatewayReceived, smsGateway } from '../support/sms';
import { choose, go, notice, unique } from '../support/ui';

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

test('credit asked for and confirmed by the service, a class previewed and sent through the gateway, the progress followed to the end, delivery reports on the report', async ({
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
  // The gateway account is the service's: the school asks, and nothing counts until the service confirms it.
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(notice(page, 'Your request for Starter: 500 SMS is sent to the service.')).toBeVisible();
  const asked = page.getByRole('row', { name: new RegExp(reference) });
  await expect(asked).toContainText('Waiting for the service');
  expect(await figure(page, 'balance')).toBe(before);
  // The service's operator confirms it on the console (its own sign-in; the school's session stays).
  await operatorSignIn(page);
  await page.getByRole('tab', { name: /SMS credit requests/ }).click();
  const waiting = page.getByRole('row', { name: new RegExp(reference) });
  await expect(waiting).toContainText('Kampala Hill Secondary School');
  await expect(waiting).toContainText('UGX 20,000');
  await waiting.getByRole('button', { name: 'Confirm' }).click();
  await expect(notice(page, 'Starter: 500 SMS confirmed for Kampala Hill Secondary School.')).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await go(page, '/sms/packages');
  await expect.poll(() => figure(page, 'balance')).toBe(before + 500);
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toContainText('Added');
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toContainText('UGX 20,000');

  await go(page, '/notification/sms');
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

  // Nothing is spent before the cost is confirmed: the question is the server's answer to the send (a
  // send is recorded, its credit reserved and its job queued before the server answers; none was).
  const balance = await figure(page, 'balance');
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/send_msg');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const answer = await answered;
  expect(answer.status()).toBe(202);
  expect(await answer.json()).toMatchObject({ confirm: true });
  const question = page.getByRole('dialog', { name: 'Send these messages?' });
  await expect(question).toContainText(
    new RegExp(
      `${recipients.toLocaleString('en-GB')} messages to guardians \\(S2\\), [\\d,]+ credits of your ${balance.toLocaleString('en-GB')}\\. Send them\\?`,
    ),
  );
  const credit = await request.get('/api/sms_packages', { headers: bearer(session) });
  expect(((await credit.json()) as { data: { balance: number } }).data.balance).toBe(balance);
  expect((await gatewayReceived()).filter((r) => r.message.includes('visiting day is on Sunday'))).toHaveLength(0);
  await question.getByRole('button', { name: 'Send', exact: true }).click();
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
  await go(page, '/notification/report');
  await expect(page.getByTestId('page-title')).toHaveText('Notifications Report');
  const row = page.getByRole('row', { name: /visiting day is on Sunday/ }).first();
  await expect(row).toContainText(`${recipients} sent (1 delivered)`);
  await row.getByRole('button', { name: 'Messages' }).click();
  const counts = page.getByTestId('report-counts');
  await expect(counts).toContainText(`${recipients} messages: 1 delivered, ${recipients - 2} sent, 1 undelivered`);
  // Each by its status: the number, the status and the gateway's reason.
  // The counts are of the messages listed.
  for (const [status, i, reason, counted] of [
    ['Not delivered', 1, 'Failed: AbsentSubscriber', '0 delivered, 0 sent, 1 undelivered'],
    ['Delivered', 0, 'Success', '1 delivered, 0 sent, 0 undelivered'],
  ] as const) {
    await choose(page, page.getByRole('combobox', { name: 'Status' }), status);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(counts).toContainText(`1 message: ${counted}`);
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

test("an e-mail to typed addresses, one left out, sent through the school's mail server and listed as sent", async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  // A real SMTP server on loopback stands for the school's; the school's settings point at it.
  const received: { to: string[]; data: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    hideSTARTTLS: true,
    onData(stream, session, done) {
      let data = '';
      stream.on('data', (c: Buffer) => {
        data += c.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  const settings = await request.put('/api/email_settings', {
    headers: bearer(session),
    data: { host: '127.0.0.1', port, from_address: 'office@kampalahill.example' },
  });
  expect(settings.status()).toBe(200);
  try {
    const subject = unique('Visiting day ');
    await page.goto('/notification/emails');
    await expect(page.getByTestId('page-title')).toHaveText('Send E-mails');
    await expect(page.getByTestId('mail-server')).toContainText("the school's mail server (127.0.0.1)");
    await choose(page, page.getByRole('combobox', { name: 'Send to' }), 'Typed addresses');
    await page.getByRole('textbox', { name: 'E-mail addresses' }).fill('parent.one@example.ug, not-an-address');
    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('Visiting day is on Sunday. ');
    await page.getByRole('button', { name: '{school}', exact: true }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByTestId('email-count')).toHaveText('1 e-mail');
    await expect(page.getByTestId('email-skipped')).toContainText('not-an-address: not an e-mail address');
    await expect(page.getByTestId('email-preview')).toContainText(
      'Visiting day is on Sunday. Kampala Hill Secondary School',
    );

    await page.getByRole('button', { name: 'Send e-mails' }).click();
    const job = page.getByTestId('email-job');
    await expect(job).toContainText('Done: 1 of 1 e-mails', { timeout: 30_000 });
    await notice(page, 'Emails Sent Successfully');
    const row = page.locator('[data-email="parent.one@example.ug"]').filter({ hasText: subject });
    await expect(row).toContainText('Sent');
    await expect(row).toContainText('Visiting day is on Sunday. Kampala Hill Secondary School');
    expect(received.map((m) => m.to)).toEqual([['parent.one@example.ug']]);
    expect(received[0].data).toContain(`Subject: ${subject}`);
    expect(errors).toEqual([]);
  } finally {
    await request.put('/api/email_settings', { headers: bearer(session), data: { host: '' } });
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});

test("fee reminders from the fees summary: the listed defaulters' guardians, each with their own balance", async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/fees/summary');
  await choose(page, page.getByRole('combobox', { name: 'Class' }), 'S2');
  await page.getByRole('textbox', { name: 'Owing more than' }).fill('300000');
  const heading = page.getByTestId('defaulters').getByRole('heading');
  await expect(heading).toContainText('owing more than UGX 300,000');
  // What the server previews for the same filter.
  const classes = (await (await request.get('/api/classes?per_page=100', { headers: bearer(session) })).json()) as {
    data: { id: number; name: string }[];
  };
  const s2 = classes.data.find((c) => c.name === 'S2')!.id;
  const template = 'Dear {guardian}, {student} ({class}) owes {balance}. {school}';
  const asked = await request.post('/api/fees_reminders', {
    headers: bearer(session),
    data: { class_id: s2, min_balance: 300_000, message: template },
  });
  const expected = ((await asked.json()) as { data: { recipients: number; credits: number } }).data;
  expect(expected.recipients).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Remind by SMS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remind by SMS' });
  await dialog.getByRole('textbox', { name: 'Message' }).fill(template);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('guardian-sms-count')).toContainText(
    `${expected.recipients.toLocaleString('en-GB')} messages, ${expected.credits.toLocaleString('en-GB')} credits`,
  );
  // Each message names its own student and balance, never a placeholder.
  const first = dialog.getByTestId('guardian-sms-preview').locator('p').nth(2);
  await expect(dialog.getByTestId('guardian-sms-preview')).toContainText(/owes UGX \d{3},\d{3}/);
  await expect(dialog.getByTestId('guardian-sms-preview')).not.toContainText('{balance}');
  await expect(first).toBeVisible();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  const question = page.getByRole('dialog', { name: 'Send these messages?' });
  await expect(question).toContainText(
    `${expected.recipients.toLocaleString('en-GB')} messages to guardians of students owing more than UGX 300,000, ${expected.credits.toLocaleString('en-GB')} credits of your`,
  );
  await question.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByTestId('guardian-sms-job')).toContainText(
    `Done: ${expected.recipients.toLocaleString('en-GB')} of ${expected.recipients.toLocaleString('en-GB')} messages`,
    { timeout: 30_000 },
  );
  await page.keyboard.press('Escape');
  await go(page, '/notification/report');
  await expect(
    page.getByRole('row', { name: /Fee reminder: students owing more than UGX 300,000/ }).first(),
  ).toBeVisible();
  expect(errors).toEqual([]);
});

test('a secretary (the Secretary group) texts staff: a curly apostrophe pointed out and replaced, the cost confirmed; no SMS Packages for her', async ({
  page,
  request,
}) => {
  const headers = bearer(session);
  const groups = (await (await request.get('/api/roles', { headers })).json()) as {
    data: { id: number; name: string }[];
  };
  const username = unique('secretary.');
  const password = 'secretary-pass-1';
  const made = await request.post('/api/users', {
    headers,
    data: {
      name: 'Namuli Joan',
      username,
      type: 2,
      role_id: groups.data.find((g) => g.name === 'Secretary')?.id,
      active: true,
      password,
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const errors = collectPageErrors(page);
  await seedSession(page.context(), await apiSignIn(request, username, password));
  await page.goto('/notification/sms');
  await expect(page.getByTestId('page-title')).toHaveText('Send SMS');
  const menu = page.getByRole('navigation');
  await expect(menu.getByRole('link', { name: 'Send SMS' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'SMS Packages' })).toHaveCount(0);

  await choose(page, page.getByRole('combobox', { name: 'Send to' }), 'Typed numbers');
  await page.getByRole('textbox', { name: 'Phone numbers' }).fill('0772 610 001, 0772 610 002');
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('It’s the staff meeting at 4 pm — in the library.');
  const characters = page.getByTestId('sms-characters');
  await expect(characters).toContainText('’ — make this message Unicode');
  await page.getByRole('button', { name: /^Use plain characters/ }).click();
  await expect(message).toHaveValue("It's the staff meeting at 4 pm - in the library.");
  await expect(characters).toHaveCount(0);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('sms-count')).toContainText('2 messages, 2 credits');
  const balance = await figure(page, 'balance');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const question = page.getByRole('dialog', { name: 'Send these messages?' });
  await expect(question).toContainText(
    `2 messages to typed numbers, 2 credits of your ${balance.toLocaleString('en-GB')}. Send them?`,
  );
  // Cancelled: nothing spent.
  await question.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect.poll(() => figure(page, 'balance')).toBe(balance);
  expect(errors).toEqual([]);
});
