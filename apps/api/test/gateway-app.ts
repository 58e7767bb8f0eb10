import { smsMessages } from '@somero/contract';
import { and, inArray } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { now } from '../src/core/dates.js';
import { startFakeSmsGateway } from './fake-sms-gateway.js';
import { useTestApp } from './support.js';

type FakeGateway = Awaited<ReturnType<typeof startFakeSmsGateway>>;

/**
 * A test file's app sending its SMS through the real Africa's Talking adapter to its own fake gateway on
 * loopback (started before the app, closed after it): quick retries, and a generous time limit (a call the
 * adapter gives up on, on a busy machine, is sent again and the fake counts it twice). `env` adds to or
 * overrides the server's settings.
 */
export function useGatewayApp(apiKey: string, env: Record<string, string> = {}) {
  const username = 'sandbox';
  let fake: FakeGateway | undefined;
  beforeAll(async () => {
    fake = await startFakeSmsGateway(username, apiKey);
  });
  afterAll(() => fake?.close().catch(() => {}));
  const t = useTestApp({
    env: () => ({
      SMS_GATEWAY_URL: (fake as FakeGateway).baseUrl,
      AT_USERNAME: username,
      AT_API_KEY: apiKey,
      SMS_RETRY_MS: '20',
      SMS_RETRIES: '1',
      SMS_TIMEOUT_MS: '5000',
      ...env,
    }),
  });
  return {
    t,
    /** The fake gateway: what it received, and how it answers. */
    get fake() {
      return fake as FakeGateway;
    },
    /** Waits until every send of these schools has finished (so none is still writing when the app closes). */
    async sendsFinished(schoolIds: number[]) {
      for (let i = 0; i < 200; i++) {
        const open = await t.database.db
          .select({ id: smsMessages.id })
          .from(smsMessages)
          .where(and(inArray(smsMessages.schoolId, schoolIds), inArray(smsMessages.status, ['queued', 'sending'])));
        if (!open.length) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('a send did not finish');
    },
  };
}

/**
 * Phone numbers only this file uses (test files share one PostgreSQL database): `phone(1)` is
 * "0772 1<serial>" (the serial also makes other names unique), and `e164` is how the gateway writes a
 * number (+2567…).
 */
export function filePhones() {
  const serial = String(now().getTime()).slice(-5);
  return {
    serial,
    phone: (n: number) => `0772 ${n}${serial}`,
    e164: (p: string) => `+256${p.replace(/\D/g, '').slice(-9)}`,
  };
}
