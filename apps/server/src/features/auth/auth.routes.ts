import {
  loginRequestSchema,
  ok,
  refreshTokenRequestSchema,
  renterPasswordRequestSchema,
  resendAuthMailRequestSchema,
} from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { registerMailedLink } from './link-routes';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './refresh-cookie';
import type { LoginService } from './login.service';
import { parseBody } from '../../http/parse-body';
import { clientOf, requireUser } from '../../http/require-user';
import type { SessionService } from './session.service';

/** Sign-in, sessions and the mailed account links (docs/spec-points.md §4 and §7). */
export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { login: LoginService; sessions: SessionService; homeUrl: () => string; refreshTokenTtlS: number },
): void {
  const { login, sessions, homeUrl, refreshTokenTtlS } = deps;

  // The refresh token goes into the HttpOnly cookie. The body keeps `refresh_token` (spec, and API
  // clients without cookies); the web app ignores it and never stores it where script can read it.
  app.post('/public/login', async (request, reply) => {
    const input = parseBody(loginRequestSchema, request.body);
    const session = await login.login(input, clientOf(request));
    setRefreshCookie(request, reply, session.refresh_token, refreshTokenTtlS);
    return ok(session);
  });

  app.post('/public/resend-authmail', async (request) => {
    const { email } = parseBody(resendAuthMailRequestSchema, request.body);
    await login.resendActivation(email, clientOf(request));
    return ok({ sent: true as const });
  });

  registerMailedLink(
    app,
    {
      path: '/public/confirm-email',
      peek: (token) => login.peekLink('email_activation', token),
      confirm: (token, client) => login.confirmEmail(token, client),
      page: {
        title: 'Confirm your email address',
        text:
          'By confirming, you agree to the terms of service, the privacy policy and the single sign-on ' +
          'policy you accepted at sign-up, and activate your Ceppro account.',
        button: 'Agree and confirm',
        doneTitle: 'Your account is activated',
        doneText: 'You can now sign in to Ceppro.',
      },
    },
    homeUrl,
  );

  registerMailedLink(
    app,
    {
      path: '/public/change-ip-approval',
      peek: (token) => login.peekLink('ip_approval', token),
      confirm: (token, client) => login.approveIp(token, client),
      page: {
        title: 'Approve sign-in from a new IP address',
        text:
          'Sign-in to your account was blocked because it came from an IP address you have not used ' +
          'before. Approve it only if that was you.',
        button: 'Approve',
        doneTitle: 'The IP address is approved',
        doneText: 'Sign in again from that address.',
      },
    },
    homeUrl,
  );

  // A browser refreshes with its HttpOnly cookie and an empty body; the new refresh token then goes
  // only into the cookie, so no script can obtain one by refreshing. An API client posts
  // `refreshToken` and gets the spec's `refresh_token` back. A refused cookie is cleared.
  app.post('/api/refresh-token', async (request, reply) => {
    const cookie = refreshCookieOf(request);
    const posted = request.body !== undefined && request.body !== null && Object.keys(request.body).length > 0;
    const { refreshToken } = parseBody(refreshTokenRequestSchema, posted || cookie === undefined ? request.body : { refreshToken: cookie });
    const fromCookie = !posted;
    try {
      const pair = await sessions.refresh(refreshToken, clientOf(request));
      setRefreshCookie(request, reply, pair.refreshToken, refreshTokenTtlS);
      return ok(fromCookie ? { token: pair.token } : { token: pair.token, refresh_token: pair.refreshToken });
    } catch (error) {
      if (fromCookie) clearRefreshCookie(request, reply);
      throw error;
    }
  });

  app.post('/api/check', async (request) => ok({ user: await login.check(requireUser(request)) }));

  app.post('/api/logout', async (request, reply) => {
    clearRefreshCookie(request, reply);
    await sessions.logout(requireUser(request), clientOf(request));
    return ok({});
  });

  app.post('/api/extend-pw', async (request) => ok(await login.extendPassword(requireUser(request))));

  app.post('/api/renter-password', async (request) => {
    const context = requireUser(request);
    const { password } = parseBody(renterPasswordRequestSchema, request.body);
    await login.reenterPassword(context, password);
    return ok({ valid: true as const });
  });
}
