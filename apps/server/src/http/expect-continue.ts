import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The largest body a route reads from a stream itself (multipart, raw upload), past the
     * route's bodyLimit; `Expect: 100-continue` requests declaring more get 413 before any byte.
     */
    maxBodyBytes?: number;
  }
}

/** Media types whose bodies Fastify parses itself, within the route's bodyLimit. */
const PARSED_TYPES = new Set(['application/json', 'application/x-www-form-urlencoded']);

/**
 * The largest body this request may carry, as far as the server knows before reading it: a
 * route's declared `maxBodyBytes`, else its bodyLimit for the bodies Fastify parses; null when the
 * route's handler reads the stream and enforces its own limit.
 */
function declaredLimit(request: FastifyRequest): number | null {
  const declared = request.routeOptions.config.maxBodyBytes;
  if (declared !== undefined) return declared;
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return PARSED_TYPES.has(type) ? request.routeOptions.bodyLimit : null;
}

/**
 * `Expect: 100-continue`: Node answers `100 Continue` at once unless the server listens for
 * 'checkContinue', and a body over the limit then meets a 413 halfway and a reset. Here the
 * request is routed without the 100: the onRequest hooks run (a missing bearer is 401 with no
 * body sent), and just before parsing a declared Content-Length over the limit is answered 413;
 * anything else gets its `100 Continue` there and is read as usual. Node closes the connection
 * after a final answer without the 100, so body bytes sent anyway are never read as a request.
 */
export function registerExpectContinue(app: FastifyInstance): void {
  const awaiting = new WeakSet<IncomingMessage>();
  app.server.on('checkContinue', (req: IncomingMessage, res) => {
    awaiting.add(req);
    app.server.emit('request', req, res);
  });
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!awaiting.has(request.raw)) return payload;
    awaiting.delete(request.raw);
    const limit = declaredLimit(request);
    const length = Number(request.headers['content-length']);
    if (limit !== null && Number.isFinite(length) && length > limit) {
      throw new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes.`);
    }
    reply.raw.writeContinue();
    return payload;
  });
}
