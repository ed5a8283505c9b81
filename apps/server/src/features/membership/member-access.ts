import type { MembershipQueries } from './membership.repository';
import { toState } from './membership-view';
import { accessEndsAt } from './subscription-state';

/**
 * The account's expiry (`users.expires_at`, what gives K024) from its two subscriptions: its own
 * (personal space) and, while it is a live member of a clinic, the clinic's. A clinic member's
 * account stays usable while either lasts, so a doctor without a personal plan works in the clinic
 * the clinic pays for, and keeps their personal space as today. Without a clinic it is the
 * personal subscription's end, as before clinics. A subscription not started yet has no end.
 */
export async function syncAccountExpiry(q: MembershipQueries, userId: number): Promise<Date | null> {
  const personal = await q.personalSubscription(userId);
  const personalEnd = personal ? accessEndsAt(toState(personal)) : null;
  const clinic = await q.liveClinicOf(userId);
  let end = personalEnd;
  if (clinic) {
    const clinicEnd = clinic.subscription ? accessEndsAt(toState(clinic.subscription)) : null;
    end = personalEnd === null || clinicEnd === null ? null : Math.max(personalEnd, clinicEnd);
  }
  const at = end === null ? null : new Date(end);
  await q.setUserExpiry(userId, at);
  return at;
}
