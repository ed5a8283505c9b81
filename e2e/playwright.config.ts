import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The browser suite on @playwright/test (`node e2e/run.mjs [name filter]` or `npm run test:e2e`).
 * E2E_WORKERS sets the parallel workers (default 2); each worker starts its own server with its
 * own port and DATA_DIR (e2e/src/harness.ts). Debian's Chromium (CHROMIUM_PATH), headless, with
 * nothing that reaches out to the network on its own; never `npx playwright install`.
 */
export default defineConfig({
  testDir: join(here, 'tests'),
  testMatch: '**/*.test.ts',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 45_000,
  forbidOnly: true,
  globalSetup: join(here, 'src/global-setup.ts'),
  outputDir: join(here, '../tmp/e2e-results'),
  reporter: [[join(here, 'src/summary-reporter.ts')]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
