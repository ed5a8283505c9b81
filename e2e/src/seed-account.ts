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
const USAGE = [
  'usage: seed-account.ts pending <email> <password> <name>',
  '       seed-account.ts billed <email> <password> <name> <taxNumber> <taxEmail> <company>',
].join('\n');

/**
 * Test setup for browser tests that need an account the product's screens cannot make quickly, run
 * on a DATA_DIR before its server starts (`seedAccount` in seed-command.ts runs its bundle):
 *   pending  an account that confirmed its email and now waits for administrator authentication
 *            (K017; e2e/tests/admin.test.ts). No sign-up path ends there yet (the spec does not say
 *            which accounts need it).
 *   billed   an active account whose 30-day trial began 31 days ago: the server's first billing run
 *            (at start) issues its first tax invoice (e2e/tests/membership.test.ts). The browser
 *            cannot move the server's clock, so time is set here.
 */
async function main([kind, email, password, name, taxNumber, taxEmail, company]: string[]): Promise<void> {
  const billed = kind === 'billed';
  if ((kind !== 'pending' && !billed) || !email || !password || !name) throw new Error(USAGE);
  if (billed && (!taxNumber || !taxEmail || !company)) throw new Error(USAGE);
  const database = await openDatabase(loadConfig(process.env).database);
  try {
    await database.migrate();
    const now = new Date();
    const common = { email, firstName: name, passwordHash: await hashPassword(password), passwordChangedAt: now, emailVerifiedAt: now };
    const agreed = { termsAgreedAt: now, privacyAgreedAt: now, ...common };
    const billedAccount = { userTypeCd: '00001', status: 'active', companyName: company, taxNumber, taxVerifiedAt: now, taxEmail } as const;
    const pendingAccount = { userTypeCd: '00002', status: 'pending_admin', companyName: 'E2E Dental Lab' } as const;
    const account = { ...agreed, ...(billed ? billedAccount : pendingAccount) };
    const user = await createAuthRepository(database.db).createUser(account, DEFAULT_USER_CONFIG);
    if (billed) {
      const trial = startTrial(now.getTime() - 31 * DAY, PLAN.trialDays);
      await database.db.insert(subscriptions).values({ userId: user.id, plan: PLAN.name, priceWon: PLAN.priceWon, ...toColumns(trial) });
    }
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
