import { and, eq, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { userConfigs, users } from '../../db/schema/index';

export type UserConfigRow = typeof userConfigs.$inferSelect;
export type UserConfigValues = Partial<
  Omit<typeof userConfigs.$inferInsert, 'id' | 'uniqueId' | 'userId' | 'createdAt' | 'updatedAt' | 'deletedAt'>
>;
export type UserSummary = Pick<typeof users.$inferSelect, 'id' | 'uuid' | 'firstName' | 'userPermission'>;

/** The caller's own settings row and user row: every statement is keyed by the caller's id. */
export function createUserConfigRepository(db: AppDatabase) {
  const summary = { id: users.id, uuid: users.uuid, firstName: users.firstName, userPermission: users.userPermission };
  return {
    async findLive(userId: number): Promise<UserConfigRow | undefined> {
      const [row] = await db
        .select()
        .from(userConfigs)
        .where(and(eq(userConfigs.userId, userId), isNull(userConfigs.deletedAt)))
        .limit(1);
      return row;
    },

    /** Updates the live row, or creates it for an account that has none yet. */
    async upsert(userId: number, values: UserConfigValues): Promise<UserConfigRow> {
      const [updated] = await db
        .update(userConfigs)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(userConfigs.userId, userId), isNull(userConfigs.deletedAt)))
        .returning();
      if (updated) return updated;
      const [inserted] = await db
        .insert(userConfigs)
        .values({ ...values, userId })
        .returning();
      if (!inserted) throw new Error('insert returned no row');
      return inserted;
    },

    async findUser(userId: number): Promise<UserSummary | undefined> {
      const [row] = await db
        .select(summary)
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .limit(1);
      return row;
    },

    async setUserPermission(userId: number, permission: UserSummary['userPermission']): Promise<UserSummary | undefined> {
      const [row] = await db
        .update(users)
        .set({ userPermission: permission, updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .returning(summary);
      return row;
    },
  };
}

export type UserConfigRepository = ReturnType<typeof createUserConfigRepository>;
