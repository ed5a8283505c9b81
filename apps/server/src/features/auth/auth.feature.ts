import { AUTH_ENDPOINTS } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { createAuditLog, type AuditLog } from './audit';
import { createAuthMails, type AuthMails } from './auth-mail';
import { createAuthRepository, type AuthRepository } from './auth.repository';
import { ExpiredAuthCleanup } from './expired-auth-cleanup';
import { registerAuthRoutes } from './auth.routes';
import { createLoginFailureRepository } from './login-failures';
import { createLoginService, type LinkUrls } from './login.service';
import { createRateLimiter, type RateLimiter } from './rate-limit';
import { registerBearerAuth } from '../../http/require-user';
import { mirrorSecurityLog } from './security-mirror';
import { createSessionService, type SessionService } from './session.service';
import { createPasswordHasher, type PasswordHasher } from './password-hash';
import { createSignUpService } from './signup.service';
import { registerSignUpRoutes } from './signup.routes';
import { createVerificationRepository } from './verification.repository';
import { createVerificationService, type VerificationService } from './verification.service';

/** What features/account (find email/password, my-info changes) is built from: auth's pieces, already wired. */
export interface AuthSurface {
  sessions: SessionService;
  repository: AuthRepository;
  verification: VerificationService;
  mails: AuthMails;
  audit: AuditLog;
  limiter: RateLimiter;
  /** Hashes new passwords at the configured cost (PASSWORD_HASH_PROFILE) and checks them. */
  passwords: PasswordHasher;
  urls: LinkUrls;
  /** Signs the one-time proofs of the recovery and change flows (never accepted as an access token). */
  proofSecret: string;
  homeUrl: () => string;
}

/**
 * Wires sign-up, sign-in and sessions. Must run before any other /api feature registers routes:
 * it installs the bearer check for /api/*. Returns the session service (for transports that
 * authenticate by other means, the WebSocket's first message) with the rest of the account surface.
 */
export async function registerAuthFeature(app: FastifyInstance, services: Services): Promise<AuthSurface> {
  const { database, secrets, config, publicUrl } = services;
  const db = database.db;
  const repository = createAuthRepository(db);
  // Security events also go into the clinic's audit trail (features/audit).
  const audit = mirrorSecurityLog(createAuditLog(db), services.audit);
  const limiter = createRateLimiter(db, config.auth.rateLimitScale, services.clock);
  const mails = createAuthMails(services.mailer);
  const verification = createVerificationService({
    repository: createVerificationRepository(db),
    sms: services.sms,
    secret: secrets.urlSigning,
    limiter,
    smsDailyLimit: config.auth.smsDailyLimit,
  });
  const sessions = createSessionService({
    repository,
    audit,
    accessSecret: secrets.accessToken,
    refreshSecret: secrets.refreshToken,
    auth: config.auth,
    clock: services.clock,
    events: services.events,
    log: app.log,
  });
  const link = (path: string) => (token: string) => `${publicUrl.get()}${path}?token=${encodeURIComponent(token)}`;
  const urls: LinkUrls = {
    activation: link(AUTH_ENDPOINTS.confirmEmailPage.path),
    ipApproval: link(AUTH_ENDPOINTS.changeIpApprovalPage.path),
    emailChange: link(AUTH_ENDPOINTS.confirmEmailChangePage.path),
  };
  const homeUrl = () => `${publicUrl.get()}/`;
  // Proofs are signed with their own secret so a proof can never pass as an access token.
  const proofSecret = secrets.refreshToken;
  const passwords = createPasswordHasher(config.auth.passwordHashProfile);
  const shared = { repository, verification, sessions, mails, audit, limiter, passwords };

  registerBearerAuth(app, sessions);
  const failures = createLoginFailureRepository(db);
  const login = createLoginService({
    ...shared,
    urls,
    failures,
    clock: services.clock,
    adminApprovalUserTypes: config.adminApprovalUserTypes,
  });
  registerAuthRoutes(app, { login, sessions, homeUrl, refreshTokenTtlS: config.auth.refreshTokenTtlS });
  await registerSignUpRoutes(app, createSignUpService({ ...shared, storage: services.storage, urls, proofSecret, log: app.log }));
  // Expired sessions and verification codes go hourly, in the process that runs the jobs.
  const cleanup = new ExpiredAuthCleanup({ db, clock: services.clock, log: app.log });
  app.addHook('onReady', async () => {
    if (config.jobs.worker) cleanup.start();
  });
  app.addHook('onClose', () => cleanup.stop());
  return { ...shared, urls, proofSecret, homeUrl };
}
