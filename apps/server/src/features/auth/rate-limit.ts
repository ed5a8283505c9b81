import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { systemClock, type Clock } from '../../clock';
import type { AppDatabase } from '../../db/database';
import { queryRows } from '../../db/raw-query';
import { authError } from '../../http/parse-body';

export interface RateRule {
  /** Counted thing, e.g. `login:ip`; the subject (IP, email, number) is appended. */
  name: string;
  max: number;
  windowS: number;
}

/**
 * The abuse limits, in one place. Per-IP limits are high enough for a clinic whose staff share one
 * NAT address; the tight ones are per account at an address (sign-in) or per number/account
 * (SMS), and count only requests that match an account, so strangers cannot spend them.
 */
export const RATE_RULES = {
  loginIp: { name: 'login:ip', max: 300, windowS: 600 },
  loginAccountIp: { name: 'login:account-ip', max: 20, windowS: 600 },
  emailCheckIp: { name: 'email-check:ip', max: 20, windowS: 600 },
  taxCheckIp: { name: 'tax-check:ip', max: 30, windowS: 600 },
  otpSendIp: { name: 'otp-send:ip', max: 10, windowS: 600 },
  otpSendTarget: { name: 'otp-send:mobile', max: 5, windowS: 600 },
  otpVerifyIp: { name: 'otp-verify:ip', max: 30, windowS: 600 },
  mailIp: { name: 'mail:ip', max: 10, windowS: 600 },
  mailTarget: { name: 'mail:email', max: 3, windowS: 600 },
  signUpIp: { name: 'sign-up:ip', max: 10, windowS: 3600 },
  uploadIp: { name: 'upload:ip', max: 10, windowS: 600 },
  findIp: { name: 'find:ip', max: 30, windowS: 600 },
  findPwMobileDay: { name: 'find-pw:mobile', max: 5, windowS: 86_400 },
  findPwAccountDay: { name: 'find-pw:account', max: 5, windowS: 86_400 },
  passwordAccount: { name: 'password:account', max: 10, windowS: 600 },
} as const satisfies Record<string, RateRule>;

export interface RateLimiter {
  /** Counts one hit for each subject; throws TOO_MANY_REQUESTS (429) when any is over its limit. */
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
      if ((row?.hits ?? 0) > rule.max * scale) throw authError('TOO_MANY_REQUESTS', 'auth.error.tooManyRequests');
    },
  };
}
