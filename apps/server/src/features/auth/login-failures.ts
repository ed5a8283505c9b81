import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { loginFailures } from '../../db/schema';

/** Failures an unknown address gets on one email before it has to wait between tries. */
export const FREE_FAILURES_UNKNOWN_ADDRESS = 5;
/** The longest wait between tries from an unknown address. */
export const MAX_SLOWDOWN_S = 15 * 60;

/**
 * Seconds an unknown address must wait after its last failure before the next try on the same
 * email: none for the first few, then 1, 2, 4, ... up to MAX_SLOWDOWN_S. Growing delays instead of
 * a lock, so nobody can lock an account they do not sign in from.
 */
export function slowdownS(failures: number): number {
  if (failures < FREE_FAILURES_UNKNOWN_ADDRESS) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES_UNKNOWN_ADDRESS), MAX_SLOWDOWN_S);
}

export interface PairFailures {
  failures: number;
  lastFailedAt: Date;
}

/** Failed sign-ins per (email, address); see the table's comment. */
export function createLoginFailureRepository(db: AppDatabase) {
  const key = (email: string, ip: string) => and(eq(loginFailures.email, email.toLowerCase()), eq(loginFailures.ip, ip));
  return {
    async get(email: string, ip: string): Promise<PairFailures | undefined> {
      const [row] = await db.select().from(loginFailures).where(key(email, ip)).limit(1);
      return row && { failures: row.failures, lastFailedAt: row.lastFailedAt };
    },

    /** Atomic: concurrent failures on several processes all count. Returns the new count. */
    async record(email: string, ip: string, at: Date): Promise<number> {
      const [row] = await db
        .insert(loginFailures)
        .values({ email: email.toLowerCase(), ip, failures: 1, lastFailedAt: at })
        .onConflictDoUpdate({
          target: [loginFailures.email, loginFailures.ip],
          set: { failures: sql`${loginFailures.failures} + 1`, lastFailedAt: at },
        })
        .returning({ failures: loginFailures.failures });
      if (Math.random() < 0.02) await db.delete(loginFailures).where(lt(loginFailures.lastFailedAt, new Date(at.getTime() - 86_400_000)));
      return row?.failures ?? 1;
    },

    async clear(email: string, ip: string): Promise<void> {
      await db.delete(loginFailures).where(key(email, ip));
    },

    /** After the activation link: the owner proved the mailbox, every count on the email starts over. */
    async clearEmail(email: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.email, email.toLowerCase()));
    },
  };
}

export type LoginFailureRepository = ReturnType<typeof createLoginFailureRepository>;
