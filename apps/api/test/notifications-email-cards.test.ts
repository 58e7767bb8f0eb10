import type { AddressInfo } from 'node:net';
import { guardians, studentGuardians } from '@somero/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { people, s, setUpEndOfTerm, term, year } from './exams-term-fixture.js';
import { pdfPages } from './pdf-text.js';
import { useTestApp } from './support.js';

/** E-mailing report cards at the end of term: each guardian gets their own student's card as a PDF. */
const received: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  hideSTARTTLS: true,
  onData(stream, _session, done) {
    let data = '';
    stream.on('data', (c: Buffer) => {
      data += c.toString();
    });
    stream.on('end', () => {
      received.push(data);
      done();
    });
  },
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  url = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => smtp.close(() => r())));
const t = useTestApp({ env: () => ({ SMTP_URL: url, EMAIL_RETRY_MS: '20' }) });
beforeAll(() => setUpEndOfTerm(t));

/** The PDF parts of a raw message: file name and bytes. */
function pdfAttachments(raw: string) {
  const boundary = /boundary="?([^"\r\n;]+)"?/.exec(raw)?.[1] ?? '';
  return raw
    .split(`--${boundary}`)
    .filter((part) => /Content-Type: application\/pdf/i.test(part))
    .map((part) => ({
      name: /filename="?([^"\r\n]+)"?/i.exec(part.replace(/\r\n\s+/g, ' '))?.[1] ?? '',
      bytes: Buffer.from(
        part
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('')
          .replace(/\s+/g, ''),
        'base64',
      ),
    }));
}

describe('e-mail: report cards attached', () => {
  it("sends S3's guardians their own student's O Level card and fee statement as PDF files", async () => {
    const [akello, bbosa] = await t.database.db
      .insert(guardians)
      .values([
        { schoolId: s.schoolId, name: 'Akello Mary', phone: '+256772900001', email: 'mary@parents.ug' },
        { schoolId: s.schoolId, name: 'Bbosa Paul', phone: '+256772900002', email: 'paul@parents.ug' },
      ])
      .returning();
    await t.database.db.insert(studentGuardians).values([
      { schoolId: s.schoolId, studentId: people.Akello, guardianId: akello.id, primary: true },
      { schoolId: s.schoolId, studentId: people.Bbosa, guardianId: bbosa.id, primary: true },
    ]);
    const res = await s.api.post('/send_email', {
      audience: 'class',
      class_id: s.classes.S3,
      subject: 'Report card of {student}',
      message: 'Dear {guardian}, the report card of {student} is attached.',
      attachments: ['report_card', 'fee_statement'],
      report_kind: 'old_reports',
      year,
      term,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Cheptoo's guardian is not on record: left out by name.
    expect(res.json().data).toMatchObject({ recipients: 2, attachments: 4, skipped: 1 });
    expect(res.json().data.skipped_list[0]).toEqual({
      name: expect.stringMatching(/^Cheptoo .* \(no guardian recorded\)$/),
      reason: 'no e-mail address',
    });
    let job: { status: string; done: number; failed: number; message: string } | undefined;
    for (let i = 0; i < 300 && !['done', 'failed'].includes(job?.status ?? ''); i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await s.api.get(`/jobs/${res.json().data.job_id}`)).json().data;
    }
    expect(job).toMatchObject({ status: 'done', done: 2, failed: 0, message: 'Emails Sent Successfully: 2 sent.' });
    const mary = received.find((m) => m.includes('mary@parents.ug')) as string;
    const files = pdfAttachments(mary);
    expect(files.map((f) => f.name)).toEqual([
      `Report card Akello Sarah Term ${term} ${year}.pdf`,
      'Fees statement Akello Sarah.pdf',
    ]);
    const card = (await pdfPages(files[0].bytes)).join('\n');
    // Akello's card, not Bbosa's: the English remark and the comments written for Akello.
    expect(card).toContain('Akello');
    expect(card).not.toContain('Bbosa');
    expect(card).toContain('A fluent reader.');
    expect(card).toContain('A model student.');
    expect(files[1].bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
