import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { subscriptions, users } from '../../db/schema/index';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The SQL of membership. `inTransaction` holds the user's subscription row while a change is decided. */
export function createMembershipRepository(db: AppDatabase) {
  const queries = (tx: AppDatabase) => ({
    /** The transaction, for the invoice repository's writes in the same unit of work. */
    tx,
    async lockSubscription(userId: number): Promise<SubscriptionRow | undefined> {
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
      return row;
    },
    async insertSubscription(row: typeof subscriptions.$inferInsert): Promise<void> {
      // A concurrent first look created it already: keep that one (the caller re-reads under lock).
      await tx.insert(subscriptions).values(row).onConflictDoNothing();
    },
    async updateSubscription(userId: number, values: Partial<typeof subscriptions.$inferInsert>): Promise<void> {
      await tx.update(subscriptions).set(values).where(eq(subscriptions.userId, userId));
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
    inTransaction<T>(fn: (q: ReturnType<typeof queries>) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(queries(tx)));
    },
  };
}

export type MembershipRepository = ReturnType<typeof createMembershipRepository>;
