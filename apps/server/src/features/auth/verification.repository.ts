import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { verificationCodes, type VerificationPurpose } from '../../db/schema/index';

export type VerificationRow = typeof verificationCodes.$inferSelect;

/** A code or link secret as written: whose (null before an account exists), for what and whom, hashed, until when. */
export interface NewVerification {
  id: string;
  userId: number | null;
  purpose: VerificationPurpose;
  target: string;
  codeHash: string;
  expiresAt: Date;
}

/** One-time codes (SMS) and mailed-link secrets, stored hashed, single use, with an expiry. */
export function createVerificationRepository(db: AppDatabase) {
  return {
    /** A new code replaces every unused one for the same purpose and target: only the latest works. */
    async replace(values: NewVerification): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(verificationCodes)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(verificationCodes.purpose, values.purpose),
              eq(verificationCodes.target, values.target),
              isNull(verificationCodes.usedAt),
            ),
          );
        await tx.insert(verificationCodes).values(values);
      });
    },

    async insert(values: NewVerification): Promise<void> {
      await db.insert(verificationCodes).values(values);
    },

    async findLatestLive(purpose: VerificationPurpose, target: string): Promise<VerificationRow | undefined> {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.purpose, purpose),
            eq(verificationCodes.target, target),
            isNull(verificationCodes.usedAt),
            gt(verificationCodes.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return row;
    },

    async findById(id: string): Promise<VerificationRow | undefined> {
      const [row] = await db.select().from(verificationCodes).where(eq(verificationCodes.id, id)).limit(1);
      return row;
    },

    /** Counts a guess before it is checked, so parallel guesses cannot exceed the limit. */
    async countAttempt(id: string): Promise<number> {
      const [row] = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, id))
        .returning({ attempts: verificationCodes.attempts });
      return row?.attempts ?? Number.POSITIVE_INFINITY;
    },

    /** Single use: only the first of two concurrent consumers gets true. */
    async markUsed(id: string): Promise<boolean> {
      const rows = await db
        .update(verificationCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
        .returning({ id: verificationCodes.id });
      return rows.length > 0;
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
