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

/** The gateway could not be reached, timed out or answered an error: the whole request may be tried again. */
export class GatewayDown extends Error {}

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

/** Africa's Talking: POST {base}/version1/messaging, form-encoded, `apiKey` header, JSON reply. */
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
        throw new GatewayDown(`SMS gateway not reached: ${(error as Error).message}`);
      }
      if (!response.ok) throw new GatewayDown(`SMS gateway answered ${response.status}`);
      let reply: { SMSMessageData?: { Recipients?: AtRecipient[] } };
      try {
        reply = (await response.json()) as typeof reply;
      } catch {
        throw new GatewayDown('SMS gateway answered something that is not JSON');
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
        messageId: `log-${Date.now().toString(36)}-${(n++).toString(36)}`,
        status: 'Logged',
        cost: null,
      }));
    },
  };
}
