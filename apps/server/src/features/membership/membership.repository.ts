import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { clinicMembers, clinics, clinicSubscriptions, subscriptions, users } from '../../db/schema/index';
import type { Payer } from './payer';

/** A subscription row, a person's or a clinic's (the same columns but the key). */
export type SubscriptionRow = Omit<typeof subscriptions.$inferSelect, 'userId'>;
type SubscriptionValues = Omit<typeof subscriptions.$inferInsert, 'userId'>;

/**
 * The SQL of membership. `inTransaction` holds the payer's subscription row while a change is
 * decided; a person's lives in `subscriptions`, a clinic's in `clinic_subscriptions`.
 */
export function createMembershipRepository(db: AppDatabase) {
  const queries = (tx: AppDatabase) => ({
    /** The transaction, for the invoice repository's writes in the same unit of work. */
    tx,
    async lockSubscription(payer: Payer): Promise<SubscriptionRow | undefined> {
      if (payer.kind === 'clinic') {
        const [row] = await tx.select().from(clinicSubscriptions).where(eq(clinicSubscriptions.clinicId, payer.clinicId)).for('update');
        return row;
      }
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, payer.userId)).for('update');
      return row;
    },
    async insertSubscription(payer: Payer, row: SubscriptionValues): Promise<void> {
      // A concurrent first look created it already: keep that one (the caller re-reads under lock).
      if (payer.kind === 'clinic')
        await tx
          .insert(clinicSubscriptions)
          .values({ ...row, clinicId: payer.clinicId })
          .onConflictDoNothing();
      else
        await tx
          .insert(subscriptions)
          .values({ ...row, userId: payer.userId })
          .onConflictDoNothing();
    },
    async updateSubscription(payer: Payer, values: Partial<SubscriptionValues>): Promise<void> {
      if (payer.kind === 'clinic') await tx.update(clinicSubscriptions).set(values).where(eq(clinicSubscriptions.clinicId, payer.clinicId));
      else await tx.update(subscriptions).set(values).where(eq(subscriptions.userId, payer.userId));
    },
    /** A person's own subscription, unlocked (to combine with their clinic's into their expiry). */
    async personalSubscription(userId: number): Promise<SubscriptionRow | undefined> {
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row;
    },
    /**
     * The person's live clinic, if any, with its subscription (null: none started yet). Live
     * membership, not the active space: a member's access does not depend on where they work now.
     */
    async liveClinicOf(userId: number): Promise<{ clinicId: number; subscription: SubscriptionRow | null } | undefined> {
      const [row] = await tx
        .select({ clinicId: clinicMembers.clinicId, subscription: clinicSubscriptions })
        .from(clinicMembers)
        .leftJoin(clinicSubscriptions, eq(clinicSubscriptions.clinicId, clinicMembers.clinicId))
        .where(and(eq(clinicMembers.userId, userId), isNull(clinicMembers.removedAt)));
      return row;
    },
    /** The clinic's live members (who its invoices are for: the seats). */
    async liveMemberIds(clinicId: number): Promise<number[]> {
      const rows = await tx
        .select({ userId: clinicMembers.userId })
        .from(clinicMembers)
        .where(and(eq(clinicMembers.clinicId, clinicId), isNull(clinicMembers.removedAt)));
      return rows.map((r) => r.userId);
    },
    /** The spec's "expiration date" on the user: what the session checks turn into K024. */
    async setUserExpiry(userId: number, expiresAt: Date | null): Promise<void> {
      await tx.update(users).set({ expiresAt }).where(eq(users.id, userId));
    },
  });
  return {
    db,
    /** Usable accounts with no subscription yet (signed up since the last billing run). */
    async usersWithoutSubscription(limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.status, 'active'),
            isNull(users.deletedAt),
            notExists(
              db
                .select({ one: sql`1` })
                .from(subscriptions)
                .where(eq(subscriptions.userId, users.id)),
            ),
          ),
        )
        .orderBy(users.id)
        .limit(limit);
      return rows.map((r) => r.id);
    },
    /** Clinics with no subscription yet (created since the last billing run). */
    async clinicsWithoutSubscription(limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: clinics.id })
        .from(clinics)
        .where(
          notExists(
            db
              .select({ one: sql`1` })
              .from(clinicSubscriptions)
              .where(eq(clinicSubscriptions.clinicId, clinics.id)),
          ),
        )
        .orderBy(clinics.id)
        .limit(limit);
      return rows.map((r) => r.id);
    },
    /** Everyone who ever joined a clinic: their expiry follows their clinic's while they are in it. */
    async clinicMemberUserIds(): Promise<number[]> {
      const rows = await db.selectDistinct({ userId: clinicMembers.userId }).from(clinicMembers).orderBy(clinicMembers.userId);
      return rows.map((r) => r.userId);
    },
    inTransaction<T>(fn: (q: ReturnType<typeof queries>) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(queries(tx)));
    },
  };
}

export type MembershipRepository = ReturnType<typeof createMembershipRepository>;
export type MembershipQueries = Parameters<Parameters<MembershipRepository['inTransaction']>[0]>[0];
