import { expect } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '../src/harness.ts';
import { startServer } from '../src/server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

test("legal: footer and sign-up open the terms and privacy pages; without the operator's texts they are marked templates", async (t) => {
  const { page, context } = await t.newPage({ locale: 'en-US' });
  await page.goto('/');
  const footer = page.getByTestId('footer');
  await footer.getByText('© 2023 DDH Inc. All rights reserved.').waitFor();
  await expect(footer.getByTestId('footer-udi'), 'no UDI item while UDI_CODE is unset').toHaveCount(0);
  await expect(footer).not.toHaveText(/not set/, { useInnerText: true });

  const opened = context.waitForEvent('page');
  await footer.getByRole('link', { name: 'Terms of service' }).click();
  const terms = await opened;
  await terms.waitForURL((u) => u.pathname === '/terms');
  await terms.getByRole('heading', { level: 1, name: 'Terms of service' }).waitFor();
  const note = terms.getByTestId('legal-template');
  await expect(note).toContainText(/Template: the operator of this service has not published its own text yet/, { useInnerText: true });
  await terms.getByRole('heading', { name: '3. Medical use' }).waitFor();
  await expect(terms.locator('main')).not.toHaveText(/not included in this build/, { useInnerText: true });
  await t.screenshot(terms, 'legal-terms-en', { fullPage: true });

  // The sign-up agreements link to the same page.
  await page.goto('/signup');
  await expect(page.getByTestId('sign-up-agreements').getByRole('link').first()).toHaveAttribute('href', '/terms');

  // Korean: the Korean template, its heading and the note in Korean.
  const ko = await t.newPage({ locale: 'ko-KR' });
  await ko.page.goto('/privacy');
  await ko.page.getByRole('heading', { level: 1, name: '개인정보처리방침' }).waitFor();
  await expect(ko.page.getByTestId('legal-template')).toContainText(/견본: 이 서비스의 운영자가/, { useInnerText: true });
  await expect(ko.page.getByTestId('legal-language')).toHaveCount(0);
  await t.screenshot(ko.page, 'legal-privacy-ko', { fullPage: true });

  // Vietnamese: no Vietnamese text is shipped: the English one, and the page says so in Vietnamese.
  const vi = await t.newPage({ locale: 'vi-VN' });
  await vi.page.goto('/terms');
  await vi.page.getByRole('heading', { level: 1, name: 'Terms of service' }).waitFor();
  await expect(vi.page.getByTestId('legal-language')).toHaveText(
    /Tài liệu này chưa có bằng ngôn ngữ của bạn\. Đang hiển thị bằng English\./,
    { useInnerText: true },
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
      await expect(page.getByTestId('legal-template'), "the operator's text is no template").toHaveCount(0);
      await expect(page.getByRole('link', { name: 'write to us' })).toHaveAttribute('href', 'mailto:legal@example.com');
      const footer = page.getByTestId('footer');
      await footer.getByText('© 2023 Clinic Cloud Ltd. All rights reserved.').waitFor();
      await expect(footer.getByTestId('footer-udi')).toHaveText('UDI code: (01)08800012345678(10)3.00', { useInnerText: true });
      await t.screenshot(page, 'legal-operator-en', { fullPage: true });

      const ko = await t.newPage({ baseURL: server.baseUrl, locale: 'ko-KR' });
      await ko.page.goto('/terms');
      await ko.page.getByRole('heading', { level: 1, name: '클리닉 클라우드 이용약관' }).waitFor();
      await expect(ko.page.getByTestId('footer').getByTestId('footer-udi')).toHaveText('UDI 코드: (01)08800012345678(10)3.00', {
        useInnerText: true,
      });
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
