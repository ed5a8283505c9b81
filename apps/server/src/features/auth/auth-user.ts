import type { AuthUser } from '@ceppro/contract';
import type { UserRow } from './auth.repository';

/** docs/spec-points.md §9: password age notice after 30 days. */
export const PASSWORD_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

export function toAuthUser(user: UserRow): AuthUser {
  return {
    id: user.id,
    uuid: user.uuid,
    email: user.email,
    first_name: user.firstName,
    user_permission: user.userPermission,
    user_type: user.userTypeCd,
    role: user.role,
  };
}

/** When the change prompt starts: 30 days after the last change, or later if postponed. */
export function passwordChangeDueAt(user: UserRow): Date {
  const due = user.passwordChangedAt.getTime() + PASSWORD_MAX_AGE_MS;
  return new Date(Math.max(due, user.passwordReminderAt?.getTime() ?? 0));
}

export function passwordChangeReason(user: UserRow, now: number = Date.now()): 'temporary' | 'expired' | null {
  if (user.passwordTemporary) return 'temporary';
  return passwordChangeDueAt(user).getTime() <= now ? 'expired' : null;
}
