import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../access/index';
import { AppError } from '../errors/app-error';
import { admitRequest } from './request-budget';

/** The authenticated caller of a request: who, and through which session (features/auth issues both). */
export interface AuthContext {
  userId: number;
  sessionId: string;
  /**
   * The space they work in and their role there (apps/server/src/access), read with the session's
   * state by the bearer check, once per request: what every patient-data path is asked with.
   */
  actor: Actor;
}

/** Where a request came from, as the audit trail records it. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** The one session check the bearer hooks call (features/auth's session service implements it). */
export interface BearerAuthenticator {
  authenticate(token: string): Promise<AuthContext>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer check on every /api route (except the few public ones). */
    auth: AuthContext | null;
  }
}

/** /api routes that authenticate by other means: refresh uses the refresh token, the access token being expired. */
const PUBLIC_API_PATHS = new Set(['/api/refresh-token']);

/**
 * Bearer authentication for everything under /api, as one hook registered before any feature, so a
 * route added later under /api cannot be public by accident. Runs before the body is parsed.
 */
export function registerBearerAuth(app: FastifyInstance, sessions: BearerAuthenticator): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    // By the matched route, not the URL: unknown paths and the web app's catch-all fall through to
    // their 404 answer, as everywhere else.
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith('/api/') || PUBLIC_API_PATHS.has(route)) return;
    request.auth = await admitBearer(request, reply, sessions);
  });
}

/**
 * The bearer check of every bearer route, then the caller's request budget (request-budget.ts):
 * RATE_LIMITED (429, Retry-After) when the user has too many requests in flight or this minute.
 * Both run before the body is read; the session check of a refused flood is served from the
 * session cache, so refusals cost no database round trip.
 */
export async function admitBearer(request: FastifyRequest, reply: FastifyReply, sessions: BearerAuthenticator): Promise<AuthContext> {
  const auth = await authenticateBearer(request, sessions);
  await admitRequest(request, reply, auth.userId);
  return auth;
}

/**
 * The one reading of `Authorization: Bearer <token>` (the scheme in any case, RFC 9110): J001 when it is missing or malformed, then
 * the session check (J002 expired, J005 replaced by a newer login). For transports outside /api
 * (the graph service) that authenticate in their own hook.
 */
export async function authenticateBearer(request: FastifyRequest, sessions: BearerAuthenticator): Promise<AuthContext> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/i.exec(header) : null;
  if (!match?.[1]) throw new AppError('J001');
  return sessions.authenticate(match[1]);
}

/** For handlers under /api: the authenticated caller (throws J001 if the hook did not run). */
export function requireUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('J001');
  return request.auth;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  // `request.ip` is undefined once the client's socket is gone (an aborted request still answered).
  return { ip: request.ip ?? 'unknown', userAgent: typeof agent === 'string' ? agent : null };
}

/**
 * Bearer routes outside /api (the /api hook does not cover them): each authenticates in a hook of
 * its own scope, before the body is read, with the same check and codes as /api.
 */
export async function registerBearerScope(
  app: FastifyInstance,
  sessions: BearerAuthenticator,
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      request.auth = await admitBearer(request, reply, sessions);
    });
    routes(scope);
  });
}
