import { AUTH_MESSAGES_EN, type ErrorCode } from '@ceppro/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { systemClock, type Clock } from '../../clock';
import type { AppDatabase } from '../../db/database';
import { queryRows } from '../../db/raw-query';
import { AppError } from '../../errors/app-error';

export interface RateRule {
  /** Counted thing, e.g. `login:ip`; the subject (IP, email, number) is appended. */
  name: string;
  max: number;
  windowS: number;
  /** The 429's code when a client should be able to tell this limit from the others; TOO_MANY_REQUESTS otherwise. */
  code?: Extract<ErrorCode, 'LOGIN_LIMIT' | 'SMS_LIMIT'>;
  /** An operator's own setting (SMS_DAILY_LIMIT): AUTH_RATE_LIMIT_SCALE does not multiply it. */
  fixed?: boolean;
}

const HOUR_S = 3600;
const DAY_S = 86_400;

/**
 * The abuse limits, in one place. Per-IP limits are high enough for a clinic whose staff share one
 * NAT address; the tight ones are per account at an address (sign-in) or per number/account
 * (SMS), and count only requests that match an account, so strangers cannot spend them. Behind
 * them, caps that many addresses together cannot get past: password tries per email from addresses
 * the account does not sign in from, SMS per number per day (and all SMS per day, SMS_DAILY_LIMIT),
 * sign-ups per address per day and per tax number per day. Daily windows are UTC calendar days.
 */
export const RATE_RULES = {
  loginIp: { name: 'login:ip', max: 300, windowS: 600 },
  loginAccountIp: { name: 'login:account-ip', max: 20, windowS: 600 },
  // Tries from unknown addresses on one email, all addresses together; its known addresses are never refused.
  loginEmailHour: { name: 'login:email', max: 100, windowS: HOUR_S, code: 'LOGIN_LIMIT' },
  emailCheckIp: { name: 'email-check:ip', max: 20, windowS: 600 },
  taxCheckIp: { name: 'tax-check:ip', max: 30, windowS: 600 },
  otpSendIp: { name: 'otp-send:ip', max: 10, windowS: 600 },
  otpSendTarget: { name: 'otp-send:mobile', max: 5, windowS: 600 },
  // Counted for every code sent (sign-up, mobile change, find email/password) in verification.service.
  smsMobileDay: { name: 'sms:mobile', max: 10, windowS: DAY_S, code: 'SMS_LIMIT' },
  otpVerifyIp: { name: 'otp-verify:ip', max: 30, windowS: 600 },
  mailIp: { name: 'mail:ip', max: 10, windowS: 600 },
  mailTarget: { name: 'mail:email', max: 3, windowS: 600 },
  signUpIp: { name: 'sign-up:ip', max: 100, windowS: HOUR_S },
  signUpIpDay: { name: 'sign-up:ip-day', max: 300, windowS: DAY_S },
  signUpTaxDay: { name: 'sign-up:tax', max: 10, windowS: DAY_S },
  uploadIp: { name: 'upload:ip', max: 10, windowS: 600 },
  findIp: { name: 'find:ip', max: 30, windowS: 600 },
  findPwMobileDay: { name: 'find-pw:mobile', max: 5, windowS: DAY_S },
  findPwAccountDay: { name: 'find-pw:account', max: 5, windowS: DAY_S },
  passwordAccount: { name: 'password:account', max: 10, windowS: 600 },
} as const satisfies Record<string, RateRule>;

/** All SMS of the service in one UTC day, whatever the number or address: the operator's SMS_DAILY_LIMIT. */
export function smsDailyRule(max: number): RateRule {
  return { name: 'sms:all', max, windowS: DAY_S, code: 'SMS_LIMIT', fixed: true };
}

export interface RateLimiter {
  /**
   * Counts one hit for the subject; over the limit throws 429 (the rule's code, TOO_MANY_REQUESTS by
   * default) with Retry-After = the seconds left in the window.
   */
  hit(rule: RateRule, subject: string): Promise<void>;
}

/**
 * Fixed windows counted by an atomic upsert, so concurrent requests on several processes get
 * distinct counts. Old windows are swept now and then by whoever passes by. `scale` multiplies
 * every limit (AUTH_RATE_LIMIT_SCALE, for browser test suites).
 */
export function createRateLimiter(db: AppDatabase, scale = 1, clock: Clock = systemClock): RateLimiter {
  return {
    async hit(rule, subject) {
      const windowMs = rule.windowS * 1000;
      const windowStart = new Date(Math.floor(clock.now() / windowMs) * windowMs);
      const bucket = `${rule.name}:${subject}`.slice(0, 300);
      const [row] = await queryRows(
        db,
        sql`insert into rate_limits (bucket, window_start, hits) values (${bucket}, ${windowStart.toISOString()}, 1)
            on conflict (bucket, window_start) do update set hits = rate_limits.hits + 1
            returning hits`,
        z.object({ hits: z.coerce.number() }),
      );
      if (Math.random() < 0.02) {
        await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
      }
      if ((row?.hits ?? 0) > rule.max * (rule.fixed ? 1 : scale)) {
        const retryAfterS = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - clock.now()) / 1000));
        throw new AppError(rule.code ?? 'TOO_MANY_REQUESTS', AUTH_MESSAGES_EN['auth.error.tooManyRequests'], {
          key: 'auth.error.tooManyRequests',
          retryAfterS,
        });
      }
    },
  };
}
