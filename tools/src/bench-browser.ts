import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { loadConfig } from '../../apps/server/src/config/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { seedBenchData, type SeededUser } from './bench-api-seed';

/** The browser benches' Chromium: CHROMIUM_PATH, else the system's. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
];

/**
 * Headless Chromium with its profile in `userDataDir`, a 1600 x 1000 window in en-US, pages relative
 * to `base`, and the cookie notice already agreed to; `extraArgs` follow the usual switches.
 */
export async function launchBenchBrowser(userDataDir: string, base: string, extraArgs: readonly string[] = []): Promise<BrowserContext> {
  const browser = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    viewport: { width: 1600, height: 1000 },
    locale: 'en-US',
    baseURL: base,
  });
  await browser.addCookies([{ name: 'cookieAgreement', value: 'true', url: base }]);
  return browser;
}

/** Signs in through the sign-in form, as a user does, and waits for the first list page. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/list/0', { timeout: 30_000 });
}

/** Migrates the database `env` names and seeds the one user (no patients) a browser bench signs in as. */
export async function seedOneUser(env: NodeJS.ProcessEnv, password: string): Promise<SeededUser> {
  const database = await openDatabase(loadConfig(env).database);
  await database.migrate();
  const [user] = await seedBenchData(database.db, { mainPatients: 0, otherUsers: 0, otherPatients: 0 }, password);
  await database.close();
  if (!user) throw new Error('seeding made no user');
  return user;
}
