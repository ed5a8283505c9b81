import fastifyStatic from '@fastify/static';
import { GRAPHQL_ENDPOINTS, WS_PATH } from '@ceppro/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { FILES_ROUTE_PREFIX } from '../storage/fs-storage';
import { sendError } from './error-handler';
import { HEALTH_PATH } from './health-only';
import { API_PREFIX } from './require-user';

/**
 * Paths that belong to the server, never to the single-page app: anything unknown below them is a
 * JSON 404, never index.html.
 */
export const SERVER_PREFIXES = [
  API_PREFIX,
  '/public',
  '/minio',
  '/ai',
  '/ai_api',
  GRAPHQL_ENDPOINTS.query.path,
  WS_PATH,
  FILES_ROUTE_PREFIX,
  HEALTH_PATH,
];

export function isServerPath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  return SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ceppro</title></head>
<body><h1>Ceppro</h1><p>The web app has not been built.
Run <code>npm run build</code> in the repository root, then restart the server.</p></body></html>
`;

/**
 * Serves the built web app from `webDist`, falling back to index.html for client-side routes
 * (/list/0, /viewer/:id). A missing asset (a path whose last segment has a dot) stays a 404: answering
 * index.html for a script makes the browser fail with a confusing MIME error.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // Only file-looking paths reach the disk; directories and client routes fall through to the
      // not-found handler below (otherwise "/" would be a 403 for a directory).
      allowedPath: (pathname) => looksLikeFile(pathname),
      cacheControl: false,
      // The build writes .br and .gz next to each text file (apps/web/vite-precompress.ts): served
      // as they are when the browser accepts them, so nothing is compressed per request.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite puts content-hashed files under assets/: cache them forever, never index.html.
        const immutable = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (!wantsSpa(request)) return sendError(reply, { status: 404, code: 'NOT_FOUND', message: 'Not found.' });
    if (built) return reply.sendFile('index.html');
    return reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_PAGE);
  });
}

function wantsSpa(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isServerPath(request.url)) return false;
  return !looksLikeFile(request.url.split('?', 1)[0] ?? '');
}

function looksLikeFile(pathname: string): boolean {
  return pathname.slice(pathname.lastIndexOf('/') + 1).includes('.');
}
