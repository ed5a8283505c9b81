import { AUTH_LIMITS, AUTH_MESSAGES_EN, type loginResponseSchema, type UserTypeCd } from '@ceppro/contract';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import { AppError } from '../../errors/app-error';
import type { AuditLog, ClientInfo } from './audit';
import type { AuthMails } from './auth-mail';
import type { AuthRepository } from './auth.repository';
import { passwordChangeDueAt, passwordChangeReason, PASSWORD_MAX_AGE_MS, toAuthUser } from './auth-user';
import { slowdownS, type LoginFailureRepository } from './login-failures';
import { authError } from '../../http/parse-body';
import type { PasswordHasher } from './password-hash';
import { RATE_RULES, type RateLimiter } from './rate-limit';
import type { AuthContext, SessionService } from './session.service';
import type { VerificationService } from './verification.service';

export const LINK_TTL_S = 24 * 3600;

export interface LinkUrls {
  activation(token: string): string;
  ipApproval(token: string): string;
  emailChange(token: string): string;
}

type LoginResponse = z.infer<typeof loginResponseSchema>;

export interface LoginService {
  login(input: { email: string; password: string }, client: ClientInfo): Promise<LoginResponse>;
  resendActivation(email: string, client: ClientInfo): Promise<void>;
  confirmEmail(token: string, client: ClientInfo): Promise<void>;
  approveIp(token: string, client: ClientInfo): Promise<void>;
  extendPassword(context: AuthContext): Promise<{ password_change_due_at: string }>;
  reenterPassword(context: AuthContext, password: string): Promise<void>;
  check(context: AuthContext): Promise<ReturnType<typeof toAuthUser>>;
  peekLink(purpose: 'email_activation' | 'ip_approval', token: string): Promise<unknown>;
}

/**
 * Sign-in and the account lifecycle of docs/spec-points.md §4. The order of checks matters: nothing about an
 * account's state is told before its password has been proven, so a wrong password on any account
 * (or on none) gets the same K006 until the failure limit locks it.
 *
 * Failures count per (email, client address). The spec's 10-failure lock applies at an address the
 * account already signs in from; anywhere else the address is slowed down (429 with Retry-After),
 * so a stranger cannot lock the owner out and one clinic address does not block its colleagues.
 * Tries from all such addresses together are capped per email and hour (RATE_RULES.loginEmailHour,
 * 429 LOGIN_LIMIT), which refuses the many-address guesser but never the account's known addresses.
 */
export function createLoginService(deps: {
  repository: AuthRepository;
  failures: LoginFailureRepository;
  clock: Clock;
  verification: VerificationService;
  sessions: SessionService;
  mails: AuthMails;
  audit: AuditLog;
  limiter: RateLimiter;
  urls: LinkUrls;
  passwords: PasswordHasher;
  /** Account types whose new accounts wait for an administrator once the email is confirmed. */
  adminApprovalUserTypes?: readonly UserTypeCd[];
}): LoginService {
  const { repository, failures: pairs, clock, verification, sessions, mails, audit, limiter, urls, passwords } = deps;

  /** 429 while an unknown address still has to wait after its last failure on this email. */
  function refuseWhileSlowedDown(pair: { failures: number; lastFailedAt: Date } | undefined): void {
    if (!pair) return;
    const waitMs = pair.lastFailedAt.getTime() + slowdownS(pair.failures) * 1000 - clock.now();
    if (waitMs > 0)
      throw new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES_EN['auth.error.tooManyRequests'], {
        key: 'auth.error.tooManyRequests',
        retryAfterS: Math.ceil(waitMs / 1000),
      });
  }

  async function sendActivation(user: { id: number; email: string; firstName: string }, reason: 'sign_up' | 'locked' | 'resend') {
    const token = await verification.createLink({
      purpose: 'email_activation',
      userId: user.id,
      target: user.email.toLowerCase(),
      ttlS: LINK_TTL_S,
      replacePrevious: true,
    });
    await mails.activation(user.email, user.firstName, urls.activation(token), reason);
  }

  async function loadUser(context: AuthContext) {
    const user = await repository.findUserById(context.userId);
    if (!user) throw new AppError('J001');
    return user;
  }

  return {
    async login({ email, password }, client) {
      await limiter.hit(RATE_RULES.loginIp, client.ip);
      await limiter.hit(RATE_RULES.loginAccountIp, `${email.toLowerCase()}:${client.ip}`);
      const user = await repository.findUserByEmail(email);
      // Known = the account already signs in from here. Unknown emails have no known address, so
      // they are slowed down exactly like real accounts seen from a stranger's address.
      const known = user ? (await repository.approvedIpState(user.id, client.ip)).thisApproved : false;
      const pair = await pairs.get(email, client.ip);
      if (!known) {
        refuseWhileSlowedDown(pair);
        // Many addresses together: each try from an address the account does not sign in from
        // counts, before the password is checked (so parallel tries cannot slip past); over the
        // hour's cap it is LOGIN_LIMIT (429) without a check. Nothing is locked, and the account's
        // known addresses never reach this line.
        await limiter.hit(RATE_RULES.loginEmailHour, email.toLowerCase());
      }
      if (!user) {
        await passwords.verifyAgainstDummy(password);
        await pairs.record(email, client.ip, new Date(clock.now()));
        await audit.record({ userId: null, action: 'login_failed', client, detail: { email, reason: 'unknown_email' } });
        throw authError('K006', 'auth.error.loginIncorrect');
      }
      if (!(await passwords.verify(user.passwordHash, password))) {
        const failures = await pairs.record(email, client.ip, new Date(clock.now()));
        await repository.recordFailedLogin(user.id);
        await audit.record({
          userId: user.id,
          action: 'login_failed',
          client,
          detail: { reason: 'wrong_password', failures, knownAddress: known },
        });
        if (user.status === 'locked') throw authError('K007', 'auth.error.loginLocked');
        if (known && failures >= AUTH_LIMITS.failedLoginLimit && user.status === 'active') {
          if (await repository.lockUser(user.id)) {
            await audit.record({ userId: user.id, action: 'account_locked', client, detail: { failures } });
            await sendActivation(user, 'locked');
          }
          throw authError('K007', 'auth.error.loginLocked');
        }
        throw authError('K006', 'auth.error.loginIncorrect');
      }
      if (user.status === 'locked') throw authError('K007', 'auth.error.loginLocked');
      if (user.status === 'pending_email') throw authError('K013', 'auth.error.emailNotAuthorized');
      if (user.status === 'pending_admin') throw authError('K017', 'auth.error.adminAuthRequired');
      if (user.expiresAt && user.expiresAt.getTime() <= Date.now()) throw authError('K024', 'auth.error.expiredAccount');

      const ips = await repository.approvedIpState(user.id, client.ip);
      if (!ips.anyApproved) {
        // The first sign-in after activation sets the account's first known IP.
        await repository.approveIp(user.id, client.ip);
      } else if (!ips.thisApproved) {
        await repository.addPendingIp(user.id, client.ip);
        const token = await verification.createLink({
          purpose: 'ip_approval',
          userId: user.id,
          target: client.ip,
          ttlS: LINK_TTL_S,
          replacePrevious: false,
        });
        await mails.ipApproval(user.email, user.firstName, urls.ipApproval(token), client.ip);
        await audit.record({ userId: user.id, action: 'login_blocked_new_ip', client });
        throw authError('K016', 'auth.error.ipChanged');
      } else {
        await repository.touchIp(user.id, client.ip);
      }

      await pairs.clear(email, client.ip);
      await repository.updateUser(user.id, { failedLoginCount: 0, lastLoginAt: new Date(), lastLoginIp: client.ip });
      const tokens = await sessions.start(user.id, client);
      await audit.record({ userId: user.id, action: 'login', client });
      const reason = passwordChangeReason(user);
      return {
        token: tokens.token,
        refresh_token: tokens.refreshToken,
        user: toAuthUser(user),
        password_change_required: reason !== null,
        password_change_reason: reason,
      };
    },

    async resendActivation(email, client) {
      await limiter.hit(RATE_RULES.mailIp, client.ip);
      await limiter.hit(RATE_RULES.mailTarget, email);
      const user = await repository.findUserByEmail(email);
      // Same answer either way: this endpoint must not tell which emails have accounts.
      if (user && (user.status === 'pending_email' || user.status === 'locked')) await sendActivation(user, 'resend');
    },

    async confirmEmail(token, client) {
      const row = await verification.consumeLink('email_activation', token);
      if (row.userId === null) throw new AppError('LINK_INVALID');
      await repository.activateUser(row.userId, deps.adminApprovalUserTypes ?? []);
      const user = await repository.findUserById(row.userId);
      if (user) await pairs.clearEmail(user.email);
      await audit.record({ userId: row.userId, action: 'account_activated', client });
    },

    async approveIp(token, client) {
      const row = await verification.consumeLink('ip_approval', token);
      if (row.userId === null) throw new AppError('LINK_INVALID');
      await repository.approveIp(row.userId, row.target);
      await audit.record({ userId: row.userId, action: 'ip_approved', client, detail: { approvedIp: row.target } });
    },

    async extendPassword(context) {
      const user = await loadUser(context);
      if (user.passwordTemporary) throw authError('FORBIDDEN', 'auth.error.temporaryPasswordKeep');
      const reminder = new Date(Date.now() + PASSWORD_MAX_AGE_MS);
      const updated = await repository.updateUser(user.id, { passwordReminderAt: reminder });
      return { password_change_due_at: passwordChangeDueAt(updated ?? user).toISOString() };
    },

    async reenterPassword(context, password) {
      await limiter.hit(RATE_RULES.passwordAccount, String(context.userId));
      const user = await loadUser(context);
      if (!(await passwords.verify(user.passwordHash, password)))
        throw authError('VALIDATION_FAILED', 'auth.error.loginIncorrect', 'password');
    },

    async check(context) {
      return toAuthUser(await loadUser(context));
    },

    peekLink: (purpose, token) => verification.peekLink(purpose, token),
  };
}
