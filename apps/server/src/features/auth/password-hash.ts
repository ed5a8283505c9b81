import argon2 from 'argon2';
import type { PasswordHashProfile } from '../../config/password-hash-profiles';

/**
 * How passwords are hashed. `owasp`, always in production: argon2id with OWASP's minimum profile (19 MiB,
 * 2 passes), so a login costs tens of milliseconds, which keeps the login endpoint cheap to serve while
 * making stolen hashes expensive to crack. `test`: argon2id at 1 MiB and one pass, for the test suites
 * only (PASSWORD_HASH_PROFILE=test, which the configuration refuses unless NODE_ENV=test): they sign up
 * and sign in about 1,500 times a run, a tenth of the suites' CPU at the OWASP cost. A check reads the
 * cost from the stored hash, so either profile verifies every hash.
 */

const OPTIONS = {
  owasp: { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { type: argon2.argon2id, memoryCost: 1_024, timeCost: 1, parallelism: 1 },
} as const satisfies Record<PasswordHashProfile, argon2.Options>;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /**
   * Spends the same time as a real check when the email is unknown, so response time does not tell
   * whether an account exists (the dummy hash has this hasher's cost, as the stored ones do).
   */
  verifyAgainstDummy(password: string): Promise<false>;
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash is a failed check, not a server error.
    return false;
  }
}

export function createPasswordHasher(profile: PasswordHashProfile = 'owasp'): PasswordHasher {
  const options = OPTIONS[profile];
  const hash = (password: string) => argon2.hash(password, options);
  let dummyHash: Promise<string> | undefined;
  return {
    hash,
    verify: verifyPassword,
    async verifyAgainstDummy(password) {
      dummyHash ??= hash('dummy-password-for-timing');
      await verifyPassword(await dummyHash, password);
      return false;
    },
  };
}

const owasp = createPasswordHasher('owasp');

/** The production profile's hash, for the operator's commands and seeds that write an account outside the server. */
export function hashPassword(password: string): Promise<string> {
  return owasp.hash(password);
}
