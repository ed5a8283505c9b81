import type { AppDatabase } from '../../db/database';
import { auditEvents } from '../../db/schema/index';

export type AuditRow = typeof auditEvents.$inferSelect;

/** The SQL of the audit trail: inserts and reads only; there is deliberately no update or delete. */
export function createAuditRepository(db: AppDatabase) {
  return {
    async insert(values: typeof auditEvents.$inferInsert): Promise<void> {
      await db.insert(auditEvents).values(values);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
