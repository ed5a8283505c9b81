import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { E2E_SERVER_BUILD } from './global-setup.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs the test seed (seed-account.ts, bundled beside the server by global-setup.ts) on a DATA_DIR before
 * its server starts, e.g. `seedAccount(dataDir, ['pending', email, password, name])`.
 */
export function seedAccount(dataDir: string, args: string[]): void {
  const env = { ...process.env, DATA_DIR: dataDir };
  const seeded = spawnSync(process.execPath, [join(E2E_SERVER_BUILD, 'seed-account.js'), ...args], { cwd: root, env, encoding: 'utf8' });
  expect(seeded.status, `seed-account ${args[0]} failed: ${seeded.stderr}`).toBe(0);
}
