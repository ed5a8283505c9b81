import { desc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { billingRecords, subscriptions, users } from '../../db/schema/index';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type BillingRow = typeof billingRecords.$inferSelect;

/** The SQL of membership. `inTransaction` holds the user's subscription row while a change is decided. */
export function createMembershipRepository(db: AppDatabase) {
  const queries = (tx: AppDatabase) => ({
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
    async addBillingRecords(rows: Array<typeof billingRecords.$inferInsert>): Promise<void> {
      if (rows.length > 0) await tx.insert(billingRecords).values(rows);
    },
    async history(userId: number): Promise<BillingRow[]> {
      return tx.select().from(billingRecords).where(eq(billingRecords.userId, userId)).orderBy(desc(billingRecords.periodStart));
    },
    /** The spec's "expiration date" on the user: what the session checks turn into K024. */
    async setUserExpiry(userId: number, expiresAt: Date | null): Promise<void> {
      await tx.update(users).set({ expiresAt }).where(eq(users.id, userId));
    },
  });
  return {
    inTransaction<T>(fn: (q: ReturnType<typeof queries>) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(queries(tx)));
    },
  };
}

export type MembershipRepository = ReturnType<typeof createMembershipRepository>;
