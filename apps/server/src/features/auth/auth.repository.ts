import { and, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { UserTypeCd } from '@ceppro/contract';
import { activeMembershipJoin } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import {
  approvedIps,
  clinicMembers,
  licenseUploads,
  sessions,
  spentProofs,
  userConfigs,
  users,
  type UserStatus,
} from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'uuid' | 'createdAt'>>;
type NewUserConfig = Omit<typeof userConfigs.$inferInsert, 'userId'>;

/** What a sign-up uses up: its proofs (by token hash, each usable once) and its licence upload. */
export interface SignUpClaims {
  proofs: Array<{ field: string; tokenHash: string; expiresAt: Date }>;
  licenseKey: string | null;
}

/** A proof already spent, or a licence already attached (or swept): nothing was created. */
export class ClaimTakenError extends Error {
  constructor(readonly field: string) {
    super(`${field} was already used`);
  }
}

/** Users, their sessions and approved IPs: the SQL of sign-in and account changes. */
export function createAuthRepository(db: AppDatabase) {
  const live = isNull(users.deletedAt);
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, live))
        .limit(1);
      return row;
    },

    async findUserById(id: number): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), live))
        .limit(1);
      return row;
    },

    /** Newest first: find-id shows the latest account when one person registered several. */
    async findUsersByNameAndMobile(name: string, mobile: string): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(and(eq(users.firstName, name), eq(users.mobileNumber, mobile), live))
        .orderBy(desc(users.createdAt))
        .limit(5);
    },

    async emailTaken(email: string, exceptUserId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`lower(${users.email}) = ${email.toLowerCase()}`,
            live,
            exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The user and their settings row with defaults, together or not at all. */
    /** The user, its settings row and its claims in one transaction: ClaimTakenError rolls it all back. */
    async createUser(values: NewUser, config: NewUserConfig, claims: SignUpClaims = { proofs: [], licenseKey: null }): Promise<UserRow> {
      return db.transaction(async (tx) => {
        for (const proof of claims.proofs) {
          const spent = await tx
            .insert(spentProofs)
            .values({ tokenHash: proof.tokenHash, expiresAt: proof.expiresAt })
            .onConflictDoNothing()
            .returning();
          if (spent.length === 0) throw new ClaimTakenError(proof.field);
        }
        if (claims.licenseKey !== null) {
          const claimed = await tx.delete(licenseUploads).where(eq(licenseUploads.objectKey, claims.licenseKey)).returning();
          if (claimed.length === 0) throw new ClaimTakenError('licenseToken');
        }
        const [user] = await tx.insert(users).values(values).returning();
        if (!user) throw new Error('insert returned no user');
        await tx.insert(userConfigs).values({ ...config, userId: user.id });
        return user;
      });
    },

    /** Recorded before the file is stored, so a crash in between leaves a row the sweeper clears. */
    async addLicenseUpload(objectKey: string, expiresAt: Date): Promise<void> {
      await db.insert(licenseUploads).values({ objectKey, expiresAt });
    },

    async updateUser(id: number, patch: UserPatch): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(users.id, id), live))
        .returning();
      return row;
    },

    /** Atomic increment: concurrent failures on several processes all count. */
    async recordFailedLogin(id: number): Promise<number> {
      const [row] = await db
        .update(users)
        .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
        .where(eq(users.id, id))
        .returning({ count: users.failedLoginCount });
      return row?.count ?? 0;
    },

    /** active -> locked; false when it was not active (already locked, or another state). */
    async lockUser(id: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ status: 'locked', updatedAt: new Date() })
        .where(and(eq(users.id, id), eq(users.status, 'active')))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * The mail link: a new or locked account becomes active, except a new account of a type in
     * `approvalTypes`, which waits for an administrator (pending_admin, K017). Other states stay.
     */
    async activateUser(id: number, approvalTypes: readonly UserTypeCd[] = []): Promise<UserStatus | undefined> {
      const now = new Date();
      const waits =
        approvalTypes.length === 0
          ? sql`false`
          : sql`${users.status} = 'pending_email' and ${inArray(users.userTypeCd, [...approvalTypes])}`;
      const rows = await db
        .update(users)
        .set({
          status: sql`case when ${waits} then 'pending_admin' else 'active' end`,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          failedLoginCount: 0,
          updatedAt: now,
        })
        .where(and(eq(users.id, id), inArray(users.status, ['pending_email', 'locked']), live))
        .returning({ status: users.status });
      if (rows[0]) return rows[0].status;
      return (await this.findUserById(id))?.status;
    },

    /**
     * A new login's session: ends every live session of the user with `reason` and stores the new
     * one in one transaction, holding the user's row, so two logins at the same instant run one
     * after the other and the later one ends the earlier (only one survives).
     */
    async replaceUserSessions(values: typeof sessions.$inferInsert, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
        await tx
          .update(sessions)
          .set({ revokedAt: new Date(), revokedReason: reason })
          .where(and(eq(sessions.userId, values.userId), isNull(sessions.revokedAt)));
        await tx.insert(sessions).values(values);
      });
    },

    async findSessionByRefreshHash(hash: string) {
      const [row] = await db.select().from(sessions).where(eq(sessions.refreshTokenHash, hash)).limit(1);
      return row;
    },

    async findSessionById(id: string) {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      return row;
    },

    /**
     * Marks `oldId` replaced at `rotatedAt` (its `last_used_at`, where the refresh grace window
     * starts) and stores its successor, only if nobody rotated it first. Returns false when the token
     * had already been used (a concurrent or replayed refresh).
     */
    async rotateSession(oldId: string, next: typeof sessions.$inferInsert & { id: string }, rotatedAt: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        // The user's row first, as a login takes it: a login running now either ends this family
        // before the rotation (which then claims nothing) or after it, seeing the successor.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, next.userId)).for('share');
        const claimed = await tx
          .update(sessions)
          .set({ replacedBy: next.id, lastUsedAt: rotatedAt })
          .where(and(eq(sessions.id, oldId), isNull(sessions.replacedBy), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        if (claimed.length === 0) return false;
        await tx.insert(sessions).values(next);
        return true;
      });
    },

    /** The live end of a refresh family with what bearer checks need about its user, and the space they work in. */
    async findSessionState(familyId: string) {
      const [row] = await db
        .select({
          userId: sessions.userId,
          revokedAt: sessions.revokedAt,
          revokedReason: sessions.revokedReason,
          expiresAt: sessions.expiresAt,
          userStatus: users.status,
          userExpiresAt: users.expiresAt,
          userDeletedAt: users.deletedAt,
          // The space the user works in, read here so the access policy's actor costs no query of its own.
          clinicId: clinicMembers.clinicId,
          clinicRole: clinicMembers.role,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(clinicMembers, activeMembershipJoin)
        .where(and(eq(sessions.familyId, familyId), isNull(sessions.replacedBy)))
        .limit(1);
      return row;
    },

    async revokeFamily(familyId: string, reason: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
    },

    /** Ends every live session of the user, except `keepFamily` (the caller's own). */
    async revokeUserSessions(userId: number, reason: string, keepFamily?: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keepFamily === undefined ? undefined : ne(sessions.familyId, keepFamily),
          ),
        );
    },

    async approvedIpState(userId: number, ip: string): Promise<{ anyApproved: boolean; thisApproved: boolean }> {
      const rows = await db
        .select({ ip: approvedIps.ip })
        .from(approvedIps)
        .where(and(eq(approvedIps.userId, userId), isNotNull(approvedIps.approvedAt)));
      return { anyApproved: rows.length > 0, thisApproved: rows.some((r) => r.ip === ip) };
    },

    async approveIp(userId: number, ip: string): Promise<void> {
      const now = new Date();
      await db
        .insert(approvedIps)
        .values({ userId, ip, approvedAt: now, lastSeenAt: now })
        .onConflictDoUpdate({
          target: [approvedIps.userId, approvedIps.ip],
          set: { approvedAt: sql`coalesce(${approvedIps.approvedAt}, now())` },
        });
    },

    async addPendingIp(userId: number, ip: string): Promise<void> {
      await db.insert(approvedIps).values({ userId, ip }).onConflictDoNothing();
    },

    async touchIp(userId: number, ip: string): Promise<void> {
      await db
        .update(approvedIps)
        .set({ lastSeenAt: new Date() })
        .where(and(eq(approvedIps.userId, userId), eq(approvedIps.ip, ip)));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
