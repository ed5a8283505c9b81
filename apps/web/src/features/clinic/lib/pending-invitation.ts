import { CLINIC_ACCEPT_PAGE, CLINIC_INVITATION_TTL_DAYS } from '@ceppro/contract';
import { z } from 'zod';

/**
 * An invitation opened while signed out: the invitee signs in (or signs up, confirms the email and
 * signs in, possibly in another tab) and is then brought back to accept it. Kept in localStorage for at
 * most the invitation's lifetime, and forgotten once the accept page has been seen signed in.
 */
const KEY = 'ceppro.clinicInvitation';
const TTL_MS = CLINIC_INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
const stored = z.object({ token: z.string().min(1).max(200), at: z.number() });

export function joinPath(token: string): string {
  return `${CLINIC_ACCEPT_PAGE}?token=${encodeURIComponent(token)}`;
}

export function rememberInvitation(token: string, now = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ token, at: now }));
  } catch {
    // Storage refused (private mode): the invitee opens the mailed link again after signing in.
  }
}

export function forgetInvitation(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}

/** The accept page of a remembered invitation, or null when there is none (or it is older than an invitation lives). */
export function pendingInvitationPath(now = Date.now()): string | null {
  let parsed: z.infer<typeof stored> | null = null;
  try {
    const result = stored.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    parsed = result.success ? result.data : null;
  } catch {
    parsed = null;
  }
  if (parsed === null || now - parsed.at > TTL_MS) return null;
  return joinPath(parsed.token);
}
