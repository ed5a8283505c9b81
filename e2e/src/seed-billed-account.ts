import { loadConfig } from '../../apps/server/src/config/config.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { subscriptions } from '../../apps/server/src/db/schema/index.ts';
import { createAuthRepository } from '../../apps/server/src/features/auth/auth.repository.ts';
import { hashPassword } from '../../apps/server/src/features/auth/password-hash.ts';
import { DEFAULT_USER_CONFIG } from '../../apps/server/src/features/auth/signup.service.ts';
import { toColumns } from '../../apps/server/src/features/membership/membership-view.ts';
import { PLAN } from '../../apps/server/src/features/membership/membership.service.ts';
import { startTrial } from '../../apps/server/src/features/membership/subscription-state.ts';

const DAY = 86_400_000;

/**
 * Test setup for e2e/tests/membership.test.ts, run on a DATA_DIR before its server starts:
 *   node --import tsx e2e/src/seed-billed-account.ts <email> <password> <name> <taxNumber> <taxEmail> <company>
 * An active account whose 30-day trial began 31 days ago: the server's first billing run (at start)
 * issues its first tax invoice. The browser cannot move the server's clock, so time is set here.
 */
async function main([email, password, name, taxNumber, taxEmail, company]: string[]): Promise<void> {
  if (!email || !password || !name || !taxNumber || !taxEmail || !company) {
    throw new Error('usage: seed-billed-account.ts <email> <password> <name> <taxNumber> <taxEmail> <company>');
  }
  const database = await openDatabase(loadConfig(process.env).database);
  try {
    await database.migrate();
    const now = new Date();
    const user = await createAuthRepository(database.db).createUser(
      {
        email,
        firstName: name,
        passwordHash: await hashPassword(password),
        passwordChangedAt: now,
        userTypeCd: '00001',
        status: 'active',
        emailVerifiedAt: now,
        companyName: company,
        taxNumber,
        taxVerifiedAt: now,
        taxEmail,
        termsAgreedAt: now,
        privacyAgreedAt: now,
      },
      DEFAULT_USER_CONFIG,
    );
    const trial = startTrial(now.getTime() - 31 * DAY, PLAN.trialDays);
    await database.db.insert(subscriptions).values({ userId: user.id, plan: PLAN.name, priceWon: PLAN.priceWon, ...toColumns(trial) });
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
