import { inflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { Invalid } from '../src/core/errors.js';
import { idCardsPdf } from '../src/documents/id-cards.js';
import { prepareImage } from '../src/documents/images.js';
import { passOutPdf } from '../src/documents/pass-out.js';
import { renderPdf } from '../src/documents/pdf.js';
import { decodeUpload, readSheet, templateSheet, writeSheet } from '../src/documents/spreadsheet.js';
import type { IdCard, PassOutDocument, SchoolForDocuments } from '../src/documents/types.js';
import { pdfPages } from './pdf-text.js';

/**
 * Small filled squares drawn on each page: the modules of a QR code. pdf2json leaves such tiny shapes
 * out, so the page content streams are read directly.
 */
function smallSquaresPerPage(pdf: Buffer): number[] {
  const text = pdf.toString('latin1');
  const counts: number[] = [];
  for (const match of text.matchAll(/\bstream\r?\n/g)) {
    const dictionary = text.slice(text.lastIndexOf(' obj', match.index), match.index);
    if (!dictionary.includes('/FlateDecode') || dictionary.includes('/Image')) continue;
    const start = match.index + match[0].length;
    const content = inflateSync(pdf.subarray(start, text.indexOf('endstream', start))).toString('latin1');
    if (!content.includes(' re')) continue;
    const squares = [...content.matchAll(/[\d.]+ [\d.]+ ([\d.]+) ([\d.]+) re\s/g)].filter(
      ([, w, h]) => w === h && Number(w) < 4,
    );
    counts.push(squares.length);
  }
  return counts;
}

const count = (text: string, part: string) => text.split(part).length - 1;
const asDataUrl = (bytes: Buffer, mime: string) => `data:${mime};base64,${bytes.toString('base64')}`;

async function expectInvalid(promise: Promise<unknown>, message: string | RegExp) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Invalid);
  expect((error as Invalid).statusCode).toBe(422);
  expect((error as Invalid).errors?.data?.[0]).toMatch(message);
}

let photo: Buffer;
let logo: Buffer;
let school: SchoolForDocuments;
beforeAll(async () => {
  photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#b07850' } })
    .jpeg()
    .toBuffer();
  logo = await sharp({ create: { width: 200, height: 200, channels: 4, background: '#b91c1c' } })
    .png()
    .toBuffer();
  school = {
    name: 'Ntare School',
    motto: 'Nothing is too hard',
    address: 'P.O. Box 3, Mbarara',
    phone: '0485 420 000',
    email: 'info@ntare.ac.ug',
    logo: { bytes: logo, mime: 'image/png' },
  };
});

describe('student ID cards', () => {
  const names = [
    'Nakato Sarah',
    'Mugisha Brian',
    'Atuhaire Gloria',
    'Ssekandi Joseph',
    'Achieng Mercy',
    'Okello Denis',
    'Namubiru Florence',
    'Tumusiime Ivan',
    'Nabirye Esther',
    'Kato Emmanuel',
    'Akello Grace',
    'Byaruhanga Paul',
    'Nansubuga Ruth',
  ];
  const card = (name: string, i: number): IdCard => ({
    name,
    admissionNo: `NS/2026/${String(i + 1).padStart(3, '0')}`,
    className: 'S.3',
    streamName: 'East',
    section: i % 2 ? 'Boarding' : 'Day',
    gender: i % 2 ? 'Male' : 'Female',
    dateOfBirth: '2010-03-12',
    paymentCode: `100456${i}`,
    lin: 'UG2345678901',
    guardianPhone: '0772 123 456',
    photo: i === 12 ? null : { bytes: photo, mime: 'image/jpeg' },
    validUntil: '31 Dec 2026',
  });

  it('prints 13 students on two A4 pages, each name and admission number once, in order, with a QR each', async () => {
    const cards = names.map(card);
    const pdf = await idCardsPdf(school, cards);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(2);
    const all = pages.join('\n');
    for (const c of cards) {
      expect(count(all, c.name), c.name).toBe(1);
      expect(count(all, c.admissionNo), c.admissionNo).toBe(1);
    }
    // Ten on the first sheet, three on the second, in the order given.
    const positions = cards.map((c, i) => pages[i < 10 ? 0 : 1]!.indexOf(c.admissionNo));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions.slice(0, 10)).toEqual([...positions.slice(0, 10)].sort((a, b) => a - b));
    expect(all).toContain('Valid until 31 Dec 2026');
    expect(all).toContain('NTARE SCHOOL');
    expect(all).toContain('12 Mar 2010');
    expect(all).toContain('Boarding');
    // The student without a photo gets the initials in its place.
    expect(pages[1]).toMatch(/\bNR\b/);

    // A QR of 21 × 21 modules has well over 100 dark ones; ten cards on the first page, three on the second.
    const squares = smallSquaresPerPage(pdf);
    expect(squares).toHaveLength(2);
    expect(squares[0]).toBeGreaterThan(10 * 100);
    expect(squares[1]).toBeGreaterThan(3 * 100);
    expect(squares[1]).toBeLessThan(squares[0]! / 2);
  });

  it('leaves out the payment code and LIN when the student has none', async () => {
    const pages = await pdfPages(
      await idCardsPdf({ ...school, logo: null }, [{ ...card('Nakato Sarah', 0), paymentCode: null, lin: null }]),
    );
    expect(pages).toHaveLength(1);
    expect(pages[0]).not.toContain('Pay code');
    expect(pages[0]).not.toContain('LIN');
    expect(pages[0]).toContain('Nakato Sarah');
  });

  it('refuses an empty list', async () => {
    await expect(idCardsPdf(school, [])).rejects.toThrow();
  });
});

describe('pass-out', () => {
  const pass: PassOutDocument = {
    passNo: 123,
    studentName: 'Nakato Sarah',
    admissionNo: 'NS/2026/001',
    className: 'S.3 East',
    photo: null,
    type: 'Sick / medical',
    reason: 'Referred to Mbarara hospital by the school nurse',
    destination: 'Mbarara Regional Referral Hospital',
    timeOut: new Date('2026-11-22T11:30:00Z'),
    expectedReturn: new Date('2026-11-22T15:00:00Z'),
    returnedAt: new Date('2026-11-22T14:55:00Z'),
    collectorName: 'Namubiru Florence',
    collectorRelationship: 'Mother',
    collectorPhone: '0772 555 123',
    collectorIdNo: 'CF85012345678ABC',
    authorisedBy: 'Tumwine Robert',
    status: 'returned',
  };

  it('shows the pass number, the student, who collects, Kampala times and RETURNED on one A5 page', async () => {
    const pdf = await passOutPdf(school, pass);
    // A5 portrait: 148 × 210 mm.
    expect(pdf.toString('latin1')).toMatch(/MediaBox \[0 0 419\.5\d* 595\.2\d*\]/);
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    for (const part of [
      'PASS OUT No. 000123',
      'Nakato Sarah',
      'NS/2026/001',
      'S.3 East',
      'Namubiru Florence',
      'Mother',
      '0772 555 123',
      'CF85012345678ABC',
      'Tumwine Robert',
      'Sun 22 Nov 2026, 14:30',
      'Sun 22 Nov 2026, 18:00',
      'Sun 22 Nov 2026, 17:55',
      'RETURNED',
      'NTARE SCHOOL',
    ]) {
      expect(text, part).toContain(part);
    }
  });

  it('shows CANCELLED, and an open pass leaves the return for the gate to fill in', async () => {
    const cancelled = (await pdfPages(await passOutPdf(school, { ...pass, status: 'cancelled', returnedAt: null })))[0];
    expect(cancelled).toContain('CANCELLED');
    expect(cancelled).not.toContain('RETURNED');

    const open = (
      await pdfPages(
        await passOutPdf(school, {
          ...pass,
          photo: { bytes: photo, mime: 'image/jpeg' },
          status: 'issued',
          returnedAt: null,
          collectorName: null,
        }),
      )
    )[0]!;
    expect(open).toContain('ISSUED');
    expect(open).toMatch(/Returned on _{5,}/);
    expect(open).not.toContain('RETURNED');
    expect(open).not.toContain('Namubiru Florence');
  });
});

describe('PDF fonts', () => {
  // The metrics of a standard font are parsed once and shared by every later document (documents/pdf.ts).
  it("measures text by Helvetica's widths and kerning in every document, regular and bold alike", async () => {
    await renderPdf({ content: 'Somero' });
    const widths = [1, 2, 3].map(() => {
      const doc = new PDFDocument({ autoFirstPage: false }).fontSize(10);
      return [doc.font('Helvetica').widthOfString('AV'), doc.font('Helvetica-Bold').widthOfString('AV')];
    });
    // A 667 + V 667 − 70 kerning; bold A 722 + V 667 − 80; per 1,000 units at 10 points.
    expect(widths).toEqual([
      [12.64, 13.09],
      [12.64, 13.09],
      [12.64, 13.09],
    ]);
  });
});

describe('spreadsheets', () => {
  const columns = [
    { header: 'Admission No', key: 'admissionNo' },
    { header: 'Student Name', key: 'name' },
    { header: 'Balance (UGX)', key: 'balance' },
    { header: 'Date of Birth', key: 'dateOfBirth' },
    { header: 'Phone', key: 'phone' },
    { header: 'Comment', key: 'comment', width: 40 },
  ];
  const rows = [
    {
      admissionNo: 'NS/2026/001',
      name: 'Nakato Sarah',
      balance: 150000,
      dateOfBirth: new Date('2010-03-12T00:00:00Z'),
      phone: '+256772123456',
      comment: '=HYPERLINK("http://example.com/x","Click")',
    },
    { admissionNo: 'NS/2026/002', name: 'Mugisha Brian', balance: -2500.5, dateOfBirth: null, phone: '0772 000 111' },
    { admissionNo: 'NS/2026/003', name: '@Okello', balance: 0, comment: '-1+2' },
  ];

  it('writes an export that reads back with the same values', async () => {
    const sheet = await readSheet(await writeSheet('Students', columns, rows));
    expect(sheet.headers).toEqual(['admission_no', 'student_name', 'balance_ugx', 'date_of_birth', 'phone', 'comment']);
    expect(sheet.rows).toEqual([
      {
        row: 2,
        values: {
          admission_no: 'NS/2026/001',
          student_name: 'Nakato Sarah',
          balance_ugx: '150000',
          date_of_birth: '2010-03-12',
          phone: '+256772123456',
          comment: '=HYPERLINK("http://example.com/x","Click")',
        },
      },
      {
        row: 3,
        values: {
          admission_no: 'NS/2026/002',
          student_name: 'Mugisha Brian',
          balance_ugx: '-2500.5',
          date_of_birth: '',
          phone: '0772 000 111',
          comment: '',
        },
      },
      {
        row: 4,
        values: {
          admission_no: 'NS/2026/003',
          student_name: '@Okello',
          balance_ugx: '0',
          date_of_birth: '',
          phone: '',
          comment: '-1+2',
        },
      },
    ]);
  });

  it('keeps numbers as numbers, formulas as text, and gives a bold frozen filtered header', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await writeSheet('Students', columns, rows)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Students');
    expect(sheet.getCell('C2').value).toBe(150000);
    expect(sheet.getCell('C3').value).toBe(-2500.5);
    expect(sheet.getCell('D2').value).toBeInstanceOf(Date);
    // Text that Excel would take for a formula is stored as text behind an apostrophe.
    expect(sheet.getCell('F2').value).toBe(`'=HYPERLINK("http://example.com/x","Click")`);
    expect(sheet.getCell('F2').formula).toBeUndefined();
    expect(sheet.getCell('E2').value).toBe("'+256772123456");
    expect(sheet.getCell('B4').value).toBe("'@Okello");
    expect(sheet.getCell('F4').value).toBe("'-1+2");
    expect(sheet.getCell('A1').value).toBe('Admission No');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.getColumn(6).width).toBe(40);
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual('Student Name'.length);
  });

  it('reads a sheet made by hand: rich text, formula results, dates, whole numbers, blank rows', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('From the office');
    sheet.addRow(['Admission No.', '  Student name ', 'Fees Paid', 'Joined', 'Total', 'Stream/House', '']);
    sheet.addRow([
      ' NS/001 ',
      { richText: [{ text: 'Nakato ', font: { bold: true } }, { text: 'Sarah' }] },
      12,
      new Date('2026-02-02T00:00:00Z'),
      { formula: 'C2*2', result: 24 },
      { text: 'East', hyperlink: 'http://example.com' },
    ]);
    sheet.addRow([]);
    sheet.addRow(['NS/002', 'Mugisha Brian', 3.5, '2026-02-03', { formula: 'C4*2', result: 7 }, 'West']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());

    const read = await readSheet(data);
    expect(read.headers).toEqual(['admission_no', 'student_name', 'fees_paid', 'joined', 'total', 'stream_house']);
    expect(read.rows).toEqual([
      {
        row: 2,
        values: {
          admission_no: 'NS/001',
          student_name: 'Nakato Sarah',
          fees_paid: '12',
          joined: '2026-02-02',
          total: '24',
          stream_house: 'East',
        },
      },
      {
        row: 4,
        values: {
          admission_no: 'NS/002',
          student_name: 'Mugisha Brian',
          fees_paid: '3.5',
          joined: '2026-02-03',
          total: '7',
          stream_house: 'West',
        },
      },
    ]);
  });

  it('refuses a file that is not an .xlsx', async () => {
    await expectInvalid(readSheet(Buffer.from('Name,Class\nNakato,S.3\n')), 'This is not an .xlsx file');
    await expectInvalid(readSheet(photo), 'This is not an .xlsx file');
  });

  it('makes an import template with headings only; the grey example and the notes are on the Notes sheet', async () => {
    const data = await templateSheet(
      'Students',
      columns.slice(0, 3),
      [{ admissionNo: 'NS/2026/001', name: 'Nakato Sarah', balance: 0 }],
      ['Admission No must be unique.', 'Fill one row per student.'],
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Students', 'Notes']);
    const [students, notes] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(students.getCell('A1').font?.bold).toBe(true);
    expect(students.rowCount).toBe(1);
    expect(notes.getCell('A1').value).toBe('Admission No must be unique.');
    expect(notes.getCell('A2').value).toBe('Fill one row per student.');
    const example = notes.getColumn(2).values.indexOf('Nakato Sarah');
    expect(example).toBeGreaterThan(0);
    expect(notes.getCell(example, 2).font).toMatchObject({ italic: true, color: { argb: 'FF808080' } });
    const read = await readSheet(data);
    expect(read.headers).toEqual(['admission_no', 'student_name', 'balance_ugx']);
    expect(read.rows).toEqual([]);
  });

  it('decodes uploads sent as base64 or as a data URL, and refuses anything else', () => {
    const bytes = Buffer.from('PK\x03\x04 spreadsheet bytes');
    expect(decodeUpload(bytes.toString('base64'))).toEqual(bytes);
    expect(decodeUpload(asDataUrl(bytes, 'application/vnd.ms-excel'))).toEqual(bytes);
    expect(() => decodeUpload('C:\\Users\\bursar\\students.xlsx')).toThrow(Invalid);
    expect(() => decodeUpload('')).toThrow(Invalid);
  });
});

describe('images', () => {
  it('turns an uploaded photo into a 400 × 400 JPEG without metadata', async () => {
    const upload = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#8a5a3c' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Staff phone' } })
      .toBuffer();
    const result = await prepareImage(asDataUrl(upload, 'image/jpeg'), 'photo');
    expect(result.mime).toBe('image/jpeg');
    const info = await sharp(result.bytes).metadata();
    expect(info).toMatchObject({ format: 'jpeg', width: 400, height: 400 });
    expect(info.exif).toBeUndefined();
  });

  it('puts a transparent PNG photo on white, and takes WebP given as plain base64', async () => {
    const transparent = await sharp({
      create: { width: 500, height: 500, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const photo = await prepareImage(transparent.toString('base64'), 'photo');
    const { data } = await sharp(photo.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(240);

    const webp = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
      .webp()
      .toBuffer();
    expect((await prepareImage(webp.toString('base64'), 'photo')).mime).toBe('image/jpeg');
  });

  it('keeps a PNG logo transparent and fits it within 600 × 600', async () => {
    const upload = await sharp({
      create: { width: 1200, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        { input: { create: { width: 200, height: 200, channels: 4, background: '#b91c1c' } }, left: 500, top: 100 },
      ])
      .png()
      .toBuffer();
    const result = await prepareImage(asDataUrl(upload, 'image/png'), 'logo');
    expect(result.mime).toBe('image/png');
    const image = sharp(result.bytes);
    expect(await image.metadata()).toMatchObject({ format: 'png', width: 600, height: 200, hasAlpha: true });
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    expect(data[info.channels - 1]).toBe(0);
    const middle = (100 * info.width + 300) * info.channels;
    expect(data[middle + info.channels - 1]).toBe(255);
  });

  it('turns an image upright by its EXIF orientation', async () => {
    const sideways = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const result = await prepareImage(sideways.toString('base64'), 'logo');
    expect(await sharp(result.bytes).metadata()).toMatchObject({ width: 100, height: 300 });
  });

  it('refuses a text file named .jpg, a GIF, and a file over 5 MB', async () => {
    const text = Buffer.from('Fees balance list\nNakato Sarah 150000\n');
    await expectInvalid(
      prepareImage(asDataUrl(text, 'image/jpeg'), 'photo'),
      'This file is not a JPEG, PNG or WebP image',
    );
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000000' } })
      .gif()
      .toBuffer();
    await expectInvalid(
      prepareImage(asDataUrl(gif, 'image/jpeg'), 'logo'),
      'This file is not a JPEG, PNG or WebP image',
    );
    await expectInvalid(
      prepareImage(Buffer.alloc(5 * 1024 * 1024 + 1).toString('base64'), 'photo'),
      /larger than 5 MB/,
    );
  });
});
