import { expect } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert } from '../src/expect.ts';
import { test } from '../src/harness.ts';
import { startServer } from '../src/server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

test("legal: footer and sign-up open the terms and privacy pages; without the operator's texts they are marked templates", async (t) => {
  const { page, context } = await t.newPage({ locale: 'en-US' });
  await page.goto('/');
  const footer = page.getByTestId('footer');
  await footer.getByText('© 2023 DDH Inc. All rights reserved.').waitFor();
  assert.equal(await footer.getByTestId('footer-udi').count(), 0, 'no UDI item while UDI_CODE is unset');
  assert.doesNotMatch(await footer.innerText(), /not set/);

  const opened = context.waitForEvent('page');
  await footer.getByRole('link', { name: 'Terms of service' }).click();
  const terms = await opened;
  await terms.waitForURL((u) => u.pathname === '/terms');
  await terms.getByRole('heading', { level: 1, name: 'Terms of service' }).waitFor();
  const note = terms.getByTestId('legal-template');
  await expect(note).toContainText(/Template: the operator of this service has not published its own text yet/, { useInnerText: true });
  await terms.getByRole('heading', { name: '3. Medical use' }).waitFor();
  assert.doesNotMatch(await terms.locator('main').innerText(), /not included in this build/);
  await t.screenshot(terms, 'legal-terms-en', { fullPage: true });

  // The sign-up agreements link to the same page.
  await page.goto('/signup');
  await expect(page.getByTestId('sign-up-agreements').getByRole('link').first()).toHaveAttribute('href', '/terms');

  // Korean: the Korean template, its heading and the note in Korean.
  const ko = await t.newPage({ locale: 'ko-KR' });
  await ko.page.goto('/privacy');
  await ko.page.getByRole('heading', { level: 1, name: '개인정보처리방침' }).waitFor();
  await expect(ko.page.getByTestId('legal-template')).toContainText(/견본: 이 서비스의 운영자가/, { useInnerText: true });
  assert.equal(await ko.page.getByTestId('legal-language').count(), 0);
  await t.screenshot(ko.page, 'legal-privacy-ko', { fullPage: true });

  // Vietnamese: no Vietnamese text is shipped: the English one, and the page says so in Vietnamese.
  const vi = await t.newPage({ locale: 'vi-VN' });
  await vi.page.goto('/terms');
  await vi.page.getByRole('heading', { level: 1, name: 'Terms of service' }).waitFor();
  assert.match(
    await vi.page.getByTestId('legal-language').innerText(),
    /Tài liệu này chưa có bằng ngôn ngữ của bạn\. Đang hiển thị bằng English\./,
  );
});

test(
  "legal: the operator's terms (LEGAL_DIR), company (COMPANY_NAME) and UDI code (UDI_CODE) reach the pages and the footer",
  async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'ceppro-e2e-legal-'));
    writeFileSync(
      join(dir, 'terms.en.md'),
      '# Clinic Cloud terms\n\nThese are **our** terms. Questions: [write to us](mailto:legal@example.com).\n',
    );
    writeFileSync(join(dir, 'terms.ko.md'), '# 클리닉 클라우드 이용약관\n\n운영자가 쓴 약관입니다.\n');
    const server = await startServer(root, {
      env: { LEGAL_DIR: dir, COMPANY_NAME: 'Clinic Cloud Ltd.', UDI_CODE: '(01)08800012345678(10)3.00' },
    });
    try {
      const { page } = await t.newPage({ baseURL: server.baseUrl, locale: 'en-US' });
      await page.goto('/terms');
      await page.getByRole('heading', { level: 1, name: 'Clinic Cloud terms' }).waitFor();
      assert.equal(await page.getByTestId('legal-template').count(), 0, "the operator's text is no template");
      await expect(page.getByRole('link', { name: 'write to us' })).toHaveAttribute('href', 'mailto:legal@example.com');
      const footer = page.getByTestId('footer');
      await footer.getByText('© 2023 Clinic Cloud Ltd. All rights reserved.').waitFor();
      assert.equal(await footer.getByTestId('footer-udi').innerText(), 'UDI code: (01)08800012345678(10)3.00');
      await t.screenshot(page, 'legal-operator-en', { fullPage: true });

      const ko = await t.newPage({ baseURL: server.baseUrl, locale: 'ko-KR' });
      await ko.page.goto('/terms');
      await ko.page.getByRole('heading', { level: 1, name: '클리닉 클라우드 이용약관' }).waitFor();
      assert.equal(await ko.page.getByTestId('footer').getByTestId('footer-udi').innerText(), 'UDI 코드: (01)08800012345678(10)3.00');
      await t.screenshot(ko.page, 'legal-operator-ko', { fullPage: true });
      // The operator wrote no privacy policy: the template, said to be one.
      await ko.page.goto('/privacy');
      await ko.page.getByTestId('legal-template').waitFor();
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
  { timeoutMs: 120_000 },
);
