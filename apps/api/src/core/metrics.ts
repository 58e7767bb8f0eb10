import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/open.js';

/**
 * The server's figures in Prometheus's format, for an operator's monitoring: requests by route, method
 * and status with their durations, the database pool, the job queue. Route patterns only
 * ("/api/students/{id}"), never a path with its values or anything of a school.
 */
export function installMetrics(app: FastifyInstance, database: Database) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'somero_' });
  const requests = new Counter({
    name: 'somero_http_requests_total',
    help: 'Requests answered, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'somero_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'somero_http_errors_total',
    help: 'Requests answered with a server error (5xx), by route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'somero_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting); none on the embedded database',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = database.pool?.();
      if (!pool) return;
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, pool[state]);
    },
  });
  new Gauge({
    name: 'somero_jobs',
    help: 'Background jobs (report cards, messages) queued or running, of every school',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = (await database.raw(
        "select status, count(*)::int as n from jobs where status in ('queued', 'running') group by status",
      )) as { status: string; n: number }[];
      for (const status of ['queued', 'running']) {
        this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
      }
    },
  });

  new Gauge({
    name: 'somero_backup_last_success_timestamp_seconds',
    help: "When the server's last successful backup of its database was taken (0: none yet)",
    registers: [registry],
    async collect() {
      const [row] = (await database.raw(
        "select extract(epoch from max(started_at))::float8 as at from server_backups where status = 'done'",
      )) as { at: number | null }[];
      this.set(Number(row?.at ?? 0));
    },
  });
  new Gauge({
    name: 'somero_backups',
    help: 'Backups of the database listed by the server, by result (done, failed, running)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = (await database.raw('select status, count(*)::int as n from server_backups group by status')) as {
        status: string;
        n: number;
      }[];
      for (const status of ['done', 'failed', 'running']) {
        this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
      }
    },
  });

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unknown';
    const status = reply.statusCode;
    requests.inc({ route, method: req.method, status: String(status) });
    durations.observe({ route, method: req.method }, reply.elapsedTime / 1000);
    if (status >= 500) errors.inc({ route });
  });

  return {
    registry,
    /** Serves the figures at /metrics on a port of their own (METRICS_PORT), apart from the app's. */
    listen(port: number, host: string): Promise<Server> {
      const server = createServer((req, res) => {
        if (req.url !== '/metrics') {
          res.writeHead(404).end();
          return;
        }
        registry.metrics().then(
          (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
          () => res.writeHead(500).end(),
        );
      });
      return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
    },
  };
}
