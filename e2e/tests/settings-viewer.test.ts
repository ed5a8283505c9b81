import { expect, type Page } from '@playwright/test';
import { expectAtLeast } from '../src/expect.ts';
import { test } from '../src/harness.ts';
import { cephalogramPath } from '../src/patients-api.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';
import { datasetUser } from '../src/viewer-steps.ts';

const drawn = (page: Page, id: string) => page.locator(`[data-testid="landmark"][data-id="${id}"]`);

test(
  'settings: the landmark list, the guide line and the standard analysis (spec point 2) are saved and the viewer opens with them',
  async (t) => {
    const { user, api } = await datasetUser(t, 'settings-viewer');
    const { chartUuid } = await api.createPatient(
      { first_name: 'Settings Cho', birth_info: '1988-04-05', gender: true },
      { ceph: cephalogramPath(3), shootDate: '2025-09-01' },
    );
    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1280, height: 900 } });
    await signInThroughUi(page, user);

    // Before: the viewer shows every landmark, tracing on, and opens the first standard analysis.
    await page.goto(`/viewer/${chartUuid}`);
    await drawn(page, 'Ba').waitFor();
    await page.getByTestId('tracing-layer').waitFor();

    await page.goto('/setting');
    const form = page.getByTestId('settings-form');
    await form.waitFor();
    const landmarks = page.getByTestId('settings-landmarks');
    await expect(landmarks).toContainText(/Landmarks[\s\S]*Skeletal[\s\S]*Dental[\s\S]*Soft tissue/i, { useInnerText: true });
    // Named as in the viewer's list: short name and full name.
    await expect(landmarks.locator('label', { has: page.getByTestId('settings-landmark-Ls') })).toContainText(/Ls\s*Labrale superius/, {
      useInnerText: true,
    });
    await page.getByTestId('settings-landmark-Ba').uncheck();
    await page.getByTestId('settings-landmark-Bo').uncheck();
    await page.getByTestId('settings-tracing').uncheck();
    await expect(page.getByTestId('settings-guideline')).toContainText(/Guide line/, { useInnerText: true });
    await page.getByTestId('settings-standard-analysis').selectOption({ label: 'Downs' });
    await t.screenshot(page, 'settings-landmarks-guide-standard-en', { fullPage: true });
    await page.getByTestId('settings-save').click();
    await page.getByTestId('toast').filter({ hasText: 'Settings saved' }).waitFor();

    await page.goto(`/viewer/${chartUuid}`);
    await expectAtLeast(page.getByTestId('landmark'), 17, { message: 'the other landmarks drawn', timeout: 20_000 });
    await expect(drawn(page, 'Ba'), 'Ba hidden by Settings').toHaveCount(0);
    await expect(drawn(page, 'Bo'), 'Bo hidden by Settings').toHaveCount(0);
    await expect(page.getByTestId('tracing-layer'), 'guide lines off when the chart opens').toHaveCount(0);
    // A hidden landmark still shows once selected in the list.
    await page.locator('[data-testid="landmark-item"][data-id="Ba"]').click();
    await drawn(page, 'Ba').waitFor();
    await page.getByTestId('panel-tab-analysis').click();
    const select = page.getByTestId('analysis-select');
    await select.waitFor();
    await expect(select.locator('option:checked')).toContainText(/Downs/, { useInnerText: true });
    await t.screenshot(page, 'settings-applied-viewer-en');

    // Korean: the same form in Korean, the landmark names the viewer's Korean ones.
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
    await page.goto('/setting');
    await page.getByRole('group', { name: '랜드마크' }).first().waitFor();
    await expect(page.getByTestId('settings-landmark-Ba'), 'kept after a reload').not.toBeChecked();
    await expect(page.getByTestId('settings-landmarks')).toContainText(/셀라/, { useInnerText: true });
    await expect(page.getByTestId('settings-guideline')).toContainText(/가이드 라인/, { useInnerText: true });
    await expect(page.getByTestId('settings-standard')).toContainText(/표준 분석법/, { useInnerText: true });
    await t.screenshot(page, 'settings-landmarks-guide-standard-ko', { fullPage: true });
  },
  { timeoutMs: 150_000 },
);
