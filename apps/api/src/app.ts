import fs from 'node:fs';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { listenForCacheNews } from './core/cache-news.js';
import { startClock } from './core/dates.js';
import { openFileStore } from './core/file-store.js';
import { useFileStore } from './core/files.js';
import { installCore } from './core/http.js';
import { installFieldMessages, validatorCompiler } from './core/input.js';
import { Jobs } from './core/jobs.js';
import { createMailer, type Mailer } from './core/mail.js';
import { installMetrics } from './core/metrics.js';
import { serverSecretKeys, useSecretKeys } from './core/secrets.js';
import { installSecurityHeaders } from './core/security.js';
import type { Database } from './db/open.js';
import { stopPdfWorkers } from './documents/pdf-pool.js';
import { areas } from './modules/areas.js';
import { yearEndDecisions } from './modules/exams/index.js';
import { feesBalances } from './modules/fees/index.js';
import type { ModuleContext } from './modules/module.js';
import { guardianNotices } from './modules/notifications/index.js';

export interface AppOptions {
  database: Database;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  /** Extra routes for the benchmark's baselines; never in the served app. */
  extraRoutes?: (ctx: ModuleContext) => void;
}

/** Builds the server: plugins → core (auth, guard, replies) → area routes → the web app. */
export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue: the server starts its workers (`app.jobs.run()`) to resume queued work. */
    jobs: Jobs;
    /** The Prometheus figures, when METRICS_PORT asks for them (the server serves them on that port). */
    metrics: ReturnType<typeof installMetrics> | null;
  }
}

export async function buildApp({ database, config, logger = false, mailer, extraRoutes }: AppOptions): Promise<App> {
  // The one clock every rule reads: the machine's, unless CLOCK_START starts it elsewhere (tests, demos).
  if (config.clockStart) startClock(config.clockStart, config.clockStartedAt);
  const app = Fastify({
    logger,
    bodyLimit: 20 * 1024 * 1024,
    genReqId: () => crypto.randomUUID().slice(0, 8),
    // One line a request, written when it is answered (core/http.ts): its id, its school, the route's
    // pattern (never a path with its values, nor a query string), the status and the time taken.
    // Fastify's own request lines are off through its log controller (the top-level
    // `disableRequestLogging` is deprecated: FSTDEP023).
    logController: new LogController({ disableRequestLogging: true }),
    // A number of hops trusts that many proxies in front, whatever their address (Fastify itself
    // refuses a bare hop count).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  });
  // Before anything else answers, so that every request is counted.
  app.decorate('metrics', config.metricsPort === undefined ? null : installMetrics(app, database));
  installFieldMessages();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await installSecurityHeaders(app, config);
  // API replies above 1 KB, compressed as the browser accepts (gzip or brotli at a fast level); types
  // that are compressed already (PDF, spreadsheets, images) are sent as they are, and so are the web
  // app's files, which the build compressed beforehand (they carry their content-encoding).
  await app.register(fastifyCompress, { threshold: 1024 });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Somero API', version: '0.1.0', description: 'School management for Ugandan secondary schools' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  const { serve } = installCore(app, database, config);
  useFileStore(openFileStore(config.fileStorage));
  useSecretKeys(() => serverSecretKeys(config));
  const jobs = new Jobs(database, config.jobsQueue, app.log);
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  // Other server processes' changes of users, groups, sessions and settings, heard at once (PostgreSQL).
  const stopNews = await listenForCacheNews(database, app.log);
  app.addHook('onClose', () => stopNews());
  app.addHook('onClose', () => stopPdfWorkers());
  const ctx: ModuleContext = {
    app,
    serve,
    database,
    config,
    mailer: mailer ?? createMailer(config.smtpUrl, config.mailFrom, app.log),
    feesBalances,
    yearEndDecisions,
    jobs,
    // Set just below: the notices send through this same context's jobs.
    notices: undefined as never,
  };
  ctx.notices = guardianNotices(ctx);

  for (const area of areas) area.routes(ctx);
  extraRoutes?.(ctx);

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  if (fs.existsSync(config.webDist)) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: ['index.html'],
      // The build writes .br and .gz beside each file (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      // Built chunks have content hashes in their names; the page itself must always be fresh.
      setHeaders: (res, file) =>
        res.header('cache-control', file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }

  await app.ready();
  return app;
}
