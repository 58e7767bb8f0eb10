import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { files } from '@somero/contract';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { client } from './students-fixtures.js';
import { newSchool, useTestApp } from './support.js';

/**
 * Issue 13 §2: files are kept on disk or in an S3-compatible bucket as the server is configured
 * (FILE_STORAGE); the files table then holds only the key. A store that fails answers 503 with a
 * sentence, never a 500, and records nothing.
 */
const logo = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

async function schemeOfWork() {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Scheme of work S2 Chemistry');
  return Buffer.from(await doc.save());
}

const upload = (bytes: Buffer) => ({
  title: 'S2 Chemistry scheme of work',
  category: 'scheme_of_work',
  file: { filename: 'Chemistry S2.pdf', data: `data:application/pdf;base64,${bytes.toString('base64')}` },
});

it('the setting: the database unless told; disk in DATA_DIR/files; s3 needs its address', () => {
  expect(readConfig({}).fileStorage).toEqual({ kind: 'database' });
  expect(readConfig({ FILE_STORAGE: 'disk', DATA_DIR: '/srv/somero' }).fileStorage).toEqual({
    kind: 'disk',
    dir: '/srv/somero/files',
  });
  expect(readConfig({ FILE_STORAGE: 'S3', S3_URL: 'https://k:s@s3.example.com/b' }).fileStorage).toEqual({
    kind: 's3',
    url: 'https://k:s@s3.example.com/b',
    region: 'us-east-1',
  });
  expect(() => readConfig({ FILE_STORAGE: 's3' })).toThrow('FILE_STORAGE=s3 needs S3_URL');
  expect(() => readConfig({ FILE_STORAGE: 'ftp' })).toThrow('FILE_STORAGE is database, disk or s3, not ftp');
});

describe('on disk (FILE_STORAGE=disk)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'somero-files-'));
  const t = useTestApp({ env: { FILE_STORAGE: 'disk', FILES_DIR: dir } });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a logo and a shared scheme of work in the folder, the row holding only the key', async () => {
    const school = await newSchool(t.app, t.database);
    const admin = client(t.app, school.adminToken);
    const res = await admin.post('/school_logo', { filename: 'logo.png', data: (await logo()).toString('base64') });
    expect(res.statusCode, res.body).toBe(200);
    const fileId = res.json().data.logo_file_id as number;
    const [row] = await t.database.db.select().from(files).where(eq(files.id, fileId));
    expect(row.bytes).toBeNull();
    expect(row.storageKey).toMatch(new RegExp(`^${school.schoolId}/logo/[0-9a-f-]{36}$`));
    const served = await admin.get(`/files/${fileId}`);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, readFileSync(path.join(dir, row.storageKey!)))).toBe(0);
    expect(row.size).toBe(served.rawPayload.length);

    const pdf = await schemeOfWork();
    const shared = await admin.post('/staff_resources', upload(pdf));
    expect(shared.statusCode, shared.body).toBe(200);
    const download = await admin.get(`/staff_resources/${shared.json().data.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, pdf)).toBe(0);

    // The folder lost the file (a disk replaced without its files): a sentence, not a 500.
    rmSync(path.join(dir, row.storageKey!));
    const lost = await admin.get(`/files/${fileId}`);
    expect(lost.statusCode).toBe(503);
    expect(lost.json().message).toBe(
      'Files cannot be kept or read just now: the file storage did not answer. Try again in a moment.',
    );
  });
});

describe('in an S3-compatible bucket (FILE_STORAGE=s3)', () => {
  const objects = new Map<string, { bytes: Buffer; type: string }>();
  const seen: { method: string; url: string; authorization: string }[] = [];
  let failing = false;
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization ?? '' });
        if (failing) return res.writeHead(500).end('<Error><Code>InternalError</Code></Error>');
        if (req.method === 'PUT') {
          objects.set(req.url!, { bytes: Buffer.concat(chunks), type: req.headers['content-type'] ?? '' });
          return res.writeHead(200).end();
        }
        const object = objects.get(req.url!);
        if (!object) return res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        res.writeHead(200, { 'content-type': object.type }).end(object.bytes);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const t = useTestApp({
    env: () => ({
      FILE_STORAGE: 's3',
      S3_URL: `http://AKIDSOMERO:s3cr3t@127.0.0.1:${port}/somero-files`,
      S3_REGION: 'af-south-1',
    }),
  });

  it('puts the bytes in the bucket under the key, signed, and reads them back', async () => {
    const school = await newSchool(t.app, t.database);
    const admin = client(t.app, school.adminToken);
    const pdf = await schemeOfWork();
    const shared = await admin.post('/staff_resources', upload(pdf));
    expect(shared.statusCode, shared.body).toBe(200);
    const [put] = seen.filter((s) => s.method === 'PUT');
    expect(put.url).toMatch(new RegExp(`^/somero-files/${school.schoolId}/staff_resource/[0-9a-f-]{36}$`));
    expect(put.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDSOMERO\/\d{8}\/af-south-1\/s3\/aws4_request, SignedHeaders=\S+, Signature=[0-9a-f]{64}$/,
    );
    expect(objects.get(put.url)).toEqual({ bytes: pdf, type: 'application/pdf' });
    const [row] = await t.database.db
      .select()
      .from(files)
      .where(eq(files.storageKey, put.url.replace('/somero-files/', '')));
    expect(row).toMatchObject({ bytes: null, size: pdf.length, mime: 'application/pdf', schoolId: school.schoolId });

    const download = await admin.get(`/staff_resources/${shared.json().data.id}/download`);
    expect(Buffer.compare(download.rawPayload, pdf)).toBe(0);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: put.url });
  });

  it('a bucket that fails: the upload is refused with 503 and nothing is listed', async () => {
    const school = await newSchool(t.app, t.database);
    const admin = client(t.app, school.adminToken);
    failing = true;
    const res = await admin.post('/staff_resources', upload(await schemeOfWork()));
    failing = false;
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/^Files cannot be kept or read just now/);
    expect((await admin.get('/staff_resources')).json().data).toEqual([]);
    expect(await t.database.db.select().from(files).where(eq(files.schoolId, school.schoolId))).toEqual([]);
  });
});
