import { plainSmsText, smsStatuses, unicodeCharacters } from '@somero/contract';
import { describe, expect, it } from 'vitest';
import {
  acceptedCode,
  afterDeliveryReport,
  backoff,
  chargedStatuses,
  chunks,
  deliveryStatus,
  fillTemplate,
  finalStatuses,
  mergeGuardians,
  parseNumbers,
  refundedStatuses,
  sendQuestion,
  smsBalance,
  smsCredits,
  smsEncoding,
  smsLength,
  smsParts,
  ugx,
  uniqueRecipients,
} from '../src/modules/notifications/rules.js';

describe('SMS rules: alphabet, length, parts', () => {
  it('keeps GSM-7 for plain text, accents of the GSM alphabet and the extension table', () => {
    expect(smsEncoding('Dear parent, fees are due: UGX 1,250,000 (Term 3).')).toBe('gsm');
    expect(smsEncoding('Café in Zürich? ¿Qué? £5 @ 10% & more_')).toBe('gsm');
    expect(smsEncoding('[x] {y} ~z^ |w| \\ €')).toBe('gsm');
    expect(smsEncoding('line\nbreak\r')).toBe('gsm');
  });

  it('needs Unicode for characters outside it: curly quotes, emoji, Greek small letters, ç', () => {
    expect(smsEncoding('It’s')).toBe('unicode');
    expect(smsEncoding('Webale 🙏')).toBe('unicode');
    expect(smsEncoding('α')).toBe('unicode');
    expect(smsEncoding('ç')).toBe('unicode'); // only the capital Ç is in the alphabet
    expect(smsEncoding('')).toBe('gsm');
  });

  it('counts extension characters twice in GSM, UTF-16 units in Unicode', () => {
    expect(smsLength('abc')).toBe(3);
    expect(smsLength('€')).toBe(2);
    expect(smsLength('{a}')).toBe(5);
    expect(smsLength('^~|\\[]')).toBe(12);
    expect(smsLength('é')).toBe(1);
    expect(smsLength('🙏')).toBe(2);
    expect(smsLength('It’s')).toBe(4);
  });

  it('fits 160 GSM characters in one message, then parts of 153', () => {
    expect(smsParts('')).toBe(0);
    expect(smsParts('a')).toBe(1);
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('a'.repeat(306))).toBe(2);
    expect(smsParts('a'.repeat(307))).toBe(3);
    expect(smsParts('a'.repeat(459))).toBe(3);
    expect(smsParts('a'.repeat(460))).toBe(4);
  });

  it('counts an extension character double against the limit', () => {
    expect(smsParts(`${'a'.repeat(158)}€`)).toBe(1); // 160
    expect(smsParts(`${'a'.repeat(159)}€`)).toBe(2); // 161
    expect(smsParts(`${'a'.repeat(159)}e`)).toBe(1);
  });

  it('fits 70 Unicode characters in one message, then parts of 67', () => {
    expect(smsParts('ç'.repeat(70))).toBe(1);
    expect(smsParts('ç'.repeat(71))).toBe(2);
    expect(smsParts('ç'.repeat(134))).toBe(2);
    expect(smsParts('ç'.repeat(135))).toBe(3);
    // One emoji turns a 100-character message into two Unicode parts.
    expect(smsParts(`${'a'.repeat(100)}`)).toBe(1);
    expect(smsParts(`${'a'.repeat(100)}🙏`)).toBe(2);
  });

  it('charges the parts of each recipient’s own text', () => {
    expect(smsCredits(['hi', 'a'.repeat(161), 'ç'.repeat(71)])).toBe(5);
    expect(smsCredits([])).toBe(0);
    expect(smsBalance(500, 120)).toBe(380);
  });
});

describe('SMS rules: templates and recipients', () => {
  it('fills placeholders in any case, leaving unknown ones as written', () => {
    const values = { student: 'Nakato Sarah', balance: 'UGX 50,000', school: 'Kampala Hill' };
    expect(fillTemplate('{Student} owes {balance}. { school }', values)).toBe(
      'Nakato Sarah owes UGX 50,000. Kampala Hill',
    );
    expect(fillTemplate('{division} for {student}', values)).toBe('{division} for Nakato Sarah');
    expect(fillTemplate('No placeholders {}', values)).toBe('No placeholders {}');
  });

  it('writes a money unit once: the placeholder carries it, so one typed before it is left out', () => {
    const values = { balance: 'UGX 500,000', amount: 'UGX 20,000', student: 'Nakato Sarah', class: 'S2' };
    expect(fillTemplate('Fees balance: UGX {balance}', values)).toBe('Fees balance: UGX 500,000');
    expect(fillTemplate('Paid ugx {amount}, balance Shs. {balance}', values)).toBe(
      'Paid UGX 20,000, balance UGX 500,000',
    );
    expect(fillTemplate('Fees balance: {balance}', values)).toBe('Fees balance: UGX 500,000');
    // Only before a value that carries the unit, and only a whole word.
    expect(fillTemplate('UGX {student} of {class}', values)).toBe('UGX Nakato Sarah of S2');
    expect(fillTemplate('Shs {division}', values)).toBe('Shs {division}');
  });

  it('asks before a send with its cost in words', () => {
    expect(sendQuestion({ recipients: 111, toWhom: 'Guardians (S2)', credits: 254, balance: 1939 })).toBe(
      '111 messages to guardians (S2), 254 credits of your 1,939. Send them?',
    );
    expect(sendQuestion({ recipients: 1, toWhom: 'Staff', credits: 1, balance: 5 })).toBe(
      '1 message to staff, 1 credit of your 5. Send it?',
    );
  });

  it('points out what makes a message Unicode, and replaces what has a plain form', () => {
    const text = 'It’s “Visiting day” – bring fees… Café à Mbale 🙏';
    expect(smsEncoding(text)).toBe('unicode');
    expect(unicodeCharacters(text)).toEqual([
      { character: '’', plain: "'" },
      { character: '“', plain: '"' },
      { character: '”', plain: '"' },
      { character: '–', plain: '-' },
      { character: '…', plain: '...' },
      { character: '🙏', plain: null },
    ]);
    expect(plainSmsText(text)).toBe('It\'s "Visiting day" - bring fees... Café à Mbale 🙏');
    const plain = plainSmsText('It’s the term’s last day — see you ‘soon’. Naïve');
    expect(plain).toBe("It's the term's last day - see you 'soon'. Naive");
    expect(smsEncoding(plain)).toBe('gsm');
    // Half the characters a message: the curly apostrophe doubled the cost of this one.
    const long = `${'Dear parent, '.repeat(6)}it’s time.`;
    expect([smsParts(long), smsParts(plainSmsText(long))]).toEqual([2, 1]);
    expect(unicodeCharacters('Plain text, UGX 1,000.')).toEqual([]);
  });

  it('sends each number once in the +256 form; counts missing and bad numbers', () => {
    const list = uniqueRecipients([
      { phone: '0772 123456', name: 'A' },
      { phone: '+256772123456', name: 'B' },
      { phone: '256 772 123 456', name: 'C' },
      { phone: '0701-234567', name: 'D' },
      { phone: null, name: 'E' },
      { phone: 'not a phone', name: 'F' },
    ]);
    expect(list.recipients.map((r) => [r.phone, r.name])).toEqual([
      ['+256772123456', 'A'],
      ['+256701234567', 'D'],
    ]);
    expect(list).toMatchObject({ duplicates: 2, withoutPhone: 2 });
  });

  it('reads typed numbers split by commas, semicolons and lines', () => {
    expect(parseNumbers('0772 123456, 0701234567;\n+254712345678\n\n junk , 12')).toEqual({
      phones: ['+256772123456', '+256701234567', '+254712345678'],
      invalid: ['junk', '12'],
    });
  });

  it("merges a parent's children into one message: names, classes, balances added", () => {
    const merged = mergeGuardians([
      {
        phone: '0772 111111',
        guardian: 'Akello Ruth',
        studentId: 1,
        student: 'Okello Brian',
        className: 'S1 West',
        balance: 699_000,
      },
      {
        phone: '+256772111111',
        guardian: 'Akello Ruth',
        studentId: 2,
        student: 'Okello Bella',
        className: 'S3',
        balance: 1_000,
      },
      {
        phone: '0772 111111',
        guardian: 'Akello Ruth',
        studentId: 3,
        student: 'Okello Ben',
        className: 'S3',
        balance: -5_000,
      },
      {
        phone: '0772 222222',
        guardian: 'Nalwoga Grace',
        studentId: 4,
        student: 'Nakato Sarah',
        className: 'S1 East',
        balance: 0,
      },
      { phone: null, guardian: 'Parent', studentId: 5, student: 'No Phone', className: 'S2', balance: 0 },
    ]);
    expect(merged).toHaveLength(3);
    expect(merged[0]).toMatchObject({
      phone: '+256772111111',
      studentId: 1,
      values: {
        student: 'Okello Brian, Okello Bella and Okello Ben',
        class: 'S1 West, S3',
        balance: 'UGX 695,000',
        guardian: 'Akello Ruth',
      },
    });
    expect(merged[1].values).toMatchObject({ student: 'Nakato Sarah', balance: 'UGX 0' });
    expect(merged[2]).toMatchObject({ phone: null, studentId: 5 });
  });

  it('writes shillings with separators', () => {
    expect(ugx(1_250_000)).toBe('UGX 1,250,000');
    expect(ugx(-5_000)).toBe('UGX -5,000');
  });
});

describe('SMS rules: the gateway', () => {
  it('takes 100–102 as accepted (101 sent), anything else as refused', () => {
    expect([100, 101, 102].map(acceptedCode)).toEqual([true, true, true]);
    expect([99, 103, 401, 403, 500].map(acceptedCode)).toEqual([false, false, false, false, false]);
  });

  it('reads delivery reports: Success delivered; Failed, Rejected, Expired undelivered; Sent still sent', () => {
    expect(deliveryStatus('Success')).toBe('delivered');
    expect(deliveryStatus(' success ')).toBe('delivered');
    expect(deliveryStatus('Sent')).toBe('sent');
    expect(deliveryStatus('Buffered')).toBe('sent');
    expect(deliveryStatus('Submitted')).toBe('sent');
    for (const s of ['Failed', 'Rejected', 'Expired', 'AbsentSubscriber'])
      expect(deliveryStatus(s)).toBe('undelivered');
  });

  it('settles a sent, sending or unknown message from its report; a final status stays, whatever comes later', () => {
    for (const current of ['sent', 'sending', 'unknown'] as const) {
      expect(afterDeliveryReport(current, 'Success')).toBe('delivered');
      expect(afterDeliveryReport(current, 'Failed')).toBe('undelivered');
      expect(afterDeliveryReport(current, 'Buffered')).toBe('sent');
    }
    // Delivered stays delivered; not delivered stays so (the first final report wins); a refunded
    // message is never charged again by a report; a queued one was never handed to the gateway.
    expect(finalStatuses).toEqual(['delivered', 'undelivered', 'rejected', 'failed']);
    for (const current of [...finalStatuses, 'queued'] as const)
      for (const reported of ['Success', 'Failed', 'Rejected', 'Sent', 'Buffered', ''])
        expect(afterDeliveryReport(current, reported), `${current} ← ${reported}`).toBeNull();
    // Every status is final or may still be settled by a report, never both.
    const open = smsStatuses.filter((s) => afterDeliveryReport(s, 'Success') !== null);
    expect(open).toEqual(['sending', 'sent', 'unknown']);
    expect([...open, ...finalStatuses, 'queued'].sort()).toEqual([...smsStatuses].sort());
  });

  it('cuts lists into requests and waits longer before each retry', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 2)).toEqual([]);
    expect([1, 2, 3].map((n) => backoff(n, 100))).toEqual([100, 200, 400]);
  });
});

describe('SMS rules: what a user is charged and told', () => {
  it('keeps the credits of a queued, sending, sent, delivered, undelivered or unknown message and refunds a rejected or failed one', () => {
    // Sending and unknown: the gateway may have sent it (a time-out after the request), so it stays charged.
    expect(chargedStatuses).toEqual(['queued', 'sending', 'sent', 'delivered', 'undelivered', 'unknown']);
    expect(refundedStatuses).toEqual(['rejected', 'failed']);
    // Every status is one or the other, never both: no message's credits are lost or counted twice.
    expect([...chargedStatuses, ...refundedStatuses].sort()).toEqual([...smsStatuses].sort());
  });

  it('reads "Delivered" as delivered and "Queued" as still sent', () => {
    expect(deliveryStatus('Delivered')).toBe('delivered');
    expect(deliveryStatus('QUEUED')).toBe('sent');
    expect(deliveryStatus('')).toBe('undelivered');
  });

  it('cuts a list that divides evenly without an empty request at the end', () => {
    expect(chunks([1, 2, 3, 4], 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(chunks([1], 1000)).toEqual([[1]]);
  });

  it('writes shillings rounded to the shilling, nothing as UGX 0', () => {
    expect(ugx(0)).toBe('UGX 0');
    expect(ugx(1_234.5)).toBe('UGX 1,235');
    expect(ugx(999)).toBe('UGX 999');
  });

  it('fills placeholders with underscores, and only whole names in braces', () => {
    const values = { first_name: 'Sarah', student: 'Nakato Sarah' };
    expect(fillTemplate('Dear {FIRST_NAME}, {  student  }', values)).toBe('Dear Sarah, Nakato Sarah');
    expect(fillTemplate('{student2} {stu dent} student', values)).toBe('{student2} {stu dent} student');
    expect(fillTemplate('{student}{student}', values)).toBe('Nakato SarahNakato Sarah');
  });

  it("keeps each recipient's student and placeholder values; none given are none", () => {
    const list = uniqueRecipients([
      { phone: '0772123456', name: 'Akello Ruth', studentId: 12, values: { student: 'Okello Brian' } },
      { phone: '0701234567', name: 'Staff member' },
      { phone: '', name: 'No number' },
    ]);
    expect(list).toEqual({
      recipients: [
        { phone: '+256772123456', name: 'Akello Ruth', studentId: 12, values: { student: 'Okello Brian' } },
        { phone: '+256701234567', name: 'Staff member', studentId: null, values: {} },
      ],
      withoutPhone: 1,
      duplicates: 0,
    });
  });

  it('reads numbers typed one a line with Windows line ends, and ignores empty entries', () => {
    expect(parseNumbers('0772123456\r\n0701234567,,;\n')).toEqual({
      phones: ['+256772123456', '+256701234567'],
      invalid: [],
    });
    expect(parseNumbers('')).toEqual({ phones: [], invalid: [] });
  });

  it("names a student once when a parent's number is listed twice for them, and greets the parent by name", () => {
    const child = {
      phone: '0772 111111',
      guardian: 'Akello Ruth',
      studentId: 1,
      student: 'Okello Brian',
      className: 'S1 West',
      balance: 100_000,
    };
    const merged = mergeGuardians([child, { ...child, guardian: 'Ruth A.' }, { ...child, phone: '' }]);
    expect(merged).toEqual([
      {
        phone: '+256772111111',
        name: 'Akello Ruth',
        studentId: 1,
        values: {
          guardian: 'Akello Ruth',
          name: 'Akello Ruth',
          student: 'Okello Brian',
          class: 'S1 West',
          balance: 'UGX 100,000',
        },
      },
      { phone: null, name: 'Akello Ruth', studentId: 1, values: {} },
    ]);
    const two = mergeGuardians([child, { ...child, studentId: 2, student: 'Okello Bella' }]);
    expect(two[0].values.student).toBe('Okello Brian and Okello Bella');
    expect(two[0].values.class).toBe('S1 West');
    expect(mergeGuardians([])).toEqual([]);
  });
});
