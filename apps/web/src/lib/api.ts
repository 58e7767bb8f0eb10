import {
  type ActionTexts,
  type Call,
  followServer,
  lockedStatus,
  messages,
  routeHref,
  serverTimeHeader,
  softRefusalAsSuccess,
} from '@somero/contract';
import type { z } from 'zod';
import { currentToken, lockSession, signOut } from './auth';
import { noticeError, noticeSuccess } from './notices';
import { operatorToken, signOutOperator } from './operator-session';
import { startSaving, stopSaving } from './saving';

export type CallInput<C extends Call> = z.input<C['input']>;
export type CallOutput<C extends Call> = z.output<C['output']>;
/** The `totals` a paged list answers beside its page, when the call declares them. */
export type CallTotals<C extends Call> = C extends { totals: z.ZodType } ? z.output<C['totals']> : undefined;

export interface ApiOptions {
  /** Fills `{id}` in the call's path. */
  id?: number | string;
  /** Other path parameters. */
  params?: Record<string, string | number>;
  /** Catalogue entry for the notice texts: messages[module][action]. */
  module?: string;
  action?: string;
  /** Notice texts that replace the catalogue entry (a declared entity's own texts). */
  texts?: ActionTexts;
  /** Show a 201/202 message as a success-style notice (spec §5: streams, classes, old-student payments). */
  refusalAsSuccess?: boolean;
  /** No success notice (screens that show none, list reads). */
  silentSuccess?: boolean;
  /** No notice at all: the caller shows the outcome itself (sign-in forms). */
  quiet?: boolean;
  /** Count this request in the shared saving flag; default for everything but GET. */
  saving?: boolean;
  /** Extra request headers (the payment desk's Idempotency-Key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiOk<T, Totals = undefined> {
  ok: true;
  status: number;
  data: T;
  message?: string;
  page?: number;
  per_page?: number;
  total?: number;
  totals?: Totals;
}
export interface ApiFail {
  ok: false;
  /** 0 when the request never got an answer. */
  status: number;
  message?: string;
  errors?: Record<string, string[]>;
  /** A 202 that asks the user to confirm (sent again with `confirm: true` it goes through); no notice shows. */
  confirm?: boolean;
}
export type ApiResult<T, Totals = undefined> = ApiOk<T, Totals> | ApiFail;

type Catalogue = Record<string, ActionTexts | Record<string, ActionTexts | string>>;

function texts(module?: string, action?: string): ActionTexts {
  if (!module) return {};
  const entry = (messages as Catalogue)[module];
  if (!entry) return {};
  const picked = action ? (entry as Record<string, unknown>)[action] : entry;
  return typeof picked === 'object' && picked !== null ? (picked as ActionTexts) : {};
}

function queryString(input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

interface ReplyBody {
  data?: unknown;
  message?: string;
  confirm?: boolean;
  errors?: Record<string, string[]>;
  page?: number;
  per_page?: number;
  total?: number;
  totals?: unknown;
}

/**
 * The one api client (ARCHITECTURE §5). 200 → success notice (catalogue text, else the server's
 * message) and the data; 201/202 → the server's message as an error notice (success-style for the
 * modules the specification names) and no follow-up, except a 202 with `confirm: true`, a question the
 * screen asks (no notice); 422 → notice plus field errors; 401 → signed out; 423 → the session is locked
 * (the lock screen shows); 403 and other refusals → the server's message; network failure or 5xx → the module's fixed
 * failure text, silent when it has none.
 */
export async function api<C extends Call>(
  call: C,
  input: CallInput<C>,
  options: ApiOptions = {},
): Promise<ApiResult<CallOutput<C>, CallTotals<C>>> {
  const { id, params, module, action, silentSuccess, quiet, signal } = options;
  const saving = options.saving ?? call.method !== 'GET';
  const catalogue = options.texts ?? texts(module, action);
  const hasBody = call.method === 'POST' || call.method === 'PUT';
  const path = routeHref(call.path, { ...params, ...(id === undefined ? {} : { id }) });
  // The service's console signs in apart from any school: its calls carry the operator's token.
  const forOperator = call.access === 'operator';
  const token = forOperator ? operatorToken() : currentToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const fail = (status: number, message?: string, errors?: Record<string, string[]>): ApiFail => {
    if (!quiet && message) noticeError(message);
    return { ok: false, status, message, errors };
  };

  if (saving) startSaving();
  try {
    let response: Response;
    try {
      response = await fetch(`/api/${path}${hasBody ? '' : queryString(input)}`, {
        method: call.method,
        headers,
        body: hasBody ? JSON.stringify(input ?? {}) : undefined,
        signal,
      });
    } catch {
      return fail(0, catalogue.failure);
    }
    followServer(Number(response.headers.get(serverTimeHeader)));
    const body: ReplyBody = await response.json().catch(() => ({}));
    const { status } = response;

    if (status === 200) {
      const text = catalogue.success ?? body.message;
      if (!quiet && !silentSuccess && text) noticeSuccess(text);
      // login and register answer { token, user } unwrapped.
      const data = ('data' in body ? body.data : body) as CallOutput<C>;
      return {
        ok: true,
        status,
        data,
        message: body.message,
        page: body.page,
        per_page: body.per_page,
        total: body.total,
        totals: body.totals as CallTotals<C> | undefined,
      };
    }
    if (status === 202 && body.confirm === true) {
      // A question, not a refusal: the screen shows it with its confirm button.
      return { ok: false, status, message: body.message, confirm: true };
    }
    if (status === 201 || status === 202) {
      const asSuccess = options.refusalAsSuccess ?? (module !== undefined && softRefusalAsSuccess.has(module));
      if (!quiet && body.message && asSuccess) {
        noticeSuccess(body.message);
        return { ok: false, status, message: body.message };
      }
      return fail(status, body.message);
    }
    if (status === 401 && forOperator) {
      signOutOperator();
      return { ok: false, status, message: body.message };
    }
    if (status === 401 && call.access !== 'public') {
      signOut();
      return { ok: false, status, message: body.message };
    }
    if (status === lockedStatus && call.access !== 'public') {
      lockSession();
      return { ok: false, status, message: body.message };
    }
    // 503 is a sentence for the user (the file storage is down); other faults get the module's failure text.
    if (status === 503 && body.message) return fail(status, body.message);
    if (status >= 500) return fail(status, catalogue.failure);
    return fail(status, body.message ?? catalogue.failure, body.errors);
  } finally {
    if (saving) stopSaving();
  }
}

/** A query function for TanStack Query: no notices, throws on anything but 200. */
export async function fetchData<C extends Call>(
  call: C,
  input: CallInput<C>,
  options: ApiOptions = {},
): Promise<ApiOk<CallOutput<C>, CallTotals<C>>> {
  const result = await api(call, input, { quiet: true, saving: false, ...options });
  if (!result.ok) throw new ApiError(result);
  return result;
}

export class ApiError extends Error {
  constructor(readonly result: ApiFail) {
    super(result.message ?? `Request failed (${result.status || 'network'})`);
  }
}

/** The first message of each field, for a form's `error` props. */
export const fieldErrors = (errors?: Record<string, string[]>): Record<string, string> =>
  Object.fromEntries(Object.entries(errors ?? {}).map(([field, list]) => [field, list[0] ?? '']));
