import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The refresh token lives in an HttpOnly cookie set by this server (Step 8 item 14): script on the
 * page can never read it, so an injected script cannot carry a long-lived credential away. The name
 * is the spec's `refreshToken`, path `/`, so it replaces the script-readable cookie older clients
 * wrote under the same name and path. SameSite=Strict: no other site's page can make the browser
 * send it; Secure whenever the request arrived over HTTPS (directly or per a trusted proxy).
 */
export const REFRESH_COOKIE = 'refreshToken';

function options(request: FastifyRequest, maxAgeS: number): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', path: '/', maxAge: maxAgeS };
}

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string, ttlS: number): void {
  reply.setCookie(REFRESH_COOKIE, token, options(request, ttlS));
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, options(request, 0));
}

/** The refresh token the browser sent as its cookie, if any. */
export function refreshCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value === undefined || value === '' ? undefined : value;
}
