import { allows, type Call, type CallAccess, lockedStatus, type OkReply, serverTimeHeader } from '@somero/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Database } from '../db/open.js';
import { bearerToken, type Caller, findCaller, schoolClosedMessage } from './auth.js';
import { now } from './dates.js';
import { againIfGivenUp, databaseFault, HttpError, NeedsConfirmation, Refusal, wasGivenUp } from './errors.js';
import { findOperator, type OperatorCaller } from './operators.js';
import { SchoolScope } from './scope.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route. Every /api route must say; the server refuses to start otherwise. */
    access?: CallAccess;
    /** The contract marks the call as changing money (`Call.money`). */
    money?: true;
    /** Answers while the session is locked (lock, unlock, logout); every other route answers 423. */
    whileLocked?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** The service's operator, on the console's calls (access 'operator'). */
    operator: OperatorCaller | null;
  }
  interface FastifyInstance {
    /** Every /api route registered, as Fastify saw it: the generic tests walk this list. */
    registeredRoutes: RegisteredRoute[];
  }
}

/** Every /api route registered, as Fastify saw it: the generic tests walk this list. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: CallAccess;
  /** The contract marks the call as changing money: the money test walks these. */
  money?: true;
  /** The zod schema of its input (body for POST/PUT, query string for GET/DELETE), when it has one. */
  input?: z.ZodType;
}

export interface HandlerArgs<C extends Call> {
  input: z.output<C['input']>;
  /** The {id} of the path, when it has one. */
  id: number;
  req: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in user (throws 401 on a public route, where there is none). */
  caller: Caller;
  /** The caller's school: every read and write of school data goes through it. */
  scope: SchoolScope;
  /** The service's operator (the console's calls only; 401 elsewhere). */
  operator: OperatorCaller;
}

type Body<C extends Call> = C extends { file: string }
  ? FastifyReply | OkReply<z.input<C['output']>>
  : C extends { bare: true }
    ? z.input<C['output']>
    : C extends { paged: true }
      ? {
          data: z.input<C['output']>;
          page: number;
          per_page: number;
          total: number;
          totals?: C extends { totals: z.ZodType } ? z.input<C['totals']> : never;
          message?: string;
        }
      : OkReply<z.input<C['output']>>;

const pagedShape = { page: z.number(), per_page: z.number(), total: z.number() };

/** The 200 reply of a call: { data, message? }, or the paged list shape, or (login) the bare object. */
export function replySchema(call: Call & { bare?: boolean }) {
  if (call.bare) return call.output;
  const base = { data: call.output, message: z.string().optional() };
  if (!call.paged) return z.object(base);
  return z.object(call.totals ? { ...base, ...pagedShape, totals: call.totals } : { ...base, ...pagedShape });
}

/** Turns `users/{id}` into Fastify's `/api/users/:id`. */
export const apiUrl = (path: string) => `/api/${path.replace(/\{(\w+)\}/g, ':$1')}`;

/**
 * The core of every API route: sign-in, permission flag, school scope, reply conventions. Installs the
 * hooks and error handlers on `app` and returns `serve`, which registers a handler for a contract call.
 */
export function installCore(app: FastifyInstance, database: Database, config: Config) {
  const registered: RegisteredRoute[] = [];

  app.decorateRequest('caller', null);
  app.decorateRequest('operator', null);
  app.decorate('registeredRoutes', registered);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    // The API documentation pages (registered by @fastify/swagger-ui) are public by design.
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
    const access = route.config?.access;
    if (!access) {
      throw new Error(`API route ${route.method} ${route.url} declares no access: give it config.access`);
    }
    const money = route.config?.money;
    const schema = route.schema as { body?: z.ZodType; querystring?: z.ZodType } | undefined;
    const input = schema?.body ?? schema?.querystring;
    for (const method of [route.method].flat()) {
      registered.push({ method, url: route.url, access, input, ...(money ? { money } : {}) });
    }
  });

  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      {
        method: req.method,
        route: req.routeOptions.url ?? 'unknown',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  // Every API reply says the server's time: the web app's "today" follows the server's clock, not the
  // school computer's (packages/contract/src/clock.ts).
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/api/')) reply.header(serverTimeHeader, String(now().getTime()));
  });

  // Sign-in, the lock screen and permission are checked before the body is even parsed.
  app.addHook('onRequest', async (req, reply) => {
    const access = req.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token = bearerToken(req.headers.authorization);
    if (access === 'operator') {
      // The console's calls take an operator's token only; a school's (an administrator's too) is not one.
      const operator = token ? await findOperator(database.db, token) : null;
      if (!operator) return reply.code(401).send({ message: "Please sign in to the service's console." });
      req.operator = operator;
      req.log = req.log.child({ operator: operator.operatorId });
      return;
    }
    const caller = token ? await findCaller(database.db, token, config.tokenDays) : null;
    if (!caller) {
      const message = token ? 'Your session has ended. Please sign in again.' : 'Please sign in.';
      return reply.code(401).send({ message });
    }
    // A school the service suspended (or has not yet approved): its sessions end at once, with the reason.
    if (caller.schoolStatus !== 'active') return reply.code(401).send({ message: schoolClosedMessage(caller) });
    if (caller.locked && !req.routeOptions.config.whileLocked) {
      return reply
        .code(lockedStatus)
        .send({ message: 'This session is locked. Give your password to unlock it.', locked: true });
    }
    if (!allows(caller, access)) {
      return reply.code(403).send({ message: 'Your user group does not allow this. Ask an administrator.' });
    }
    req.caller = caller;
    // From here every line this request logs names its school (the request id it carries already).
    req.log = req.log.child({ school: caller.schoolId });
  });

  // A POST without a body is an empty object, so calls that take nothing need no body.
  app.addHook('preValidation', async (req) => {
    if (req.body === undefined || req.body === null) req.body = {};
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    // Every route's input is checked by core/input.ts's validator: its issues are already sentences.
    const validation = (error as { validation?: unknown }).validation;
    if (Array.isArray(validation) && 'validationContext' in error) {
      const errors: Record<string, string[]> = {};
      for (const issue of validation as { instancePath?: string; message?: string }[]) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
        errors[field] = [...(errors[field] ?? []), issue.message ?? 'Check this value'];
      }
      return reply.code(422).send({ message: 'Some fields need attention', errors });
    }
    if (error instanceof HttpError) {
      if (error instanceof NeedsConfirmation)
        return reply.code(202).send({ ...error.extra, message: error.message, confirm: true });
      if (error.statusCode >= 500) req.log.error({ err: error }, 'request failed');
      if (error instanceof Refusal && error.extra)
        return reply.code(202).send({ ...error.extra, message: error.message });
      return reply
        .code(error.statusCode)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    // The database as the backstop of the checks (ARCHITECTURE §4): drizzle wraps the driver's error,
    // so it is looked for in the cause. Its own words (table, constraint, values) never reach the user.
    const fault = databaseFault(error);
    if (fault.code === '23505' || fault.code === '23503') {
      req.log.warn({ code: fault.code, constraint: fault.constraint }, 'the database refused what the checks let by');
      if (fault.code === '23505')
        return reply.code(202).send({ message: 'A record with these details already exists.' });
      // "insert or update on table … violates foreign key": a row it refers to is gone; "update or
      // delete on …": other rows still refer to it.
      const refersToMissing = /^insert or update/i.test(fault.message ?? '');
      return reply.code(202).send({
        message: refersToMissing
          ? 'Something this record refers to no longer exists. Reload and try again.'
          : 'This record is still in use by other records, so it cannot be removed.',
      });
    }
    if (wasGivenUp(error)) {
      // A deadlock or serialization failure (on a Citus cluster, across nodes): the transaction that met it was
      // undone; the caller may send the request again (payments carry their idempotency key).
      req.log.warn({ code: fault.code }, 'the database gave the request up');
      return reply.code(503).send({ message: 'The server was busy. Try again in a moment.' });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      // Malformed JSON, wrong content type, body too large: the client's input, never a 500, and
      // never Fastify's own wording.
      if (status === 413) return reply.code(413).send({ message: 'What was sent is too large.', errors: {} });
      const message =
        status === 415
          ? 'Send the details as JSON (content type application/json).'
          : 'The details sent could not be read: send them as JSON.';
      return reply.code(422).send({ message, errors: {} });
    }
    req.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ message: `Something went wrong on the server. Quote request ${req.id} to support.`, request_id: req.id });
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.code(404).send({ message: `No such API call: ${req.method} ${path}` });
    }
    // History-mode fallback: a screen path gets the app; a missing file (a stale chunk) stays a 404.
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (req.method === 'GET' && !isFile && 'sendFile' in reply) {
      return (reply as FastifyReply & { sendFile(f: string): unknown }).sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found' });
  });

  /**
   * Serves one call of the contract. A signed-in call that writes (any method but GET) runs in one transaction:
   * what it wrote stays only when it answers, so a request that fails, is refused or asks for confirmation
   * leaves nothing. `apart` names why a call writes on its own instead (its writes must outlive its refusal,
   * or are their own all-or-nothing statements).
   */
  function serve<C extends Call & { bare?: boolean }>(
    call: C,
    handler: (args: HandlerArgs<C>) => Promise<Body<C>> | Body<C>,
    options: { apart?: string } = {},
  ) {
    const hasId = call.path.includes('{id}');
    const inQuery = call.method === 'GET' || call.method === 'DELETE';
    const oneTransaction = call.method !== 'GET' && call.access !== 'public' && !options.apart;
    app.route({
      method: call.method,
      url: apiUrl(call.path),
      config: {
        access: call.access,
        whileLocked: call.whileLocked === true,
        ...(call.money ? { money: call.money } : {}),
      },
      schema: {
        summary: call.summary,
        tags: [call.path.split('/')[0]],
        ...(inQuery ? { querystring: call.input } : { body: call.input }),
        ...(hasId ? { params: z.object({ id: z.coerce.number().int().positive() }) } : {}),
        // A document's 200 reply is its bytes; handlers send them with reply.type(…).send(buffer).
        ...(call.file ? {} : { response: { 200: replySchema(call) } }),
        ...(call.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      },
      handler: async (req, reply) => {
        const caller = req.caller;
        const args = {
          input: (inQuery ? req.query : req.body) as z.output<C['input']>,
          id: hasId ? (req.params as { id: number }).id : 0,
          req,
          reply,
          get caller(): Caller {
            if (!caller) throw new HttpError(401, 'Please sign in.');
            return caller;
          },
          get scope(): SchoolScope {
            if (!caller) throw new HttpError(401, 'Please sign in.');
            return new SchoolScope(database.db, caller.schoolId, { userId: caller.userId, name: caller.name });
          },
          get operator(): OperatorCaller {
            if (!req.operator) throw new HttpError(401, "Please sign in to the service's console.");
            return req.operator;
          },
        };
        // A transaction the database gave up (a deadlock: on a Citus cluster, writes meeting on the tables every
        // node holds) left nothing: the request is simply made again, a few times, before it answers busy.
        return oneTransaction ? againIfGivenUp(() => database.inTransaction(async () => handler(args))) : handler(args);
      },
    });
  }

  return { serve };
}

export type Serve = ReturnType<typeof installCore>['serve'];
export { Refusal };
