import { createHash, timingSafeEqual } from 'node:crypto';
import { addDays, now } from '../../../core/dates.js';

/**
 * The SchoolPay-style aggregator adapter (DOMAIN.md §5.5). Pull: `GET {base}/SchoolRangeTransactions/
 * {schoolCode}/{from}/{to}/{hash}` with `hash = MD5(schoolCode + from + apiPassword)` (upper-case hex),
 * at most 31 days a request. Push: a webhook `{signature, type, payment}` signed with
 * `SHA256_hex(apiPassword + schoolpayReceiptNumber)`. The provider's receipt number is the unique key.
 */

export interface GatewayAccount {
  schoolCode: string;
  apiPassword: string;
  baseUrl: string;
}

/** A transaction as the rest of Somero sees it, whatever the provider called the fields. */
export interface ProviderTransaction {
  receiptNo: string;
  paymentCode: string | null;
  studentName: string | null;
  amount: number;
  channel: string | null;
  channelTransactionId: string | null;
  paidAt: Date;
  completed: boolean;
  raw: Record<string, unknown>;
}

export const maxDaysPerRequest = 31;

export const md5Upper = (text: string) => createHash('md5').update(text).digest('hex').toUpperCase();
export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The hash of a pull request for `date` (the range's first day). */
export const pullHash = (account: GatewayAccount, date: string) =>
  md5Upper(account.schoolCode + date + account.apiPassword);

/** The signature the provider puts on a webhook for `receiptNo`. */
export const webhookSignature = (apiPassword: string, receiptNo: string) => sha256Hex(apiPassword + receiptNo);

/** Whether a webhook's signature is the provider's, compared in constant time (case-insensitive hex). */
export function signatureIsValid(apiPassword: string, receiptNo: string, signature: string): boolean {
  const expected = Buffer.from(webhookSignature(apiPassword, receiptNo));
  const given = Buffer.from(signature.trim().toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const text = (v: unknown) => (v == null || v === '' ? null : String(v));

/** Parses one provider record; null when it is not a usable payment (no receipt number or amount). */
export function parseTransaction(raw: Record<string, unknown>): ProviderTransaction | null {
  const receiptNo = text(raw.schoolpayReceiptNumber);
  const amount = Number(raw.amount);
  if (!receiptNo || !Number.isFinite(amount) || amount <= 0) return null;
  const when = text(raw.paymentDateAndTime);
  // SchoolPay writes "2026-02-03 10:15:00" in Kampala time (UTC+3), without a zone.
  const paidAt = when ? new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(when) ? when : `${when.replace(' ', 'T')}+03:00`) : now();
  const status = text(raw.transactionCompletionStatus);
  return {
    receiptNo,
    paymentCode: text(raw.studentPaymentCode),
    studentName: text(raw.studentName),
    amount: Math.round(amount),
    channel: text(raw.sourcePaymentChannel),
    channelTransactionId: text(raw.sourceChannelTransactionId),
    paidAt: Number.isNaN(paidAt.getTime()) ? now() : paidAt,
    completed: !status || /^(completed|success|successful)$/i.test(status),
    raw,
  };
}

/** [from, to] cut into ranges of at most 31 days. */
export function dateRanges(from: string, to: string): [string, string][] {
  const ranges: [string, string][] = [];
  for (let start = from; start <= to; start = addDays(start, maxDaysPerRequest)) {
    const end = addDays(start, maxDaysPerRequest - 1);
    ranges.push([start, end < to ? end : to]);
  }
  return ranges;
}

export class GatewayError extends Error {}

/** Pulls every transaction from `from` to `to` (inclusive), a request per 31 days, over HTTP. */
export async function pullTransactions(
  account: GatewayAccount,
  from: string,
  to: string,
  timeoutMs = 15_000,
): Promise<ProviderTransaction[]> {
  const found: ProviderTransaction[] = [];
  const base = account.baseUrl.replace(/\/+$/, '');
  for (const [start, end] of dateRanges(from, to)) {
    const url = `${base}/SchoolRangeTransactions/${encodeURIComponent(account.schoolCode)}/${start}/${end}/${pullHash(account, start)}`;
    let body: {
      returnCode?: number;
      returnMessage?: string;
      transactions?: unknown[];
      supplementaryFeePayments?: unknown[];
    };
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
      if (!res.ok) throw new GatewayError(`The payment provider answered ${res.status}.`);
      body = (await res.json()) as typeof body;
    } catch (error) {
      if (error instanceof GatewayError) throw error;
      throw new GatewayError('The payment provider could not be reached. Try again later.');
    }
    if (body.returnCode != null && Number(body.returnCode) !== 0) {
      throw new GatewayError(`The payment provider refused: ${body.returnMessage ?? body.returnCode}`);
    }
    for (const list of [body.transactions, body.supplementaryFeePayments]) {
      for (const raw of list ?? []) {
        if (!raw || typeof raw !== 'object') continue;
        const t = parseTransaction(raw as Record<string, unknown>);
        if (t?.completed) found.push(t);
      }
    }
  }
  return found;
}
