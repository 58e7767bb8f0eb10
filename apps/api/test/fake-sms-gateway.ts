import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Africa's Talking-style SMS gateway for tests, on 127.0.0.1 (port 0 unless given), over real
 * HTTP. It answers `POST /version1/messaging` (form-encoded username, to, message, from; header apiKey)
 * with `SMSMessageData.Recipients`. `reject` lists numbers it refuses (status 403, InvalidPhoneNumber);
 * `failNext` makes the next requests answer 500; `mode` 'down' answers 500 to every request, 'hang'
 * takes the request (it is recorded in `received`, as if sent) and never answers: the sender's timeout
 * (`answerNext` requests are still answered first).
 * `GET /fake/received` answers what it took, with the message ids it gave (for browser tests, whose
 * fake runs in another process). The browser tests start it from `e2e/global-setup.ts`.
 */
export async function startFakeSmsGateway(username: string, apiKey: string, port = 0) {
  const received: { to: string[]; message: string; from: string | null; ids: string[] }[] = [];
  const state = {
    mode: 'up' as 'up' | 'down' | 'hang',
    failNext: 0,
    answerNext: 0,
    reject: new Set<string>(),
    requests: 0,
  };
  let serial = 0;
  // Ids unique to this fake: test runs share a PostgreSQL database, and reports find messages by id.
  const run = randomBytes(4).toString('hex');
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const send = (status: number, payload: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.method === 'GET' && req.url === '/fake/received') return send(200, received);
      state.requests += 1;
      if (state.mode === 'down' || state.failNext > 0) {
        state.failNext = Math.max(0, state.failNext - 1);
        return send(500, { message: 'Internal error' });
      }
      if (req.method !== 'POST' || req.url !== '/version1/messaging') return send(404, { message: 'not found' });
      const form = new URLSearchParams(body);
      if (req.headers.apikey !== apiKey || form.get('username') !== username)
        return send(401, { message: 'The supplied authentication is invalid' });
      const to = (form.get('to') ?? '').split(',').filter(Boolean);
      const recipients = to.map((number) =>
        state.reject.has(number)
          ? { statusCode: 403, number, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' }
          : { statusCode: 101, number, status: 'Success', cost: 'UGX 35.0000', messageId: `ATXid_${run}_${++serial}` },
      );
      received.push({
        to,
        message: form.get('message') ?? '',
        from: form.get('from'),
        ids: recipients.map((r) => r.messageId),
      });
      if (state.mode === 'hang' && state.answerNext-- <= 0) return; // taken, but the answer never comes
      send(201, { SMSMessageData: { Message: `Sent to ${recipients.length}`, Recipients: recipients } });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
