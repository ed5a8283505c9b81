import type { AuditEntry, AuditService } from '../audit/audit.service';
import type { AuditAction, AuditLog } from './audit';

type Mapped = Pick<AuditEntry, 'action' | 'outcome'>;

/**
 * The security log's events (features/auth/audit.ts, table audit_log) as trail events: sign-ins,
 * their refusals and failures, sign-outs and account changes. The account is both actor and owner.
 */
const SECURITY_EVENTS: Partial<Record<AuditAction, Mapped>> = {
  login: { action: 'auth.sign_in', outcome: 'success' },
  login_failed: { action: 'auth.sign_in', outcome: 'failed' },
  login_blocked_new_ip: { action: 'auth.sign_in', outcome: 'denied' },
  account_locked: { action: 'auth.account_locked', outcome: 'denied' },
  logout: { action: 'auth.sign_out', outcome: 'success' },
  refresh_token_reuse: { action: 'auth.token_reuse', outcome: 'denied' },
  password_changed: { action: 'account.password_change', outcome: 'success' },
  password_reset: { action: 'account.password_reset', outcome: 'success' },
  email_changed: { action: 'account.email_change', outcome: 'success' },
  mobile_changed: { action: 'account.mobile_change', outcome: 'success' },
  profile_updated: { action: 'account.profile_update', outcome: 'success' },
};

/** Only these detail keys are copied: never the e-mail address typed into a failed sign-in. */
const DETAIL_KEYS = ['reason', 'failures', 'fields'];

/** The auth features keep writing their security log; each event also goes into the trail. */
export function mirrorSecurityLog(log: AuditLog, audit: AuditService): AuditLog {
  return {
    async record(entry) {
      await log.record(entry);
      const mapped = SECURITY_EVENTS[entry.action];
      if (!mapped) return;
      const detail = Object.fromEntries(Object.entries(entry.detail ?? {}).filter(([key]) => DETAIL_KEYS.includes(key)));
      await audit.record({
        ...mapped,
        actorUserId: entry.userId,
        ownerUserId: entry.userId,
        targetType: 'account',
        targetId: entry.userId === null ? null : String(entry.userId),
        ip: entry.client?.ip ?? null,
        userAgent: entry.client?.userAgent ?? null,
        ...(Object.keys(detail).length > 0 && { detail }),
      });
    },
  };
}
