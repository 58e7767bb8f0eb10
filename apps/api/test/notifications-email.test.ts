import { createServer } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { emailAccounts, emailRecipients } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailServerErrorText,
  mergeGuardianEmails,
  normaliseEmail,
  parseAddresses,
  smtpErrorText,
  uniqueEmails,
  unreachableText,
} from '../src/modules/notifications/email/rules.js';
import { insideNetworkText } from '../src/modules/notifications/email/send.js';
import { ugx } from '../src/modules/notifications/rules.js';
import { admitFamilies, guardian, payFees } from './guardian-fixtures.js';
import { pdfPages } from './pdf-text.js';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { bearer, staffWith, unique, useTestApp } from './support.js';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on loopback that keeps what it receives; `refuse` answers a recipient 550. */
async function startSmtp(options: { user?: string; pass?: string } = {}) {
  const received: Received[] = [];
  const logins: string[] = [];
  /** How many MAIL FROM commands to answer 451 (busy, try later) before accepting. */
  const state = { busy: 0, attempts: 0 };
  const server = new SMTPServer({
    authOptional: !options.user,
    allowInsecureAuth: true,
    hideSTARTTLS: true,
    onAuth(auth, _session, done) {
      logins.push(auth.username ?? '');
      if (auth.username === options.user && auth.password === options.pass) return done(null, { user: auth.username });
      done(new Error('Invalid username or password'));
    },
    onMailFrom(_address, _session, done) {
      state.attempts++;
      if (state.busy > 0) {
        state.busy--;
        return done(Object.assign(new Error('Busy, try again later'), { responseCode: 451 }));
      }
      done();
    },
    onRcptTo(address, _session, done) {
      if (address.address.startsWith('bounce'))
        return done(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      done();
    },
    onData(stream, session, done) {
      let data = '';
      stream.on('data', (c: Buffer) => {
        data += c.toString();
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    logins,
    state,
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A port nothing listens on: a server opened and closed again. */
async function deadPort() {
  const s = await startSmtp();
  await s.close();
  return s.port;
}

/** The PDF attachments of a raw message: file name and bytes. */
function pdfAttachments(raw: string) {
  const out: { name: string; bytes: Buffer }[] = [];
  const boundary = /boundary="?([^"\r\n;]+)"?/.exec(raw)?.[1];
  if (!boundary) return out;
  for (const part of raw.split(`--${boundary}`)) {
    if (!/Content-Type: application\/pdf/i.test(part)) continue;
    const name = /filename="?([^"\r\n]+)"?/i.exec(part.replace(/\r\n\s+/g, ' '))?.[1] ?? '';
    const body = part
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('')
      .replace(/\s+/g, '');
    out.push({ name, bytes: Buffer.from(body, 'base64') });
  }
  return out;
}

let server: Awaited<ReturnType<typeof startSmtp>>;
let schoolServer: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  server = await startSmtp();
  schoolServer = await startSmtp({ user: 'bursar@kings.ac.ug', pass: 'smtp-secret' });
});
afterAll(async () => {
  await server?.close();
  await schoolServer?.close();
});
/** The server log's lines about e-mails that were not sent. */
const logged: string[] = [];
const t = useTestApp({
  logger: {
    level: 'info',
    stream: { write: (line: string) => void (/E-mail \d+ of school/.test(line) && logged.push(line)) },
  },
  env: () => ({
    SMTP_URL: server.url,
    MAIL_FROM: 'Somero <no-reply@somero.test>',
    EMAIL_RETRY_MS: '20',
    EMAIL_RETRIES: '2',
    // The in-process servers on loopback stand for a school's mail server on the server's own network.
    MAIL_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
  }),
});

let s: RegisterSchool;
const kids: Record<string, Json> = {};

async function finished(id: number, api = s.api) {
  for (let i = 0; i < 300; i++) {
    const job = (await api.get(`/jobs/${id}`)).json().data;
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not finish`);
}
const send = (body: Json) => s.api.post('/send_email', { subject: 'Notice', message: 'Hello', ...body });
const rowsOf = async (messageId: number) =>
  (await s.api.get(`/sent_emails?message_id=${messageId}&per_page=100`)).json().data as Json[];

describe('e-mail rules', () => {
  it('reads addresses, each once; people without one are skipped by name', () => {
    expect(normaliseEmail(' Grace@Example.COM ')).toBe('grace@example.com');
    expect(normaliseEmail('grace@example')).toBeNull();
    expect(parseAddresses('a@x.ug, b@x.ug;\nnot-one A@X.UG')).toEqual({
      emails: ['a@x.ug', 'b@x.ug', 'a@x.ug'],
      invalid: ['not-one'],
    });
    const list = uniqueEmails([
      { email: 'a@x.ug', name: 'A' },
      { email: 'A@x.ug', name: 'A again' },
      { email: null, name: 'Okello Moses', about: 'staff' },
      { email: '0772 100001', name: 'B' },
    ]);
    expect(list.recipients.map((r) => r.email)).toEqual(['a@x.ug']);
    expect(list.duplicates).toBe(1);
    expect(list.skipped).toEqual([
      { name: 'Okello Moses (staff)', reason: 'no e-mail address' },
      { name: 'B', reason: 'not an e-mail address: 0772 100001' },
    ]);
  });

  it('merges a parent of two into one e-mail naming both, balances added', () => {
    const student = (studentId: number, name: string, email: string | null, balanceValue: number) => ({
      email,
      guardian: 'Akello Ruth',
      studentId,
      student: name,
      className: 'S1 East',
      balance: ugx(balanceValue),
      balanceValue,
    });
    const merged = mergeGuardianEmails(
      [student(1, 'Okello Bella', 'ruth@x.ug', 100_000), student(2, 'Okello Brian', 'RUTH@x.ug', 250_000)],
      ugx,
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({
      studentIds: [1, 2],
      values: { student: 'Okello Bella and Okello Brian', balance: 'UGX 350,000' },
    });
  });

  it('says what the mail server did in words', () => {
    expect(smtpErrorText(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe(
      'The mail server refused the connection: connect ECONNREFUSED 127.0.0.1:1',
    );
    expect(smtpErrorText({ code: 'EENVELOPE', responseCode: 550, response: '550 No such mailbox' })).toBe(
      'The mail server refused the address: 550 No such mailbox',
    );
  });

  it("tells a school one thing for its mail server's faults before it answered; its answers as they were", () => {
    const conn = (code: string, message: string, response?: string) =>
      Object.assign(new Error(message), { code, command: 'CONN', response });
    for (const fault of [
      conn('ESOCKET', 'connect ECONNREFUSED 127.0.0.1:25'),
      conn('ETIMEDOUT', 'Greeting never received'),
      conn('EPROTOCOL', 'Invalid greeting. response=SSH-2.0-OpenSSH_9.6', 'SSH-2.0-OpenSSH_9.6'),
      conn('ETLS', 'Error initiating TLS'),
      conn('ECONNECTION', 'Connection closed unexpectedly', '421 Too busy'),
      Object.assign(new Error('smtp.school.ug could not be resolved'), { code: 'EDNS' }),
      Object.assign(new Error('localhost resolves inside the server’s network (127.0.0.1)'), { code: 'EINTERNAL' }),
      new Error('anything else before an answer'),
    ])
      expect(mailServerErrorText(fault), fault.message).toBe(unreachableText);
    expect(
      mailServerErrorText({ code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535, response: '535 5.7.8 Bad' }),
    ).toBe('The mail server refused the user name or password');
    expect(
      mailServerErrorText({
        code: 'EENVELOPE',
        command: 'RCPT TO',
        responseCode: 550,
        response: '550 No such mailbox',
      }),
    ).toBe('The mail server refused the address: 550 No such mailbox');
    expect(mailServerErrorText({ code: 'EMESSAGE', command: 'DATA', responseCode: 452, response: '452 Full' })).toBe(
      'The mail server answered 452: 452 Full',
    );
  });
});

describe('e-mail: recipients, sending through SMTP, attachments', () => {
  it('sets up a school: two S1 families (one parent of two), a guardian without an address, a boarder', async () => {
    s = await registerSchool(t.app, t.database);
    const families = await admitFamilies(
      s,
      t.database,
      {
        amina: { phone: '0772 100001', email: 'grace@parents.ug' },
        brian: { phone: '0772 100002', email: 'ruth@parents.ug' },
        chris: { phone: '0772 100003', email: 'john@parents.ug' },
      },
      { brianStream: 'S1 West', chrisSection: 'boarding' },
    );
    Object.assign(kids, families.kids);
    // Dan's guardian has no e-mail address.
    kids.dan = await admit(s, {
      surname: 'Ssali',
      other_names: 'Dan',
      gender: 'M',
      guardians: [guardian('Ssali Peter', { phone: '0772 100004', email: null })],
    });
    await payFees(t.database, s, families.cash, [
      [kids.amina.id, 650_000],
      [kids.chris.id, 700_000],
    ]);
    for (const [name, email] of [
      ['Okello Moses', 'moses@kings.ac.ug'],
      ['Nambi Joy', null],
    ])
      expect((await s.api.post('/staff', { name, initials: unique('').slice(0, 6), email })).statusCode).toBe(200);
  });

  it('previews a class: one e-mail per address, placeholders filled, the guardian without an address skipped', async () => {
    const res = await send({
      audience: 'class',
      class_id: s.classes.S1,
      subject: 'Fees for {student}',
      message: 'Dear {guardian}, {student} of {class} owes {balance}. {school}',
      preview: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ recipients: 2, duplicates: 1, skipped: 1, message_id: null, job_id: null });
    expect(d.skipped_list).toEqual([{ name: 'Ssali Peter (guardian of Ssali Dan)', reason: 'no e-mail address' }]);
    const ruth = d.preview.find((p: Json) => p.email === 'ruth@parents.ug');
    expect(ruth.subject).toBe('Fees for Okello Bella and Okello Brian');
    expect(ruth.text).toContain(
      'Dear Akello Ruth, Okello Bella and Okello Brian of S1 East, S1 West owes UGX 1,400,000.',
    );
    expect(d.preview.find((p: Json) => p.email === 'grace@parents.ug').text).toContain('owes UGX 50,000.');
    // Nothing was sent or recorded.
    expect((await s.api.get('/sent_emails')).json().total).toBe(0);
  });

  it('picks staff, boarders, students owing more than an amount, and typed addresses', async () => {
    const preview = async (body: Json) => (await send({ ...body, preview: true })).json().data;
    const staff = await preview({ audience: 'staff' });
    expect(staff.preview.map((p: Json) => p.email)).toEqual(['moses@kings.ac.ug']);
    expect(staff.skipped_list).toEqual([{ name: 'Nambi Joy (staff)', reason: 'no e-mail address' }]);
    expect((await preview({ audience: 'boarders' })).preview.map((p: Json) => p.email)).toEqual(['john@parents.ug']);
    const owing = await preview({ audience: 'owing', min_balance: 100_000 });
    expect(owing.preview.map((p: Json) => p.email)).toEqual(['ruth@parents.ug']);
    expect(owing.skipped).toBe(1);
    const typed = await preview({ audience: 'addresses', addresses: 'a@x.ug, A@X.ug\nhello' });
    expect(typed).toMatchObject({ recipients: 1, duplicates: 1, skipped: 1 });
    expect((await send({ audience: 'class' })).statusCode).toBe(422);
    expect((await send({ audience: 'staff', attachments: ['report_card'] })).json().errors).toHaveProperty(
      'report_kind',
    );
  });

  it("sends through the server's SMTP as a job; each e-mail recorded with who sent it, to whom and its status", async () => {
    const before = server.received.length;
    const res = await send({
      audience: 'guardians',
      subject: 'Visiting day',
      message: 'Dear {guardian}, visiting day is Sunday.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { job_id, message_id, recipients, skipped } = res.json().data;
    expect([recipients, skipped]).toEqual([3, 1]);
    const job = await finished(job_id);
    expect(job).toMatchObject({
      status: 'done',
      total: 3,
      done: 3,
      failed: 0,
      message: 'Emails Sent Successfully: 3 sent.',
    });
    const got = server.received.slice(before);
    expect(got.flatMap((m) => m.to).sort()).toEqual(['grace@parents.ug', 'john@parents.ug', 'ruth@parents.ug']);
    expect(got.every((m) => m.from === 'no-reply@somero.test')).toBe(true);
    const ruth = got.find((m) => m.to[0] === 'ruth@parents.ug') as Received;
    expect(ruth.data).toContain('Subject: Visiting day');
    expect(ruth.data).toContain('Dear Akello Ruth, visiting day is Sunday.');
    const rows = await rowsOf(message_id);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(rows[0]).toMatchObject({ sent_by: expect.any(String), audience: 'Guardians', error: null });
    expect(rows[0].sent_by.length).toBeGreaterThan(0);
  });

  it('attaches each student’s fee statement as a PDF, over the school’s own SMTP server with its password', async () => {
    const saved = await s.api.put('/email_settings', {
      host: '127.0.0.1',
      port: schoolServer.port,
      secure: false,
      username: 'bursar@kings.ac.ug',
      password: 'smtp-secret',
      from_address: 'bursar@kings.ac.ug',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ using: 'school', has_password: true, host: '127.0.0.1' });
    // The password is never sent back; an empty one keeps it.
    const read = await s.api.get('/email_settings');
    expect(read.body).not.toContain('smtp-secret');
    await s.api.put('/email_settings', { ...saved.json().data, password: '' });
    const before = schoolServer.received.length;
    const res = await send({
      audience: 'class',
      class_id: s.classes.S1,
      stream_id: s.streams['S1 West'],
      subject: 'Statement',
      message: 'Dear {guardian}, the statement of {student} is attached.',
      attachments: ['fee_statement'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ recipients: 1, attachments: 1 });
    const job = await finished(res.json().data.job_id);
    expect(job).toMatchObject({ done: 1, failed: 0 });
    expect(schoolServer.logins).toContain('bursar@kings.ac.ug');
    const [mail] = schoolServer.received.slice(before);
    expect(mail.to).toEqual(['ruth@parents.ug']);
    expect(mail.data).toContain('bursar@kings.ac.ug');
    const [pdf] = pdfAttachments(mail.data);
    expect(pdf.name).toBe('Fees statement Okello Brian.pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfPages(pdf.bytes)).join('\n');
    expect(text).toContain('FEES STATEMENT');
    expect(text).toContain('Okello Brian');
    expect(text).toContain('700,000');
    const [row] = await rowsOf(res.json().data.message_id);
    expect(row).toMatchObject({ status: 'sent', attachments: ['Fees statement Okello Brian.pdf'] });
  });

  it('fails an e-mail whose report card cannot be made yet, naming why', async () => {
    const res = await send({
      audience: 'boarders',
      attachments: ['report_card'],
      report_kind: 'old_reports',
      year: 2026,
      term: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = await finished(res.json().data.job_id);
    expect(job).toMatchObject({ done: 1, failed: 1 });
    expect(job.message).toMatch(/^Failed to send Emails: 1 of 1 not sent\. A document could not be made: /);
    const [row] = await rowsOf(res.json().data.message_id);
    expect(row.status).toBe('failed');
  });

  it('a school mail server that cannot be reached: each e-mail failed with one reason, the detail in the log', async () => {
    const port = await deadPort();
    const saved = await s.api.put('/email_settings', {
      host: '127.0.0.1',
      port,
      username: 'bursar@kings.ac.ug',
      from_address: 'bursar@kings.ac.ug',
    });
    expect(saved.json().data.has_password).toBe(true);
    const seen = logged.length;
    const res = await send({ audience: 'addresses', addresses: 'a@x.ug, b@x.ug' });
    const job = await finished(res.json().data.job_id);
    expect(job).toMatchObject({ status: 'done', total: 2, done: 2, failed: 2 });
    expect(job.message).toBe(`Failed to send Emails: 2 of 2 not sent. ${unreachableText}`);
    const rows = await rowsOf(res.json().data.message_id);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed']);
    expect(rows.map((r) => r.error)).toEqual([unreachableText, unreachableText]);
    // The server log says what happened, for whoever runs the server.
    expect(logged.slice(seen).join('\n')).toContain(`refused the connection: connect ECONNREFUSED 127.0.0.1:${port}`);
    const failed = (await s.api.get('/sent_emails?status=failed')).json();
    // The counts agree with the list: the sent ones are not counted among the failed ones listed.
    expect(failed.totals).toEqual({ count: 3, queued: 0, sent: 0, failed: 3 });
    const all = (await s.api.get('/sent_emails')).json().totals;
    expect(all.sent).toBeGreaterThan(0);
    expect(all.count).toBe(all.sent + all.failed + all.queued);
  });

  it('a refused address fails alone; the others go', async () => {
    // An empty host goes back to the server's SMTP_URL.
    expect((await s.api.put('/email_settings', { host: '' })).json().data).toMatchObject({
      using: 'server',
      has_password: false,
    });
    const before = server.received.length;
    const res = await send({ audience: 'addresses', addresses: 'bounce@x.ug, ok@x.ug' });
    const job = await finished(res.json().data.job_id);
    expect(job).toMatchObject({ done: 2, failed: 1 });
    expect(server.received.slice(before).flatMap((m) => m.to)).toEqual(['ok@x.ug']);
    const rows = await rowsOf(res.json().data.message_id);
    expect(rows.find((r) => r.email === 'bounce@x.ug')?.error).toMatch(
      /^The mail server (refused the address|answered 550)/,
    );
  });

  it('a busy mail server (451) is tried again after a wait, then the e-mail goes', async () => {
    server.state.busy = 2;
    const attempts = server.state.attempts;
    const res = await send({ audience: 'addresses', addresses: 'later@x.ug' });
    const job = await finished(res.json().data.job_id);
    expect(job).toMatchObject({ done: 1, failed: 0 });
    expect(server.state.attempts - attempts).toBe(3);
    expect(server.received.at(-1)?.to).toEqual(['later@x.ug']);
  });

  it('lets in who holds send_emails (their own documents only; the mail server stays the administrator’s), and keeps schools apart', async () => {
    const clerk = await staffWith(t.app, t.database, s, ['view_students', 'general_settings']);
    for (const [method, url] of [
      ['POST', '/api/send_email'],
      ['GET', '/api/sent_emails'],
      ['GET', '/api/email_settings'],
      ['PUT', '/api/email_settings'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(clerk.token), payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // A secretary who may send e-mails: sends, reads which server sends, never changes it, and attaches
    // no fee statement she could not print herself.
    const secretary = await staffWith(t.app, t.database, s, ['send_emails']);
    const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload: Json = {}) =>
      t.app.inject({ method, url: `/api/${url}`, headers: bearer(secretary.token), payload });
    const body = { audience: 'staff', subject: 'Staff meeting', message: 'At 4 pm in the library.', preview: true };
    expect((await as('POST', 'send_email', body)).statusCode).toBe(200);
    expect((await as('GET', 'email_settings')).statusCode).toBe(200);
    expect((await as('PUT', 'email_settings', { host: '' })).statusCode).toBe(403);
    const statements = {
      audience: 'class',
      class_id: s.classes.S1,
      subject: 'Statement',
      message: 'Attached.',
      attachments: ['fee_statement'],
      preview: true,
    };
    const attached = await as('POST', 'send_email', statements);
    expect(attached.statusCode).toBe(403);
    expect(attached.json().message).toBe(
      'Your user group does not allow attaching these documents. Ask an administrator.',
    );
    const bursar = await staffWith(t.app, t.database, s, ['send_emails', 'view_fees_payments']);
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/api/send_email',
      headers: bearer(bursar.token),
      payload: statements,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const other = await registerSchool(t.app, t.database);
    expect((await other.api.get('/sent_emails')).json()).toMatchObject({ total: 0, data: [] });
    for (const body of [
      { audience: 'class', class_id: s.classes.S1 },
      { audience: 'guardians', class_id: s.classes.S2, stream_id: s.streams['S2 East'] },
    ])
      expect((await other.api.post('/send_email', { ...body, subject: 'x', message: 'Hi' })).statusCode).toBe(404);
    const [mine] = (await s.api.get('/sent_emails')).json().data;
    expect((await other.api.get(`/sent_emails?message_id=${mine.message_id}`)).statusCode).toBe(404);
    // Its guardians are not ours: its own list has nobody with an address.
    const theirs = await other.api.post('/send_email', { audience: 'guardians', subject: 'x', message: 'Hi' });
    expect(theirs.statusCode).toBe(202);
    expect(theirs.json().message).toBe('Nobody to send to: none of the chosen recipients has an e-mail address.');
    expect((await other.api.get('/email_settings')).json().data).toMatchObject({ host: null, using: 'server' });
  });

  it('refuses to send with no mail server anywhere (202), and the row keeps no e-mail', async () => {
    const count = await t.database.db
      .select()
      .from(emailRecipients)
      .where(and(eq(emailRecipients.schoolId, s.schoolId)));
    const url = t.config.smtpUrl;
    (t.config as { smtpUrl?: string }).smtpUrl = undefined;
    try {
      const res = await send({ audience: 'staff' });
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toContain('No mail server is set');
    } finally {
      (t.config as { smtpUrl?: string }).smtpUrl = url;
    }
    const after = await t.database.db.select().from(emailRecipients).where(eq(emailRecipients.schoolId, s.schoolId));
    expect(after.length).toBe(count.length);
  });
});

describe("e-mail: the school's mail server is on the internet, never inside the server's own network", () => {
  const settings = { port: 587, username: 'bursar@kings.ac.ug', from_address: 'bursar@kings.ac.ug' };
  const save = (host: string) => s.api.put('/email_settings', { ...settings, host });
  /** Runs `check` as a server without MAIL_ALLOW_PRIVATE_HOSTS (the file's app names 127.0.0.1). */
  async function withoutAllowed(check: () => Promise<void>) {
    const allowed = t.config.email.allowPrivateHosts;
    t.config.email.allowPrivateHosts = [];
    try {
      await check();
    } finally {
      t.config.email.allowPrivateHosts = allowed;
    }
  }

  it('refuses (422 on the server field) loopback, private and link-local addresses, and names that point there', async () => {
    await s.api.put('/email_settings', { host: '' });
    await withoutAllowed(async () => {
      for (const host of [
        '127.0.0.1',
        'localhost',
        'LocalHost.',
        '169.254.169.254',
        '10.0.0.5',
        '192.168.1.20',
        '172.16.4.4',
        '100.64.0.9',
        '0.0.0.0',
        '[::1]',
        '::1',
        '[::ffff:127.0.0.1]',
        'fe80::1',
        'fd00::25',
        '2130706433',
        '127.1',
      ]) {
        const res = await save(host);
        expect(res.statusCode, host).toBe(422);
        expect(res.json().errors, host).toEqual({ host: [insideNetworkText] });
      }
      for (const host of ['smtp://smtp.gmail.com', 'smtp.gmail.com:587', 'smtp gmail com']) {
        const res = await save(host);
        expect(res.statusCode, host).toBe(422);
        expect(res.json().errors, host).toEqual({ host: ["Enter the mail server's name, such as smtp.gmail.com"] });
      }
      // Nothing was kept: the server's SMTP_URL is still in use.
      expect((await s.api.get('/email_settings')).json().data).toMatchObject({ host: null, using: 'server' });
      // A provider's name or a public address is kept (a name is not connected to when saved).
      for (const [host, kept] of [
        ['smtp.gmail.com', 'smtp.gmail.com'],
        [' SMTP.Office365.com. ', 'smtp.office365.com'],
        ['41.210.130.5', '41.210.130.5'],
        ['[2001:4860:4860::8888]', '2001:4860:4860::8888'],
      ]) {
        const res = await save(host);
        expect(res.statusCode, `${host} ${res.body}`).toBe(200);
        expect(res.json().data).toMatchObject({ host: kept, using: 'school' });
      }
    });
  });

  it('keeps a mail server inside the network when MAIL_ALLOW_PRIVATE_HOSTS names it', async () => {
    expect(t.config.email.allowPrivateHosts).toEqual(['127.0.0.1']);
    const res = await save('127.0.0.1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ host: '127.0.0.1', using: 'school' });
    // Only the names it gives: another loopback name is still refused.
    expect((await save('localhost')).json().errors).toEqual({ host: [insideNetworkText] });
  });

  it('a closed port, a port that is not a mail server and a silent one all read the same to the school', async () => {
    const silent = createServer(() => {});
    const banner = createTcpServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n'));
    const listen = async (srv: {
      listen: (port: number, host: string, done: () => void) => unknown;
      address: () => unknown;
    }) => {
      await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
      return (srv.address() as AddressInfo).port;
    };
    const ports = { closed: await deadPort(), silent: await listen(silent), banner: await listen(banner) };
    const timeout = t.config.email.timeoutMs;
    t.config.email.timeoutMs = 500;
    try {
      const errors: Record<string, unknown[]> = {};
      for (const [kind, port] of Object.entries(ports)) {
        expect((await s.api.put('/email_settings', { ...settings, host: '127.0.0.1', port })).statusCode).toBe(200);
        const res = await send({ audience: 'addresses', addresses: 'one@x.ug, two@x.ug' });
        const job = await finished(res.json().data.job_id);
        expect(job, kind).toMatchObject({ done: 2, failed: 2 });
        expect(job.message, kind).toBe(`Failed to send Emails: 2 of 2 not sent. ${unreachableText}`);
        errors[kind] = (await rowsOf(res.json().data.message_id)).map((r) => r.error);
      }
      expect(errors).toEqual({
        closed: [unreachableText, unreachableText],
        silent: [unreachableText, unreachableText],
        banner: [unreachableText, unreachableText],
      });
    } finally {
      t.config.email.timeoutMs = timeout;
      silent.close();
      banner.close();
    }
  });

  it('checks the name again when connecting: one that now points inside is never connected to', async () => {
    // As if the name had pointed elsewhere when saved: the kept server is the test's SMTP server by name.
    await s.api.put('/email_settings', {
      ...settings,
      host: '127.0.0.1',
      port: schoolServer.port,
      password: 'smtp-secret',
    });
    await t.database.db.update(emailAccounts).set({ host: 'localhost' }).where(eq(emailAccounts.schoolId, s.schoolId));
    const logins = schoolServer.logins.length;
    const received = schoolServer.received.length;
    const seen = logged.length;
    const res = await send({ audience: 'addresses', addresses: 'inside@x.ug' });
    const job = await finished(res.json().data.job_id);
    expect(job).toMatchObject({ done: 1, failed: 1 });
    expect((await rowsOf(res.json().data.message_id))[0].error).toBe(unreachableText);
    expect([schoolServer.logins.length, schoolServer.received.length]).toEqual([logins, received]);
    // Not tried again; the log names the address.
    const lines = logged.slice(seen);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("localhost resolves inside the server's network (127.0.0.1)");
  });

  it('still delivers through an allowed school server on the same network; a wrong password is told as such', async () => {
    await t.database.db.update(emailAccounts).set({ host: '127.0.0.1' }).where(eq(emailAccounts.schoolId, s.schoolId));
    const before = schoolServer.received.length;
    const res = await send({ audience: 'addresses', addresses: 'allowed@x.ug' });
    expect(await finished(res.json().data.job_id)).toMatchObject({ done: 1, failed: 0 });
    expect(schoolServer.received.slice(before).map((m) => m.to)).toEqual([['allowed@x.ug']]);
    await s.api.put('/email_settings', { ...settings, host: '127.0.0.1', port: schoolServer.port, password: 'wrong' });
    const wrong = await send({ audience: 'addresses', addresses: 'wrong@x.ug' });
    expect(await finished(wrong.json().data.job_id)).toMatchObject({ done: 1, failed: 1 });
    expect((await rowsOf(wrong.json().data.message_id))[0].error).toBe(
      'The mail server refused the user name or password',
    );
    await s.api.put('/email_settings', { host: '' });
  });
});
