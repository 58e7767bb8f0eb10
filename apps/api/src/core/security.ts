import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';

/**
 * The Content-Security-Policy of every reply: the web app's own scripts only, no framing. Styles allow
 * 'unsafe-inline' because Mantine injects its CSS variables as <style> tags and sets style attributes;
 * scripts stay 'self'. Images may be data: and blob: URLs (logo and photo previews). No
 * upgrade-insecure-requests: a school often serves Somero over plain http on its own network.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
};

/**
 * Security headers on every reply (helmet, made once: the policy above, nosniff, no referrer, no framing, HSTS
 * where served over https), and CORS only for the origins in CORS_ORIGINS: the web app is served by
 * this server, so by default no other site may call the API from a browser.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'corsOrigins'>) {
  // helmet's middleware is made once and run on the raw reply (the Fastify plugin remade it on every request).
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    // Half a year, this host only: a school's domain may have other sites still on http.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  });
  app.addHook('onRequest', (request, reply, done) => headers(request.raw, reply.raw, (error) => done(error as Error)));
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      exposedHeaders: ['content-disposition'],
      maxAge: 600,
    });
  }
}
