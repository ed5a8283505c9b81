import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config/config';
import { AppError } from '../../errors/app-error';
import type { AuditLog, ClientInfo } from './audit';
import type { AuthRepository } from './auth.repository';
import { authError } from './parse-body';
import { randomToken, sha256Hex, signAccessToken, verifyAccessToken } from './tokens';

/** Who is calling: the user and their session (the refresh-token family id, the JWT's `sid`). */
export interface AuthContext {
  userId: number;
  sessionId: string;
}

export interface TokenPair {
  token: string;
  refreshToken: string;
}

/** Why a session ended; `duplicate_login` is what the older session's next call reports as J005. */
export type RevokeReason = 'duplicate_login' | 'logout' | 'refresh_token_reuse' | 'password_changed' | 'password_reset';

export interface SessionService {
  /** A new login: every other session of the user ends (spec J005), a new refresh family begins. */
  start(userId: number, client: ClientInfo): Promise<TokenPair>;
  /** Bearer check for every /api call; state comes from the database so all processes agree. */
  authenticate(token: string): Promise<AuthContext>;
  refresh(refreshToken: string, client: ClientInfo): Promise<TokenPair>;
  logout(context: AuthContext, client: ClientInfo): Promise<void>;
  revokeAllOf(userId: number, reason: RevokeReason, keep?: AuthContext): Promise<void>;
}

export function createSessionService(deps: {
  repository: AuthRepository;
  audit: AuditLog;
  accessSecret: string;
  auth: AppConfig['auth'];
}): SessionService {
  const { repository, audit, accessSecret, auth } = deps;

  const accessToken = (userId: number, sessionId: string) => signAccessToken(accessSecret, { userId, sessionId }, auth.accessTokenTtlS);

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
    if (state.expiresAt.getTime() <= Date.now() || state.userDeletedAt || state.userStatus !== 'active') throw new AppError('J001');
    if (state.userExpiresAt && state.userExpiresAt.getTime() <= Date.now()) throw authError('K024', 'auth.error.expiredAccount');
  }

  return {
    async start(userId, client) {
      await repository.revokeUserSessions(userId, 'duplicate_login');
      const familyId = randomUUID();
      const refreshToken = randomToken();
      await repository.createSession({
        id: randomUUID(),
        userId,
        familyId,
        refreshTokenHash: sha256Hex(refreshToken),
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 500) ?? null,
        expiresAt: new Date(Date.now() + auth.refreshTokenTtlS * 1000),
      });
      return { token: accessToken(userId, familyId), refreshToken };
    },

    async authenticate(token) {
      const checked = verifyAccessToken(accessSecret, token);
      if (!checked.ok) throw checked.reason === 'expired' ? new AppError('J002') : new AppError('J001');
      const state = await repository.findSessionState(checked.claims.sessionId);
      if (!state || state.userId !== checked.claims.userId) throw new AppError('J001');
      assertUsable(state);
      return checked.claims;
    },

    async refresh(refreshToken, client) {
      const row = await repository.findSessionByRefreshHash(sha256Hex(refreshToken));
      if (!row) throw new AppError('J001');
      if (row.replacedBy !== null && row.revokedAt === null) {
        // An already rotated token came back: whoever holds it may have stolen it. End the family.
        await repository.revokeFamily(row.familyId, 'refresh_token_reuse');
        await audit.record({ userId: row.userId, action: 'refresh_token_reuse', client, detail: { family: row.familyId } });
        throw new AppError('J001');
      }
      const state = await repository.findSessionState(row.familyId);
      if (!state) throw new AppError('J001');
      assertUsable(state);
      const next = {
        id: randomUUID(),
        userId: row.userId,
        familyId: row.familyId,
        refreshTokenHash: '',
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 500) ?? null,
        expiresAt: new Date(Date.now() + auth.refreshTokenTtlS * 1000),
      };
      const newRefresh = randomToken();
      next.refreshTokenHash = sha256Hex(newRefresh);
      if (!(await repository.rotateSession(row.id, next))) {
        // Lost a race with another use of the same token: treat it as reuse.
        await repository.revokeFamily(row.familyId, 'refresh_token_reuse');
        await audit.record({ userId: row.userId, action: 'refresh_token_reuse', client, detail: { family: row.familyId } });
        throw new AppError('J001');
      }
      return { token: accessToken(row.userId, row.familyId), refreshToken: newRefresh };
    },

    async logout(context, client) {
      await repository.revokeFamily(context.sessionId, 'logout');
      await audit.record({ userId: context.userId, action: 'logout', client });
    },

    async revokeAllOf(userId, reason, keep) {
      await repository.revokeUserSessions(userId, reason, keep?.sessionId);
    },
  };
}
