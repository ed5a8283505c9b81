import { randomUUID } from 'node:crypto';
import type { VerificationPurpose } from '../../db/schema/index';
import { AppError } from '../../errors/app-error';
import type { SmsProvider } from '../../sms/sms-provider';
import { authError } from '../../http/parse-body';
import { RATE_RULES, smsDailyRule, type RateLimiter } from './rate-limit';
import { keyedHash, keyedHashMatches, randomSmsCode, randomToken } from './tokens';
import type { VerificationRepository, VerificationRow } from './verification.repository';

/** docs/spec-points.md §4: a code is requested, verified, or expires and is re-requested. */
export const SMS_CODE_TTL_S = 180;
/** Wrong guesses allowed per code; then a new code must be requested. */
export const SMS_CODE_MAX_ATTEMPTS = 5;

export type SmsPurpose = Extract<VerificationPurpose, 'mobile_signup' | 'mobile_update' | 'find_id' | 'password_reset'>;
export type LinkPurpose = Extract<VerificationPurpose, 'email_activation' | 'ip_approval' | 'email_change'>;

const SMS_TEXT: Record<SmsPurpose, string> = {
  mobile_signup: 'sign-up',
  mobile_update: 'mobile number change',
  find_id: 'find email',
  password_reset: 'find password',
};

export interface VerificationService {
  /** Over the number's or the service's daily cap: SMS_LIMIT (429), except find-password (see withinDailyCaps). */
  sendSmsCode(input: { purpose: SmsPurpose; mobile: string; userId: number | null }): Promise<{ expiresIn: number }>;
  /** Throws K022 for a wrong, expired, used or over-guessed code. */
  verifySmsCode(input: { purpose: SmsPurpose; mobile: string; code: string }): Promise<VerificationRow>;
  /** Returns the token for the mailed link: `<row id>.<secret>`; only a hash of the secret is kept. */
  createLink(input: { purpose: LinkPurpose; userId: number; target: string; ttlS: number; replacePrevious: boolean }): Promise<string>;
  /** Throws LINK_INVALID unless the token is a live link of this purpose; marks it used. */
  consumeLink(purpose: LinkPurpose, token: string): Promise<VerificationRow>;
  /** Same checks without using it up (the GET page before the confirm button). */
  peekLink(purpose: LinkPurpose, token: string): Promise<VerificationRow>;
}

export function createVerificationService(deps: {
  repository: VerificationRepository;
  sms: SmsProvider;
  secret: string;
  limiter: RateLimiter;
  /** SMS_DAILY_LIMIT: codes the whole service sends per UTC day. */
  smsDailyLimit: number;
}): VerificationService {
  const { repository, sms, secret, limiter } = deps;
  const smsDaily = smsDailyRule(deps.smsDailyLimit);

  /**
   * The daily caps behind every caller's own limits: per number, then for the whole service (a
   * number already over its cap does not use up the service's). True when the code may go out.
   * Find-password must answer alike whether or not anything matched, so over a cap its code is
   * dropped silently instead of answering SMS_LIMIT.
   */
  async function withinDailyCaps(purpose: SmsPurpose, mobile: string): Promise<boolean> {
    try {
      await limiter.hit(RATE_RULES.smsMobileDay, mobile);
      await limiter.hit(smsDaily, 'all');
      return true;
    } catch (error) {
      if (purpose === 'password_reset' && error instanceof AppError && error.code === 'SMS_LIMIT') return false;
      throw error;
    }
  }

  async function findLink(purpose: LinkPurpose, token: string): Promise<VerificationRow> {
    const [id, linkSecret, rest] = token.split('.');
    const invalid = () => authError('LINK_INVALID', 'auth.link.invalid');
    if (!id || !linkSecret || rest !== undefined || !/^[0-9a-f-]{36}$/.test(id)) throw invalid();
    const row = await repository.findById(id);
    if (!row || row.purpose !== purpose || row.usedAt !== null || row.expiresAt.getTime() <= Date.now()) throw invalid();
    if (!keyedHashMatches(secret, row.id, linkSecret, row.codeHash)) throw invalid();
    return row;
  }

  return {
    async sendSmsCode({ purpose, mobile, userId }) {
      if (!(await withinDailyCaps(purpose, mobile))) return { expiresIn: SMS_CODE_TTL_S };
      const id = randomUUID();
      const code = randomSmsCode();
      await repository.replace({
        id,
        userId,
        purpose,
        target: mobile,
        codeHash: keyedHash(secret, id, code),
        expiresAt: new Date(Date.now() + SMS_CODE_TTL_S * 1000),
      });
      await sms.send({ to: mobile, text: `[Ceppro] ${SMS_TEXT[purpose]} verification code: ${code} (valid for 3 minutes)` });
      return { expiresIn: SMS_CODE_TTL_S };
    },

    async verifySmsCode({ purpose, mobile, code }) {
      const wrong = () => authError('K022', 'auth.code.invalid', 'code');
      const row = await repository.findLatestLive(purpose, mobile);
      if (!row) throw wrong();
      const attempts = await repository.countAttempt(row.id);
      if (attempts > SMS_CODE_MAX_ATTEMPTS) {
        await repository.markUsed(row.id);
        throw wrong();
      }
      if (!keyedHashMatches(secret, row.id, code, row.codeHash)) throw wrong();
      if (!(await repository.markUsed(row.id))) throw wrong();
      return row;
    },

    async createLink({ purpose, userId, target, ttlS, replacePrevious }) {
      const id = randomUUID();
      const linkSecret = randomToken();
      const values = {
        id,
        userId,
        purpose,
        target,
        codeHash: keyedHash(secret, id, linkSecret),
        expiresAt: new Date(Date.now() + ttlS * 1000),
      };
      await (replacePrevious ? repository.replace(values) : repository.insert(values));
      return `${id}.${linkSecret}`;
    },

    async consumeLink(purpose, token) {
      const row = await findLink(purpose, token);
      if (!(await repository.markUsed(row.id))) throw new AppError('LINK_INVALID');
      return row;
    },

    peekLink: findLink,
  };
}
