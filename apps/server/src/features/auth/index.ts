/**
 * The public surface of features/auth: what other features (account, admin) and the command-line
 * tools may use. Everything else in this folder is internal (eslint.config.js, server-boundaries block).
 */
export type { AuditLog } from './audit';
export type { AuthMails } from './auth-mail';
export { createAuthRepository, type AuthRepository, type UserPatch, type UserRow } from './auth.repository';
export { passwordChangeDueAt, toAuthUser } from './auth-user';
export { registerMailedLink } from './link-routes';
export { LINK_TTL_S, type LinkUrls } from './login.service';
export { hashPassword, verifyPassword, type PasswordHasher } from './password-hash';
export { RATE_RULES, type RateLimiter } from './rate-limit';
export type { AuthContext, SessionService } from './session.service';
export { DEFAULT_USER_CONFIG } from './signup.service';
export { signProof, verifyProof } from './tokens';
export { SMS_CODE_TTL_S, type VerificationService } from './verification.service';
export type { AuthSurface } from './auth.feature';
