/** What the bearer check reads about a session (auth.repository.ts findSessionState). */
export interface SessionState {
  userId: number;
  revokedAt: Date | null;
  revokedReason: string | null;
  expiresAt: Date;
  userStatus: string;
  userExpiresAt: Date | null;
  userDeletedAt: Date | null;
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
  return {
    get(sessionId: string, now: number): SessionState | undefined {
      const hit = entries.get(sessionId);
      if (!hit) return undefined;
      if (hit.until > now) return hit.state;
      entries.delete(sessionId);
      return undefined;
    },
    set(sessionId: string, state: SessionState, now: number): void {
      if (ttlMs <= 0) return;
      entries.delete(sessionId);
      // Oldest first: Map keeps insertion order.
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(sessionId, { state, until: now + ttlMs });
    },
    forgetSession(sessionId: string): void {
      entries.delete(sessionId);
    },
    forgetUser(userId: number): void {
      for (const [id, hit] of entries) if (hit.state.userId === userId) entries.delete(id);
    },
    get size(): number {
      return entries.size;
    },
  };
}

export type SessionStateCache = ReturnType<typeof createSessionStateCache>;
