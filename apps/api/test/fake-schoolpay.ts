import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small SchoolPay-style provider for tests, on 127.0.0.1 (port 0), over real HTTP. It answers
 * `GET /SchoolRangeTransactions/{code}/{from}/{to}/{hash}` with the transactions in the range (after
 * checking the MD5 hash) and sends signed webhooks like the real one. The API server reaches it through
 * its SCHOOLPAY_URL (start the fake before the app); `account` adds another school's account and
 * `down` makes it drop every connection, like a provider that cannot be reached.
 */
export interface FakePayment {
  schoolpayReceiptNumber: string;
  studentPaymentCode: string;
  studentName: string;
  amount: number;
  /** "YYYY-MM-DD HH:mm:ss", Kampala time, as SchoolPay writes it. */
  paymentDateAndTime: string;
  sourcePaymentChannel?: string;
  sourceChannelTransactionId?: string;
  transactionCompletionStatus?: string;
}

const md5 = (t: string) => createHash('md5').update(t).digest('hex').toUpperCase();
const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');

export async function startFakeSchoolPay(schoolCode: string, apiPassword: string) {
  const payments: FakePayment[] = [];
  const requests: { from: string; to: string }[] = [];
  const accounts = new Map([[schoolCode, { password: apiPassword, payments }]]);
  const state = { down: false };
  const server: Server = createServer((req, res) => {
    if (state.down) return req.socket.destroy();
    const parts = (req.url ?? '').split('/').filter(Boolean).map(decodeURIComponent);
    const [kind, code, from, to, hash] = parts;
    const send = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (kind !== 'SchoolRangeTransactions' || parts.length !== 5) return send(404, { message: 'not found' });
    requests.push({ from, to });
    const account = accounts.get(code);
    if (!account || hash !== md5(code + from + account.password)) {
      return send(200, { returnCode: 1, returnMessage: 'Invalid hash', transactions: [] });
    }
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    if (!(days >= 1 && days <= 31))
      return send(200, { returnCode: 2, returnMessage: 'Range too long', transactions: [] });
    const transactions = account.payments
      .filter((p) => p.paymentDateAndTime.slice(0, 10) >= from && p.paymentDateAndTime.slice(0, 10) <= to)
      .map((p) => ({ sourcePaymentChannel: 'MTN MoMo', transactionCompletionStatus: 'Completed', ...p }));
    send(200, { returnCode: 0, returnMessage: 'SUCCESS', transactions, supplementaryFeePayments: [] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    payments,
    requests,
    /** While true, every connection is dropped. */
    set down(value: boolean) {
      state.down = value;
    },
    /** Another school's account on the same provider. */
    account(code: string, password: string) {
      accounts.set(code, { password, payments: [] });
    },
    add(p: FakePayment) {
      payments.push(p);
      return p;
    },
    /** The webhook body for `p`, signed with `password` (the right one unless told). */
    webhookBody(p: FakePayment, password = apiPassword) {
      return {
        signature: sha256(password + p.schoolpayReceiptNumber),
        type: 'SCHOOL_FEES',
        payment: { sourcePaymentChannel: 'Airtel Money', transactionCompletionStatus: 'Completed', ...p },
      };
    },
    /** Posts the webhook for `p` to `url` over HTTP, as the provider does; answers the status. */
    async sendWebhook(url: string, p: FakePayment, password = apiPassword) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(this.webhookBody(p, password)),
      });
      return res.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
