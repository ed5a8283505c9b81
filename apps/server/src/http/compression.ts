import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What is worth compressing: text (HTML, CSS, CSV), JSON (the API, GraphQL), XML/SVG and
 * JavaScript. Never server-sent events (a compressor buffers them), never octet-stream: films, PDFs,
 * ZIP and XLSX exports are already compressed or too big to spend CPU on. Types this pattern does
 * not name fall back to the mime database's "compressible" flag (false for images, PDF, ZIP).
 */
export const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|javascript(?:;|$)/u;

/**
 * Brotli or gzip, as the client's Accept-Encoding prefers, for responses over 1 kB. The built web
 * app's files are compressed once at build time (apps/web/vite-precompress.ts) and served as they
 * are (web-app.ts, `preCompressed`); this plugin then leaves them alone (Content-Encoding is set).
 * Registered before any route: the plugin attaches its hooks as routes are added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE_TYPES,
  });
}
