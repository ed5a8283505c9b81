import type { ErrorCode } from '@ceppro/contract';
import { actorFromMembership } from '../../access/index';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config/config';
import { AppError } from '../../errors/app-error';
import type { EventBus, SessionScope } from '../../realtime/event-bus';
import type { AuditLog, ClientInfo } from './audit';
import type { AuthRepository } from './auth.repository';
import { createSessionStateCache, type SessionState } from './session-cache';
import { authError } from '../../http/parse-body';
import type { AuthContext } from '../../http/require-user';
import { randomToken, sha256Hex, signAccessToken, successorRefreshToken, verifyAccessToken } from './tokens';

/** Who is calling: the user and their session (the refresh-token family id, the JWT's `sid`). */
export type { AuthContext };

export interface TokenPair {
  token: string;
  refreshToken: string;
}

/** Why a session ended; `duplicate_login` is what the older session's next call reports as J005. */
export type RevokeReason = 'duplicate_login' | 'logout' | 'refresh_token_reuse' | 'password_changed' | 'password_reset';

/** What a session's next call gets once it ended for `reason` (see assertUsable). */
const codeOnRevoke = (reason: RevokeReason): ErrorCode => (reason === 'duplicate_login' ? 'J005' : 'J001');

export interface SessionService {
  /** A new login: every other session of the user ends (spec J005), a new refresh family begins. */
  start(userId: number, client: ClientInfo): Promise<TokenPair>;
  /**
   * Bearer check for every /api call; state comes from the database so all processes agree, reused
   * for at most a couple of seconds (session-cache.ts: this process's own revocations apply at once).
   */
  authenticate(token: string): Promise<AuthContext>;
  /**
   * `authenticate` for a connection that outlives a request (the WebSocket), with the instant its
   * session ends by itself: the access token's expiry (J002) or the account's (K024).
   */
  authenticateConnection(token: string): Promise<{ context: AuthContext; endsAt: number }>;
  refresh(refreshToken: string, client: ClientInfo): Promise<TokenPair>;
  logout(context: AuthContext, client: ClientInfo): Promise<void>;
  revokeAllOf(userId: number, reason: RevokeReason, keep?: AuthContext): Promise<void>;
  /**
   * The user's space or role changed (features/clinics: a switch, a removal, a role change): this
   * process forgets their sessions' cached state, so the next request reads the new actor. Other
   * processes see it within the cache's TTL (session-cache.ts).
   */
  spaceChanged(userId: number): void;
}

export function createSessionService(deps: {
  repository: AuthRepository;
  audit: AuditLog;
  accessSecret: string;
  /** Keys the derivation of rotated refresh tokens (tokens.ts successorRefreshToken). */
  refreshSecret: string;
  auth: AppConfig['auth'];
  clock: Clock;
  /** Tells the user's sockets, in every process, that sessions ended. */
  events: Pick<EventBus, 'publish'>;
  log: FastifyBaseLogger;
  /** How long the bearer check reuses a session's stored state (session-cache.ts); 0 reads it every time. */
  stateCacheMs?: number;
}): SessionService {
  const { repository, audit, accessSecret, refreshSecret, auth, clock, events, log } = deps;
  const cache = createSessionStateCache(deps.stateCacheMs);
  const graceMs = auth.refreshReuseGraceS * 1000;

  const accessToken = (userId: number, sessionId: string, issuedAtMs: number) =>
    signAccessToken(accessSecret, { userId, sessionId }, auth.accessTokenTtlS, issuedAtMs);

  /** After the revocation is stored: the sockets of those sessions close (features/realtime). */
  async function announceEnd(userId: number, code: ErrorCode, scope: SessionScope): Promise<void> {
    await events.publish(userId, { kind: 'session-ended', code, scope }).catch((error: unknown) => {
      // The sockets' own periodic session check still closes them, within a minute.
      log.warn({ err: error }, 'session end not published');
    });
  }

  async function revokeAsReuse(row: { userId: number; familyId: string }, client: ClientInfo): Promise<never> {
    // An already rotated token came back: whoever holds it may have stolen it. End the family.
    await repository.revokeFamily(row.familyId, 'refresh_token_reuse');
    cache.forgetSession(row.familyId);
    await audit.record({ userId: row.userId, action: 'refresh_token_reuse', client, detail: { family: row.familyId } });
    await announceEnd(row.userId, 'J001', { session: row.familyId });
    throw new AppError('J001');
  }

  /**
   * A rotated token presented again. Inside the grace window, while its successor is still the
   * family's live token, the caller gets the pair the rotation gave out (both are derived, not
   * stored: the refresh token from the old one, the access token from the rotation time).
   * Otherwise it is reuse.
   */
  async function repeatRotation(
    row: { userId: number; familyId: string; replacedBy: string | null; lastUsedAt: Date | null },
    presented: string,
    client: ClientInfo,
  ): Promise<TokenPair> {
    const now = clock.now();
    const rotatedAt = row.lastUsedAt?.getTime();
    const successor = row.replacedBy === null ? undefined : await repository.findSessionById(row.replacedBy);
    const refreshToken = successorRefreshToken(refreshSecret, presented);
    const repeatable =
      rotatedAt !== undefined &&
      now - rotatedAt <= graceMs &&
      successor !== undefined &&
      successor.replacedBy === null &&
      successor.revokedAt === null &&
      successor.refreshTokenHash === sha256Hex(refreshToken);
    if (!repeatable) return revokeAsReuse(row, client);
    const state = await repository.findSessionState(row.familyId);
    if (!state) throw new AppError('J001');
    assertUsable(state);
    return { token: accessToken(row.userId, row.familyId, rotatedAt), refreshToken };
  }

  /** The checks every use of a session makes: not revoked, not expired, account still usable. */
  function assertUsable(state: {
    revokedAt: Date | null;
    revokedReason: string | null;
    expiresAt: Date;
    userStatus: string;
    userExpiresAt: Date | null;
    userDeletedAt: Date | null;
  }): void {
    if (state.revokedAt) {
      if (state.revokedReason === 'duplicate_login') throw authError('J005', 'auth.error.duplicateLogin');
      throw new AppError('J001');
    }
    if (state.expiresAt.getTime() <= clock.now() || state.userDeletedAt || state.userStatus !== 'active') throw new AppError('J001');
    if (state.userExpiresAt && state.userExpiresAt.getTime() <= clock.now()) throw authError('K024', 'auth.error.expiredAccount');
  }

  /** `fresh`: read the stored state even if this process saw it a moment ago (a socket's start). */
  async function check(token: string, fresh = false) {
    const now = clock.now();
    const checked = verifyAccessToken(accessSecret, token, now);
    if (!checked.ok) throw checked.reason === 'expired' ? new AppError('J002') : new AppError('J001');
    const { sessionId } = checked.claims;
    const read = () => repository.findSessionState(sessionId);
    let state: SessionState | undefined;
    if (fresh) {
      state = await read();
      if (state) cache.set(sessionId, state, now);
    } else {
      state = await cache.load(sessionId, now, read);
    }
    if (!state || state.userId !== checked.claims.userId) throw new AppError('J001');
    assertUsable(state);
    const endsAt = Math.min(checked.expiresAtMs, state.userExpiresAt?.getTime() ?? Infinity, state.expiresAt.getTime());
    // The actor comes with the session's state (one read, cached with it): no query of its own per request.
    const actor = actorFromMembership(state.userId, { clinicId: state.clinicId ?? null, role: state.clinicRole ?? null });
    return { context: { ...checked.claims, actor }, endsAt };
  }

  return {
    async start(userId, client) {
      const familyId = randomUUID();
      const refreshToken = randomToken();
      const now = clock.now();
      // Atomic: of two logins at the same instant, the later one ends the earlier (only one survives).
      await repository.replaceUserSessions(
        {
          id: randomUUID(),
          userId,
          familyId,
          refreshTokenHash: sha256Hex(refreshToken),
          ip: client.ip,
          userAgent: client.userAgent?.slice(0, 500) ?? null,
          expiresAt: new Date(now + auth.refreshTokenTtlS * 1000),
        },
        'duplicate_login',
      );
      cache.forgetUser(userId);
      await announceEnd(userId, codeOnRevoke('duplicate_login'), { allBut: familyId });
      return { token: accessToken(userId, familyId, now), refreshToken };
    },

    async authenticate(token) {
      return (await check(token)).context;
    },

    authenticateConnection: (token) => check(token, true),

    async refresh(refreshToken, client) {
      const hash = sha256Hex(refreshToken);
      const row = await repository.findSessionByRefreshHash(hash);
      if (!row) throw new AppError('J001');
      if (row.replacedBy !== null && row.revokedAt === null) return repeatRotation(row, refreshToken, client);
      const state = await repository.findSessionState(row.familyId);
      if (!state) throw new AppError('J001');
      assertUsable(state);
      const now = clock.now();
      const newRefresh = successorRefreshToken(refreshSecret, refreshToken);
      const next = {
        id: randomUUID(),
        userId: row.userId,
        familyId: row.familyId,
        refreshTokenHash: sha256Hex(newRefresh),
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 500) ?? null,
        expiresAt: new Date(now + auth.refreshTokenTtlS * 1000),
      };
      if (!(await repository.rotateSession(row.id, next, new Date(now)))) {
        // Another use of the same token rotated it first (a second tab): a repeat, as above.
        const rotated = await repository.findSessionByRefreshHash(hash);
        if (rotated && rotated.replacedBy !== null && rotated.revokedAt === null) return repeatRotation(rotated, refreshToken, client);
        return revokeAsReuse(row, client);
      }
      return { token: accessToken(row.userId, row.familyId, now), refreshToken: newRefresh };
    },

    async logout(context, client) {
      await repository.revokeFamily(context.sessionId, 'logout');
      cache.forgetSession(context.sessionId);
      await audit.record({ userId: context.userId, action: 'logout', client });
      await announceEnd(context.userId, codeOnRevoke('logout'), { session: context.sessionId });
    },

    spaceChanged(userId) {
      cache.forgetUser(userId);
    },

    async revokeAllOf(userId, reason, keep) {
      await repository.revokeUserSessions(userId, reason, keep?.sessionId);
      cache.forgetUser(userId);
      await announceEnd(userId, codeOnRevoke(reason), { allBut: keep?.sessionId ?? null });
    },
  };
}
