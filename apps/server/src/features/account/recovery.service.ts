import { randomInt } from 'node:crypto';
import { AppError } from '../../errors/app-error';
import type { ClientInfo } from '../../http/require-user';
import {
  RATE_RULES,
  signProof,
  verifyProof,
  SMS_CODE_TTL_S,
  type AuditLog,
  type AuthMails,
  type AuthRepository,
  type PasswordHasher,
  type RateLimiter,
  type SessionService,
  type VerificationService,
} from '../auth';
import { authError } from '../../http/parse-body';

/** Time between proving identity by SMS (tfind-pw) and asking for the temporary password (set-tempw). */
const RESET_PROOF_TTL_S = 10 * 60;

/** "do****@clinic.test": enough for the owner to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const keep = local.length <= 3 ? 1 : 2;
  return `${local.slice(0, keep)}${'*'.repeat(Math.max(local.length - keep, 1))}${email.slice(at)}`;
}

const CLASSES = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!@#$%^&+=()'] as const;

/** 12 characters satisfying the sign-up rule (one of each class), without look-alike letters. */
export function generateTemporaryPassword(): string {
  const all = CLASSES.join('');
  const chars = CLASSES.map((set) => set[randomInt(set.length)] ?? 'A');
  while (chars.length < 12) chars.push(all[randomInt(all.length)] ?? 'a');
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

export interface RecoveryService {
  findId(input: { name: string; mobileNumber: string }, client: ClientInfo): Promise<{ sent: true; expires_in: number }>;
  confirmFindId(input: { name: string; mobileNumber: string; code: string }, client: ClientInfo): Promise<{ email: string }>;
  findPassword(
    input: { email: string; name: string; mobileNumber: string },
    client: ClientInfo,
  ): Promise<{ sent: true; expires_in: number }>;
  confirmFindPassword(input: { email: string; mobileNumber: string; code: string }, client: ClientInfo): Promise<{ reset_token: string }>;
  issueTemporaryPassword(resetToken: string, client: ClientInfo): Promise<{ sent: true }>;
}

/**
 * Find email and find password (spec routes /find-email, /find-password; endpoints find-id,
 * tfind-id, find-pw, tfind-pw, set-tempw). Identity is proven by an SMS code to the registered
 * mobile; see the feature README for the flow.
 */
export function createRecoveryService(deps: {
  repository: AuthRepository;
  verification: VerificationService;
  sessions: SessionService;
  mails: AuthMails;
  audit: AuditLog;
  limiter: RateLimiter;
  proofSecret: string;
  passwords: PasswordHasher;
}): RecoveryService {
  const { repository, verification, sessions, mails, audit, limiter, proofSecret, passwords } = deps;
  const noMember = () => authError('M003', 'auth.error.noMember');

  return {
    async findId({ name, mobileNumber }, client) {
      await limiter.hit(RATE_RULES.findIp, client.ip);
      const [user] = await repository.findUsersByNameAndMobile(name, mobileNumber);
      if (!user) throw noMember();
      // Counted only for a match, so strangers cannot use up the owner's allowance.
      await limiter.hit(RATE_RULES.otpSendTarget, mobileNumber);
      const { expiresIn } = await verification.sendSmsCode({ purpose: 'find_id', mobile: mobileNumber, userId: user.id });
      return { sent: true, expires_in: expiresIn };
    },

    async confirmFindId({ name, mobileNumber, code }, client) {
      await limiter.hit(RATE_RULES.otpVerifyIp, client.ip);
      await verification.verifySmsCode({ purpose: 'find_id', mobile: mobileNumber, code });
      const [user] = await repository.findUsersByNameAndMobile(name, mobileNumber);
      if (!user) throw noMember();
      return { email: maskEmail(user.email) };
    },

    async findPassword({ email, name, mobileNumber }, client) {
      await limiter.hit(RATE_RULES.findIp, client.ip);
      const user = await repository.findUserByEmail(email);
      const sent = { sent: true, expires_in: SMS_CODE_TTL_S } as const;
      // The same answer whether or not the three match: this screen must not tell which emails
      // have accounts. A code goes out only to the account's own mobile, within its caps.
      if (!user || user.firstName !== name || user.mobileNumber !== mobileNumber) return sent;
      try {
        await limiter.hit(RATE_RULES.otpSendTarget, mobileNumber);
        await limiter.hit(RATE_RULES.findPwMobileDay, mobileNumber);
        await limiter.hit(RATE_RULES.findPwAccountDay, String(user.id));
      } catch (error) {
        if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') {
          await audit.record({ userId: user.id, action: 'password_reset_capped', client });
          return sent;
        }
        throw error;
      }
      await verification.sendSmsCode({ purpose: 'password_reset', mobile: mobileNumber, userId: user.id });
      return sent;
    },

    async confirmFindPassword({ email, mobileNumber, code }, client) {
      await limiter.hit(RATE_RULES.otpVerifyIp, client.ip);
      const row = await verification.verifySmsCode({ purpose: 'password_reset', mobile: mobileNumber, code });
      const user = await repository.findUserByEmail(email);
      if (!user || row.userId !== user.id) throw authError('K022', 'auth.code.invalid', 'code');
      // Bound to the current password: once a temporary one is set, the proof is spent.
      return {
        reset_token: signProof(proofSecret, 'password_reset', String(user.id), RESET_PROOF_TTL_S, String(user.passwordChangedAt.getTime())),
      };
    },

    async issueTemporaryPassword(resetToken, client) {
      const proof = verifyProof(proofSecret, 'password_reset', resetToken);
      const user = proof ? await repository.findUserById(Number(proof.subject)) : undefined;
      if (!proof || !user || proof.extra !== String(user.passwordChangedAt.getTime())) {
        throw authError('VALIDATION_FAILED', 'auth.token.invalid', 'resetToken');
      }
      const temporary = generateTemporaryPassword();
      await repository.updateUser(user.id, {
        passwordHash: await passwords.hash(temporary),
        passwordChangedAt: new Date(),
        passwordTemporary: true,
        passwordReminderAt: null,
      });
      await sessions.revokeAllOf(user.id, 'password_reset');
      await audit.record({ userId: user.id, action: 'password_reset', client });
      await mails.temporaryPassword(user.email, user.firstName, temporary);
      return { sent: true };
    },
  };
}
