import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createActivatedUser, newUser, validTaxId } from '../src/accounts.ts';
import { expect } from '@playwright/test';
import { expectTruthy } from '../src/expect-value.ts';
import { test } from '../src/harness.ts';
import { requireTool } from '../src/poppler.ts';
import { seedAccount } from '../src/seed-command.ts';
import { startServer } from '../src/server.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

test(
  'membership: a new account shows its trial, plan, price and next charge; cancelling asks with ' + 'the spec popup; Korean too',
  async (t) => {
    const user = newUser('membership');
    await createActivatedUser(t.baseUrl, user);
    const { page } = await t.newPage({ ...fromIp(user.ip), locale: 'en-US' });
    await signInThroughUi(page, user);

    await page.goto('/membership');
    const section = page.getByTestId('membership');
    await section.waitFor();
    await expect(page.getByTestId('membership-state')).toHaveText('Free trial');
    const text = await section.innerText();
    expect(text).toMatch(/Standard/);
    expect(text).toMatch(/₩50,000 a month/);
    expect(text).toMatch(/After the billing date, a subscription fee of ₩50,000 is charged \(one product excluded\)\./);
    expect(text).toMatch(/No charges yet\./);
    await expect(page.getByTestId('membership-next-charge')).toContainText(/^₩50,000 on /);
    await t.screenshot(page, 'membership-trial-en', { fullPage: true });

    // Cancel: the spec's confirm popup (the same one /test shows); "Keep subscription" changes nothing.
    await section.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(dialog).toContainText(/50,000 won/, { useInnerText: true });
    await dialog.getByRole('button', { name: 'Keep subscription' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(page.getByTestId('membership-state')).toHaveText('Free trial');

    await section.getByRole('button', { name: 'Cancel subscription' }).click();
    await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Subscription cancelled').waitFor();
    await expect(page.getByTestId('membership-state')).toHaveText('Cancelled');
    await expect(page.getByTestId('membership-next-charge')).toHaveText('None');
    await page.getByTestId('membership-access-ends').waitFor();
    await expect(section.getByRole('button', { name: 'Cancel subscription' }), 'nothing left to cancel').toHaveCount(0);

    // The state is the server's: a reload shows it, and in Korean.
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
    await page.reload();
    await section.waitFor();
    await expect(page.getByTestId('membership-state')).toHaveText('해지됨');
    await expect(page.getByTestId('membership-next-charge')).toHaveText('없음');
    // Nothing will be charged any more, so the fee notice is gone.
    await expect(section).not.toHaveText(/구독료/, { useInnerText: true });
    await t.screenshot(page, 'membership-cancelled-ko', { fullPage: true });
  },
);

const billingTitle =
  'membership billing: the trial ended, the tax invoice is issued, mailed with its PDF and listed with a download; Korean too';

test(
  billingTitle,
  async (t) => {
    // Its own server: the account's trial is seeded as ended (the browser cannot move the server's
    // clock); the server's first billing run issues and mails the invoice.
    const user = newUser('billing');
    const taxNumber = validTaxId();
    const taxEmail = `tax-${user.email}`;
    const server = await startServer(root, {
      prepare: (dataDir) => {
        const account = [user.email, user.password, user.name, taxNumber, taxEmail, '서울바른치과의원'];
        seedAccount(dataDir, ['billed', ...account]);
      },
    });
    try {
      const { page } = await t.newPage({ ...fromIp(user.ip), baseURL: server.baseUrl, locale: 'en-US' });
      await signInThroughUi(page, user);
      await page.goto('/membership');
      const section = page.getByTestId('membership');
      await section.waitFor();
      await expect(page.getByTestId('membership-state')).toHaveText('Active');
      const row = page.getByTestId('membership-invoice');
      await row.first().waitFor();
      await expect(row).toHaveCount(1);
      const rowText = await row.innerText();
      const number = /CP-\d{6}-\d{6}/.exec(rowText)?.[0];
      expectTruthy(number, `an invoice number in "${rowText}"`);
      expect(rowText).toMatch(/₩50,000/);
      expect(rowText).toMatch(/Tax invoice/);
      expect(rowText).toMatch(/Issued/);
      const written = `${taxNumber.slice(0, 3)}-${taxNumber.slice(3, 5)}-${taxNumber.slice(5)}`;
      await expect(page.getByTestId('membership-tax-number')).toHaveText(written);
      await t.screenshot(page, 'membership-billing-en', { fullPage: true });

      // The PDF download: the invoice as the server renders it, Korean text readable.
      // The server renders the PDF: more than the context's 10 s default on a loaded machine.
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        row.getByRole('button', { name: 'PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`ceppro-invoice-${number}.pdf`);
      const file = join(server.dataDir, 'invoice-download.pdf');
      await download.saveAs(file);
      requireTool('/usr/bin/pdftotext');
      const text = execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      for (const piece of ['세금계산서', number, '50,000', '서울바른치과의원']) expect(text, `"${piece}" in the PDF`).toContain(piece);

      // The same invoice went to the tax email given at sign-up, with the PDF attached.
      const outbox = join(server.dataDir, 'outbox');
      const emls = () => (existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []);
      const mails = () => emls().map((f) => readFileSync(join(outbox, f), 'utf8'));
      const toTaxEmail = () => mails().find((m) => m.includes(taxEmail)) ?? '';
      // The outbox is files on disk, not the page: polled.
      await expect.poll(() => toTaxEmail() !== '', { message: `the invoice mail to ${taxEmail}` }).toBe(true);
      const mail = toTaxEmail();
      expect(mail).toMatch(new RegExp(`filename=.?ceppro-invoice-${number}\\.pdf`));

      await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
      await page.reload();
      await section.waitFor();
      await expect(page.getByTestId('membership-state')).toHaveText('이용 중');
      const koRow = await page.getByTestId('membership-invoice').innerText();
      expect(koRow).toMatch(/세금계산서/);
      expect(koRow).toMatch(/발행/);
      await t.screenshot(page, 'membership-billing-ko', { fullPage: true });
    } finally {
      await server.stop();
    }
  },
  { timeoutMs: 150_000 },
);
