import { expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newUser } from '../src/accounts.ts';
import { E2E_SERVER_BUILD } from '../src/global-setup.ts';
import { test } from '../src/harness.ts';
import { seedAccount } from '../src/seed-command.ts';
import { startServer } from '../src/server.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

const title =
  'admin: a K017 account is refused at sign-in, an admin made by the admin command approves it on /admin, then it signs in (en + ko)';

test(
  title,
  async (t) => {
    // Its own server: the admin and the waiting account are written into its DATA_DIR before it starts,
    // the admin by the operator's CLI and the waiting account by a test seed (no sign-up path ends there).
    const admin = newUser('admin-ops');
    const waiting = newUser('admin-k017');
    const server = await startServer(root, {
      prepare: (dataDir) => {
        const env = { ...process.env, DATA_DIR: dataDir };
        // The operator's command as a deployment runs it: the bundle's admin.js (docs/deploy.md).
        const cli = [join(E2E_SERVER_BUILD, 'admin.js'), 'create', '--email', admin.email, '--name', 'Operator', '--password-stdin'];
        const input = `${admin.password}\n`;
        const created = spawnSync(process.execPath, cli, { cwd: root, env, input, encoding: 'utf8' });
        expect(created.status, `admin create failed: ${created.stderr}`).toBe(0);
        expect(created.stdout).toMatch(/created admin/);
        seedAccount(dataDir, ['pending', waiting.email, waiting.password, waiting.name]);
      },
    });
    try {
      // The waiting account: K017's message on the sign-in page, and it stays there.
      const user = await t.newPage({ ...fromIp(waiting.ip), baseURL: server.baseUrl, locale: 'en-US' });
      await user.page.goto('/');
      await user.page.getByLabel('Email', { exact: true }).fill(waiting.email);
      await user.page.getByLabel('Password', { exact: true }).fill(waiting.password);
      await user.page.getByRole('button', { name: 'Sign in' }).click();
      await user.page.getByText('The account requires administrator authentication.').first().waitFor();
      expect(new URL(user.page.url()).pathname).toBe('/');
      await t.screenshot(user.page, 'admin-k017-sign-in-en');

      // The admin signs in normally; the user menu leads to the admin screen.
      const ops = await t.newPage({ ...fromIp(admin.ip), baseURL: server.baseUrl, locale: 'en-US' });
      const { page } = ops;
      await signInThroughUi(page, admin);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('admin-link').click();
      await page.waitForURL((u) => u.pathname === '/admin');
      await page.getByTestId('admin-screen').waitFor();
      await page.getByTestId('admin-filter').selectOption('pending');
      const row = page.locator(`[data-testid="admin-row"][data-email="${waiting.email}"]`);
      await row.waitFor();
      await expect(page.getByTestId('admin-row'), 'only the waiting account is pending').toHaveCount(1);
      await expect(row.getByTestId('admin-status')).toHaveText('Awaiting approval');
      await t.screenshot(page, 'admin-pending-en', { fullPage: true });

      await row.getByTestId('admin-approve').click();
      const dialog = page.getByTestId('admin-dialog');
      await dialog.waitFor();
      await expect(dialog).toContainText(`${waiting.email} is waiting for administrator authentication`, { useInnerText: true });
      await t.screenshot(page, 'admin-approve-dialog-en');
      await dialog.getByTestId('admin-dialog-confirm').click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(`${waiting.email} was updated.`).waitFor();
      await row.waitFor({ state: 'detached' });

      // The same list in Korean: the approved account is active now.
      await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
      await page.reload();
      await page.getByTestId('admin-screen').waitFor();
      const approved = page.locator(`[data-testid="admin-row"][data-email="${waiting.email}"]`);
      await approved.waitFor();
      await expect(approved.getByTestId('admin-status')).toHaveText('활성');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/계정/, { useInnerText: true });
      await t.screenshot(page, 'admin-accounts-ko', { fullPage: true });

      // The approved account signs in.
      await signInThroughUi(user.page, waiting);
      expect(new URL(user.page.url()).pathname).toBe('/list/0');
      // A normal account has no way in: no menu entry, and /admin says the page is for administrators.
      await user.page.getByTestId('user-menu').click();
      await expect(user.page.getByTestId('admin-link')).toHaveCount(0);
      await user.page.goto('/admin');
      await user.page.getByTestId('admin-forbidden').waitFor();
    } finally {
      await server.stop();
    }
  },
  { timeoutMs: 180_000 },
);
