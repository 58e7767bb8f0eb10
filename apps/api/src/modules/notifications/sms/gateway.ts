import { now } from '../../../core/dates.js';
/**
 * Where messages leave the server. `SmsGateway` sends one text to some numbers and answers, per number,
 * whether the gateway accepted it. Two adapters: Africa's Talking's HTTP API (or one compatible with
 * it), and a log-only one that records every message as sent without any network (the demo school,
 * development, a server without gateway credentials).
 */

export interface GatewayResult {
  /** +256… as sent. */
  number: string;
  accepted: boolean;
  /** The gateway's id for delivery reports. */
  messageId: string | null;
  status: string;
  cost: string | null;
}

export interface SmsGateway {
  readonly kind: 'gateway' | 'log';
  send(to: string[], message: string): Promise<GatewayResult[]>;
}

/**
 * The gateway did not take the request: it could not be reached (refused, no such host) or answered an
 * error status. Nothing was sent, so the whole request may be tried again.
 */
export class GatewayDown extends Error {}

/**
 * The request may have reached the gateway but no usable answer came (timed out, connection cut, a
 * reply that is not JSON): the messages may have gone. Sending them again could send them twice.
 */
export class GatewayUnsure extends Error {}

/** Failures that happen before a request reaches the gateway: trying again cannot send twice. */
const notConnected = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** A fetch error as one of the two: not connected (safe to retry) or unsure (may have been sent). */
export function gatewayError(error: unknown): GatewayDown | GatewayUnsure {
  const e = error as { name?: string; message?: string; cause?: { code?: string; name?: string } };
  const code = e.cause?.code ?? '';
  if (notConnected.has(code)) return new GatewayDown(`SMS gateway not reached (${code})`);
  const why = e.name === 'TimeoutError' || e.cause?.name === 'TimeoutError' ? 'no answer in time' : e.message;
  return new GatewayUnsure(`SMS gateway: ${why}${code ? ` (${code})` : ''}`);
}

export interface AfricasTalkingAccount {
  /** The server's setting (SMS_GATEWAY_URL), never a school's. */
  baseUrl: string;
  username: string;
  apiKey: string;
  senderId?: string;
  timeoutMs: number;
}

interface AtRecipient {
  statusCode?: number;
  number?: string;
  messageId?: string;
  status?: string;
  cost?: string;
}

/**
 * Africa's Talking: POST {base}/version1/messaging, form-encoded, `apiKey` header, JSON reply. Throws
 * GatewayDown when nothing can have been sent, GatewayUnsure when it may have been.
 */
export function africasTalking(account: AfricasTalkingAccount): SmsGateway {
  return {
    kind: 'gateway',
    async send(to, message) {
      const body = new URLSearchParams({ username: account.username, to: to.join(','), message });
      if (account.senderId) body.set('from', account.senderId);
      let response: Response;
      try {
        response = await fetch(`${account.baseUrl}/version1/messaging`, {
          method: 'POST',
          headers: {
            apiKey: account.apiKey,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body,
          signal: AbortSignal.timeout(account.timeoutMs),
        });
      } catch (error) {
        throw gatewayError(error);
      }
      // An error status is the gateway saying it did not take the request.
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new GatewayDown(`SMS gateway answered ${response.status}`);
      }
      let reply: { SMSMessageData?: { Recipients?: AtRecipient[] } };
      try {
        reply = (await response.json()) as typeof reply;
      } catch (error) {
        // It took the request (2xx) but its answer was cut off or unreadable: the messages may have gone.
        if (error instanceof SyntaxError) throw new GatewayUnsure('SMS gateway answered something that is not JSON');
        throw gatewayError(error);
      }
      const listed = new Map((reply.SMSMessageData?.Recipients ?? []).map((r) => [r.number ?? '', r]));
      // A number the reply does not name was not accepted.
      return to.map((number) => {
        const r = listed.get(number);
        const code = Number(r?.statusCode);
        return {
          number,
          accepted: code >= 100 && code <= 102,
          messageId: r?.messageId && r.messageId !== 'None' ? r.messageId : null,
          status: r?.status ?? 'Not in the reply',
          cost: r?.cost ?? null,
        };
      });
    },
  };
}

/** Sends nothing: every number is "sent" with a local id. */
export function logOnly(log: (line: string) => void = () => {}): SmsGateway {
  let n = 0;
  return {
    kind: 'log',
    async send(to, message) {
      log(`SMS (log only) to ${to.length} number(s): ${message.slice(0, 60)}`);
      return to.map((number) => ({
        number,
        accepted: true,
        messageId: `log-${now().getTime().toString(36)}-${(n++).toString(36)}`,
        status: 'Logged',
        cost: null,
      }));
    },
  };
}
