import type { FastifyInstance } from 'fastify';
import type { AuthSurface } from '../auth';
import { registerAccountRoutes } from './account.routes';
import { createAccountService } from './account.service';
import { createRecoveryService } from './recovery.service';

/** Wires find email / password and my-info changes on top of auth's public surface (features/auth/index.ts). */
export function registerAccountFeature(app: FastifyInstance, auth: AuthSurface): void {
  const { repository, verification, sessions, mails, audit, limiter, passwords, urls, proofSecret, homeUrl } = auth;
  const shared = { repository, verification, sessions, mails, audit, limiter, passwords };
  registerAccountRoutes(app, {
    account: createAccountService({ ...shared, urls, proofSecret }),
    recovery: createRecoveryService({ ...shared, proofSecret }),
    homeUrl,
  });
}
