import { inArray, lt, max } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { sessions, verificationCodes } from '../../db/schema/index';

/** The SQL of the auth clean-up: rows that can no longer be used by anyone. */
export const expiredAuth = {
  /**
   * Whole refresh families whose newest token has expired. A family goes as one: while it lives,
   * its rotated rows are what detects the reuse of an old token; a revoked family stays until it
   * expires, so its browser still learns why it ended (J005) instead of a bare J001.
   */
  async sessionFamilies(db: AppDatabase, now: Date): Promise<number> {
    const dead = db
      .select({ familyId: sessions.familyId })
      .from(sessions)
      .groupBy(sessions.familyId)
      .having(lt(max(sessions.expiresAt), now));
    const rows = await db.delete(sessions).where(inArray(sessions.familyId, dead)).returning({ id: sessions.id });
    return rows.length;
  },

  /** Codes and mailed-link codes past their expiry: no lookup accepts them any more. */
  async verificationCodes(db: AppDatabase, now: Date): Promise<number> {
    const rows = await db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, now)).returning({ id: verificationCodes.id });
    return rows.length;
  },
};
