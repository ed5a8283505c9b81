import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { notices } from '../../db/schema/index';

export type NoticeRow = typeof notices.$inferSelect;

/** The SQL of notices: the operator's writes and the readers' "in force now" list. */
export function createNoticeRepository(db: AppDatabase) {
  return {
    async insert(values: typeof notices.$inferInsert): Promise<NoticeRow> {
      const [row] = await db.insert(notices).values(values).returning();
      if (!row) throw new Error('notice insert returned nothing');
      return row;
    },

    /** Notices with `starts_at <= at < ends_at`, newest start first. */
    async inForce(at: Date): Promise<NoticeRow[]> {
      return db
        .select()
        .from(notices)
        .where(and(lte(notices.startsAt, at), gt(notices.endsAt, at)))
        .orderBy(desc(notices.startsAt), desc(notices.createdAt));
    },

    async all(): Promise<NoticeRow[]> {
      return db.select().from(notices).orderBy(desc(notices.startsAt));
    },

    /** Returns whether a row was deleted. */
    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(notices).where(eq(notices.id, id)).returning({ id: notices.id });
      return rows.length > 0;
    },
  };
}

export type NoticeRepository = ReturnType<typeof createNoticeRepository>;
