/**
 * The values PASSWORD_HASH_PROFILE accepts; features/auth/password-hash.ts holds what each costs. The list
 * lives here because configuration is read before any feature is wired and imports none.
 */
export const PASSWORD_HASH_PROFILES = ['owasp', 'test'] as const;
export type PasswordHashProfile = (typeof PASSWORD_HASH_PROFILES)[number];
