import { AUTH_ENDPOINTS as E, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { registerMailedLink } from '../auth';
import { route } from '../../http/endpoint-route';
import { clientOf, requireUser } from '../../http/require-user';
import type { AccountService } from './account.service';
import type { RecoveryService } from './recovery.service';

export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { account: AccountService; recovery: RecoveryService; homeUrl: () => string },
): void {
  const { account, recovery, homeUrl } = deps;

  route(app, E.findId, async (input, request) => ok(await recovery.findId(input, clientOf(request))));
  route(app, E.tfindId, async (input, request) => ok(await recovery.confirmFindId(input, clientOf(request))));
  route(app, E.findPw, async (input, request) => ok(await recovery.findPassword(input, clientOf(request))));
  route(app, E.tfindPw, async (input, request) => ok(await recovery.confirmFindPassword(input, clientOf(request))));
  route(app, E.setTempPw, async ({ resetToken }, request) => ok(await recovery.issueTemporaryPassword(resetToken, clientOf(request))));

  registerMailedLink(
    app,
    {
      endpoints: { page: E.confirmEmailChangePage, confirm: E.confirmEmailChange },
      peek: (token) => account.peekEmailChange(token),
      confirm: (token, client) => account.confirmEmailChange(token, client),
      page: {
        title: 'Confirm your new email address',
        text: 'Confirm to make this address the email of your Ceppro account. You will sign in with it from now on.',
        button: 'Confirm',
        doneTitle: 'Your email address is changed',
        doneText: 'Sign in with the new address.',
      },
    },
    homeUrl,
  );

  route(app, E.userInfo, async (_input, request) => ok(await account.profile(requireUser(request))));

  route(app, E.updateUserInfo, async (input, request) => ok(await account.updateInfo(requireUser(request), input, clientOf(request))));

  route(app, E.updatePassword, async (input, request) => {
    await account.changePassword(requireUser(request), input, clientOf(request));
    return ok({ changed: true as const });
  });

  route(app, E.sendOtpSmsUpdate, async ({ mobileNumber }, request) =>
    ok(await account.sendMobileCode(requireUser(request), mobileNumber, clientOf(request))),
  );

  route(app, E.smsUpdateMobile, async ({ mobileNumber, code }, request) =>
    ok(await account.updateMobile(requireUser(request), mobileNumber, code, clientOf(request))),
  );
}
