import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/config';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The Content-Security-Policy of everything this server answers. Scripts only from this origin (the
 * built app has no inline script); styles may be inline (React style attributes, the legal pages'
 * <style>). Films come from /files on this origin or, with STORAGE_DRIVER=s3, presigned URLs on the
 * S3 endpoint, which is also where the browser PUTs uploads; PUBLIC_URL is listed because signed
 * links are absolute when it is set. The viewer and the print layout draw from blob: and data: URLs.
 */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const hosts = [config.storage.driver === 's3' ? config.storage.endpoint : undefined, config.publicUrl]
    .filter((url): url is string => url !== undefined)
    .map((url) => new URL(url).origin);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'blob:', 'data:', ...hosts],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    // 'self' covers the same-origin WebSocket (/ws) in CSP Level 3 browsers.
    'connect-src': ["'self'", ...hosts],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Browser hardening for every answer (app, API, errors): helmet's headers with our CSP, frames
 * denied, no Referer; HSTS only on requests that arrived over HTTPS (directly, or per
 * X-Forwarded-Proto from a proxy trusted by TRUST_PROXY), so a plain-HTTP install is not pinned to
 * HTTPS by mistake. CORS only for CORS_ORIGINS; without it no cross-origin caller is allowed.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      // DELETE: the AI adaptation reset (DELETE /api/ai/adaptation).
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      // Sign-in is a bearer header, not a cookie: no credentials mode needed.
      allowedHeaders: ['authorization', 'content-type'],
      exposedHeaders: ['retry-after'],
      maxAge: 600,
    });
  }
}
