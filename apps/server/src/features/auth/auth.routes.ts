import { AUTH_ENDPOINTS as E, ok } from '@ceppro/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerMailedLink } from './link-routes';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './refresh-cookie';
import type { LoginService } from './login.service';
import { route } from '../../http/endpoint-route';
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
  route(app, E.login, async (input, request, reply) => {
    const session = await login.login(input, clientOf(request));
    setRefreshCookie(request, reply, session.refresh_token, refreshTokenTtlS);
    return ok(session);
  });

  route(app, E.resendAuthMail, async ({ email }, request) => {
    await login.resendActivation(email, clientOf(request));
    return ok({ sent: true as const });
  });

  registerMailedLink(
    app,
    {
      endpoints: { page: E.confirmEmailPage, confirm: E.confirmEmail },
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
      endpoints: { page: E.changeIpApprovalPage, confirm: E.changeIpApproval },
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
  route(
    app,
    E.refreshToken,
    async ({ refreshToken }, request, reply) => {
      const fromCookie = !posted(request);
      try {
        const pair = await sessions.refresh(refreshToken, clientOf(request));
        setRefreshCookie(request, reply, pair.refreshToken, refreshTokenTtlS);
        return ok(fromCookie ? { token: pair.token } : { token: pair.token, refresh_token: pair.refreshToken });
      } catch (error) {
        if (fromCookie) clearRefreshCookie(request, reply);
        throw error;
      }
    },
    {
      input: (request) => {
        const cookie = refreshCookieOf(request);
        return posted(request) || cookie === undefined ? request.body : { refreshToken: cookie };
      },
    },
  );

  route(app, E.check, async (_input, request) => ok({ user: await login.check(requireUser(request)) }));

  route(app, E.logout, async (_input, request, reply) => {
    clearRefreshCookie(request, reply);
    await sessions.logout(requireUser(request), clientOf(request));
    return ok({});
  });

  route(app, E.extendPw, async (_input, request) => ok(await login.extendPassword(requireUser(request))));

  route(app, E.renterPassword, async ({ password }, request) => {
    await login.reenterPassword(requireUser(request), password);
    return ok({ valid: true as const });
  });
}

/** Whether an API client posted its refresh token (a browser posts an empty body and sends its cookie). */
function posted(request: FastifyRequest): boolean {
  return request.body !== undefined && request.body !== null && Object.keys(request.body).length > 0;
}
