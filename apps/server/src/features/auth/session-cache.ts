import type { ClinicRole } from '@ceppro/contract';

/** What the bearer check reads about a session (auth.repository.ts findSessionState). */
export interface SessionState {
  userId: number;
  revokedAt: Date | null;
  revokedReason: string | null;
  expiresAt: Date;
  userStatus: string;
  userExpiresAt: Date | null;
  userDeletedAt: Date | null;
  /**
   * The user's live membership in their active clinic (access policy `activeMembershipJoin`): both
   * null (or absent) in the personal space. Cached with the rest, so the actor costs no query of its own.
   */
  clinicId?: number | null;
  clinicRole?: ClinicRole | null;
}

/** How long a session's stored state is reused by this process; docs/performance.md. */
export const SESSION_STATE_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

/**
 * A short in-process memory of sessions' stored state, so the bearer check of every request is not
 * a database round trip (docs/performance.md). The checks themselves (revoked, expired, account
 * usable) still run on every request against the remembered state with the current time.
 *
 * Bounded staleness: a change made by this process through the session service (login ending the
 * other sessions, logout, password change, refresh-token reuse) forgets the affected entries at
 * once; a change made elsewhere (another process, an account locked or ended in the database) is
 * seen after at most `ttlMs`. Times come from the injected clock.
 */
export function createSessionStateCache(ttlMs: number = SESSION_STATE_TTL_MS) {
  const entries = new Map<string, { state: SessionState; until: number }>();
  // Reads under way, shared by the requests that miss at the same moment (a burst of one user's
  // requests on a cold entry is one read, not hundreds). `epoch` moves on every forget, so a read
  // that began before a revocation is neither kept nor handed to requests that arrive after it.
  const loading = new Map<string, Promise<SessionState | undefined>>();
  let epoch = 0;

  function get(sessionId: string, now: number): SessionState | undefined {
    const hit = entries.get(sessionId);
    if (!hit) return undefined;
    if (hit.until > now) return hit.state;
    entries.delete(sessionId);
    return undefined;
  }

  function set(sessionId: string, state: SessionState, now: number): void {
    if (ttlMs <= 0) return;
    entries.delete(sessionId);
    // Oldest first: Map keeps insertion order.
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(sessionId, { state, until: now + ttlMs });
  }

  return {
    get,
    set,
    /** The remembered state, else one `read` shared by every caller until it settles (none with a TTL of 0). */
    load(sessionId: string, now: number, read: () => Promise<SessionState | undefined>): Promise<SessionState | undefined> {
      const hit = get(sessionId, now);
      if (hit) return Promise.resolve(hit);
      if (ttlMs <= 0) return read();
      const pending = loading.get(sessionId);
      if (pending) return pending;
      const started = epoch;
      const next = read()
        .then((state) => {
          if (state && epoch === started) set(sessionId, state, now);
          return state;
        })
        .finally(() => {
          if (loading.get(sessionId) === next) loading.delete(sessionId);
        });
      loading.set(sessionId, next);
      return next;
    },
    forgetSession(sessionId: string): void {
      entries.delete(sessionId);
      loading.delete(sessionId);
      epoch += 1;
    },
    forgetUser(userId: number): void {
      for (const [id, hit] of entries) if (hit.state.userId === userId) entries.delete(id);
      // A read under way does not say whose session it is: start every one afresh.
      loading.clear();
      epoch += 1;
    },
    get size(): number {
      return entries.size;
    },
  };
}

export type SessionStateCache = ReturnType<typeof createSessionStateCache>;
