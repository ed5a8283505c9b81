import {
  findIdRequestSchema,
  findPwRequestSchema,
  ok,
  setTempPwRequestSchema,
  tfindIdRequestSchema,
  tfindPwRequestSchema,
  updateMobileRequestSchema,
  updateMobileSendRequestSchema,
  updatePasswordRequestSchema,
  updateUserInfoRequestSchema,
} from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { registerMailedLink } from '../auth';
import { parseBody } from '../../http/parse-body';
import { clientOf, requireUser } from '../../http/require-user';
import type { AccountService } from './account.service';
import type { RecoveryService } from './recovery.service';

export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { account: AccountService; recovery: RecoveryService; homeUrl: () => string },
): void {
  const { account, recovery, homeUrl } = deps;

  app.post('/public/find-id', async (request) =>
    ok(await recovery.findId(parseBody(findIdRequestSchema, request.body), clientOf(request))),
  );
  app.post('/public/tfind-id', async (request) =>
    ok(await recovery.confirmFindId(parseBody(tfindIdRequestSchema, request.body), clientOf(request))),
  );
  app.post('/public/find-pw', async (request) =>
    ok(await recovery.findPassword(parseBody(findPwRequestSchema, request.body), clientOf(request))),
  );
  app.post('/public/tfind-pw', async (request) =>
    ok(await recovery.confirmFindPassword(parseBody(tfindPwRequestSchema, request.body), clientOf(request))),
  );
  app.post('/public/set-tempw', async (request) => {
    const { resetToken } = parseBody(setTempPwRequestSchema, request.body);
    return ok(await recovery.issueTemporaryPassword(resetToken, clientOf(request)));
  });

  registerMailedLink(
    app,
    {
      path: '/public/confirm-email-change',
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

  app.get('/api/user-info', async (request) => ok(await account.profile(requireUser(request))));

  app.post('/api/update-user/userinfo', async (request) => {
    const context = requireUser(request);
    return ok(await account.updateInfo(context, parseBody(updateUserInfoRequestSchema, request.body), clientOf(request)));
  });

  app.post('/api/update-user/identification', async (request) => {
    const context = requireUser(request);
    await account.changePassword(context, parseBody(updatePasswordRequestSchema, request.body), clientOf(request));
    return ok({ changed: true as const });
  });

  app.post('/api/send-otp-sms', async (request) => {
    const context = requireUser(request);
    const { mobileNumber } = parseBody(updateMobileSendRequestSchema, request.body);
    return ok(await account.sendMobileCode(context, mobileNumber, clientOf(request)));
  });

  app.post('/api/sms-update-mobile', async (request) => {
    const context = requireUser(request);
    const { mobileNumber, code } = parseBody(updateMobileRequestSchema, request.body);
    return ok(await account.updateMobile(context, mobileNumber, code, clientOf(request)));
  });
}
