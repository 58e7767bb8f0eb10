import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { admit, registerSchool } from './students-fixtures.js';
import { bearer, startTestApp } from './support.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let app: App;
const dist = mkdtempSync(path.join(tmpdir(), 'somero-dist-'));
const page = `<!doctype html><title>Somero</title>${' '.repeat(2000)}`;
const chunk = `console.log(${JSON.stringify('x'.repeat(4000))})`;

/** A built web app as the Vite build leaves it: each file with its .br and .gz beside it. */
function writeBuilt(file: string, body: string) {
  writeFileSync(file, body);
  writeFileSync(`${file}.br`, brotliCompressSync(body));
  writeFileSync(`${file}.gz`, gzipSync(body));
}

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeBuilt(path.join(dist, 'index.html'), page);
  writeBuilt(path.join(dist, 'assets', 'app-1a2b.js'), chunk);
  t = await startTestApp();
  app = await buildApp({ database: t.database, config: { ...t.config, webDist: dist } });
});
afterAll(async () => {
  await app?.close();
  await t?.app.close();
  await t?.database.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('the web app is sent compressed', () => {
  it('sends the brotli file to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(chunk);
    expect(br.rawPayload.length).toBeLessThan(chunk.length / 10);

    const gz = await get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(chunk);

    const plain = await get('/assets/app-1a2b.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(chunk);
  });

  it('compresses the page itself, at / and at a screen path (history mode)', async () => {
    for (const url of ['/', '/students/profile/12']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(page);
    }
  });
});

describe('API replies are sent compressed', () => {
  it('compresses a large JSON reply for a client that accepts it, not a small one, never a spreadsheet', async () => {
    const school = await registerSchool(app, t.database);
    for (let i = 0; i < 12; i++) await admit(school);
    const list = (encoding: string) =>
      app.inject({
        method: 'POST',
        url: '/api/view_students',
        headers: { ...bearer(school.adminToken), 'accept-encoding': encoding },
        payload: { per_page: 500 },
      });
    const plain = await list('identity');
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data).toHaveLength(12);

    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const br = await list('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    // A reply under 1 KB is not worth it.
    const small = await app.inject({
      method: 'GET',
      url: '/api/classes?per_page=1',
      headers: { ...bearer(school.adminToken), 'accept-encoding': 'gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    // A spreadsheet is a zip already: sent as it is.
    const sheet = await app.inject({
      method: 'GET',
      url: '/api/previous_balances_template',
      headers: { ...bearer(school.adminToken), 'accept-encoding': 'gzip, br' },
    });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toMatch(/spreadsheetml/);
    expect(sheet.headers['content-encoding']).toBeUndefined();
    expect(sheet.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('security headers', () => {
  const expectHeaders = (headers: Record<string, unknown>, url: string) => {
    const csp = String(headers['content-security-policy']);
    expect(csp, url).toContain("default-src 'self'");
    expect(csp, url).toContain("script-src 'self'");
    expect(csp, url).toContain("frame-ancestors 'none'");
    expect(csp, url).toContain("object-src 'none'");
    expect(csp, url).not.toContain('upgrade-insecure-requests');
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    expect(headers['referrer-policy'], url).toBe('no-referrer');
    expect(headers['x-frame-options'], url).toBe('DENY');
  };

  it('are on every reply: the app, its chunks, the API, its errors and the API docs', async () => {
    const replies = {
      '/': await get('/'),
      '/assets/app-1a2b.js': await get('/assets/app-1a2b.js'),
      '/api/openapi.json': await get('/api/openapi.json'),
      '/api/users (401)': await get('/api/users'),
      '/api/nothing (404)': await get('/api/nothing'),
      '/api/docs/': await get('/api/docs/'),
      'POST /api/login (422)': await app.inject({ method: 'POST', url: '/api/login', payload: {} }),
    };
    for (const [url, res] of Object.entries(replies)) expectHeaders(res.headers, url);
    expect(replies['/api/users (401)'].statusCode).toBe(401);
  });

  it('answers no CORS headers unless CORS_ORIGINS names the origin', async () => {
    const preflight = {
      method: 'OPTIONS' as const,
      url: '/api/users',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    };
    const closed = await app.inject(preflight);
    expect(closed.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await get('/api/openapi.json', { origin: 'https://elsewhere.example' });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();

    const config = { ...t.config, ...pick(readConfig({ CORS_ORIGINS: 'https://portal.school.example/' })) };
    const open = await buildApp({ database: t.database, config });
    try {
      const allowed = await open.inject({
        ...preflight,
        headers: { ...preflight.headers, origin: 'https://portal.school.example' },
      });
      expect(allowed.statusCode).toBeLessThan(300);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://portal.school.example');
      const other = await open.inject(preflight);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      expectHeaders(allowed.headers, 'preflight');
    } finally {
      await open.close();
    }
  });
});

const pick = ({ corsOrigins }: ReturnType<typeof readConfig>) => ({ corsOrigins });
