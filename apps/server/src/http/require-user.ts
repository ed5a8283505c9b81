import type { EndpointSpec } from '@ceppro/contract';
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
  interface FastifyContextConfig {
    /**
     * The contract's declaration the route was registered from (endpoint-route.ts `route()`): who may call
     * it (the bearer check below), how it is audited (features/audit/audit-http.ts) and limited (request-budget.ts).
     */
    endpoint?: EndpointSpec;
  }
  interface FastifyRequest {
    /** Set by the bearer check on every route whose declaration says `auth: 'user'` or `'admin'`. */
    auth: AuthContext | null;
  }
}

/**
 * Bearer authentication of every route declared `auth: 'user'` or `'admin'` in the contract
 * (http/endpoint-route.ts puts the declaration in the route's config), as one hook registered before
 * any feature; `public` and `refresh` (the refresh token is the credential, the access token being
 * expired) pass. A route under /api without a declaration is a bearer route too, so one added by hand
 * cannot be public by accident. Runs before the body is parsed.
 */
export function registerBearerAuth(app: FastifyInstance, sessions: BearerAuthenticator): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    // By the matched route, not the URL: unknown paths and the web app's catch-all fall through to
    // their 404 answer, as everywhere else.
    if (!needsBearer(request)) return;
    request.auth = await admitBearer(request, reply, sessions);
  });
}

function needsBearer(request: FastifyRequest): boolean {
  const declared = request.routeOptions.config.endpoint;
  if (declared) return declared.auth === 'user' || declared.auth === 'admin';
  return request.routeOptions.url?.startsWith(`${API_PREFIX}/`) === true;
}

/** The prefix of the product's REST API (the contract's `/api/...` declarations). */
export const API_PREFIX = '/api';

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
 * the session check (J002 expired, J005 replaced by a newer login). For transports that are not
 * REST endpoints (the graph service, the socket) and authenticate in their own hook.
 */
export async function authenticateBearer(request: FastifyRequest, sessions: BearerAuthenticator): Promise<AuthContext> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/i.exec(header) : null;
  if (!match?.[1]) throw new AppError('J001');
  return sessions.authenticate(match[1]);
}

/** For handlers of `user` and `admin` endpoints: the authenticated caller (throws J001 if the hook did not run). */
export function requireUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('J001');
  return request.auth;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  // `request.ip` is undefined once the client's socket is gone (an aborted request still answered).
  return { ip: request.ip ?? 'unknown', userAgent: typeof agent === 'string' ? agent : null };
}
