import { loadConfig } from '../../apps/server/src/config/config.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { createAuthRepository } from '../../apps/server/src/features/auth/auth.repository.ts';
import { hashPassword } from '../../apps/server/src/features/auth/password-hash.ts';
import { DEFAULT_USER_CONFIG } from '../../apps/server/src/features/auth/signup.service.ts';

/**
 * Test setup for e2e/tests/admin.test.ts, run on a DATA_DIR before its server starts:
 *   node --import tsx e2e/src/seed-pending-account.ts <email> <password> <name>
 * An account that confirmed its email and now waits for administrator authentication (K017). The
 * product has no sign-up path that ends there yet (the spec does not say which accounts need it).
 */
async function main([email, password, name]: string[]): Promise<void> {
  if (!email || !password || !name) throw new Error('usage: seed-pending-account.ts <email> <password> <name>');
  const database = await openDatabase(loadConfig(process.env).database);
  try {
    await database.migrate();
    const now = new Date();
    await createAuthRepository(database.db).createUser(
      {
        email,
        firstName: name,
        passwordHash: await hashPassword(password),
        passwordChangedAt: now,
        userTypeCd: '00002',
        status: 'pending_admin',
        emailVerifiedAt: now,
        companyName: 'E2E Dental Lab',
        termsAgreedAt: now,
        privacyAgreedAt: now,
      },
      DEFAULT_USER_CONFIG,
    );
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
