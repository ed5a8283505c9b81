import type { AppDatabase } from '../../db/database';
import { auditLog } from '../../db/schema/index';
import type { ClientInfo } from '../../http/require-user';

/** Security events (spec-required: sign-in, failed sign-in, logout, password change, IP approval). */
export type AuditAction =
  | 'sign_up'
  | 'account_activated'
  | 'account_locked'
  | 'login'
  | 'login_failed'
  | 'login_blocked_new_ip'
  | 'ip_approved'
  | 'logout'
  | 'refresh_token_reuse'
  | 'password_changed'
  | 'password_reset'
  | 'password_reset_capped'
  | 'email_changed'
  | 'mobile_changed'
  | 'profile_updated';

export type { ClientInfo };

export interface AuditEntry {
  userId: number | null;
  action: AuditAction;
  client: ClientInfo | null;
  /** Never passwords, codes or patient data. */
  detail?: Record<string, unknown>;
}

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
}

export function createAuditLog(db: AppDatabase): AuditLog {
  return {
    async record({ userId, action, client, detail }) {
      await db.insert(auditLog).values({
        userId,
        action,
        entityType: 'user',
        entityId: userId === null ? null : String(userId),
        ip: client?.ip ?? null,
        userAgent: client?.userAgent?.slice(0, 500) ?? null,
        detail: detail ?? null,
      });
    },
  };
}
