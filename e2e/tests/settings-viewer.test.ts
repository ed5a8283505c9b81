import type { Page } from 'playwright-core';
import { createActivatedUser, newUser } from '../src/accounts.ts';
import { assert, eventually } from '../src/expect.ts';
import { skip, test } from '../src/harness.ts';
import { PatientsApi, cephalogramPath, datasetDir } from '../src/patients-api.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';

const drawn = (page: Page, id: string) => page.locator(`[data-testid="landmark"][data-id="${id}"]`);

test(
  'settings: the landmark list, the guide line and the standard analysis (spec point 2) are saved and the viewer opens with them',
  async (t) => {
    if (!datasetDir()) skip('the ISBI 2015 dataset is absent (set CEPH_DATASET_DIR or provide ../shared/datasets/isbi2015)');
    const user = newUser('settings-viewer');
    await createActivatedUser(t.baseUrl, user);
    const api = new PatientsApi(t.baseUrl, user);
    await api.login();
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
    assert.match(await landmarks.innerText(), /Landmarks[\s\S]*Skeletal[\s\S]*Dental[\s\S]*Soft tissue/i);
    // Named as in the viewer's list: short name and full name.
    assert.match(await landmarks.locator('label', { has: page.getByTestId('settings-landmark-Ls') }).innerText(), /Ls\s*Labrale superius/);
    await page.getByTestId('settings-landmark-Ba').uncheck();
    await page.getByTestId('settings-landmark-Bo').uncheck();
    await page.getByTestId('settings-tracing').uncheck();
    assert.match(await page.getByTestId('settings-guideline').innerText(), /Guide line/);
    await page.getByTestId('settings-standard-analysis').selectOption({ label: 'Downs' });
    await t.screenshot(page, 'settings-landmarks-guide-standard-en', { fullPage: true });
    await page.getByTestId('settings-save').click();
    await page.getByTestId('toast').filter({ hasText: 'Settings saved' }).waitFor();

    await page.goto(`/viewer/${chartUuid}`);
    await eventually(
      () => page.getByTestId('landmark').count(),
      (n) => n >= 17,
      'the other landmarks drawn',
      20_000,
    );
    assert.equal(await drawn(page, 'Ba').count(), 0, 'Ba hidden by Settings');
    assert.equal(await drawn(page, 'Bo').count(), 0, 'Bo hidden by Settings');
    assert.equal(await page.getByTestId('tracing-layer').count(), 0, 'guide lines off when the chart opens');
    // A hidden landmark still shows once selected in the list.
    await page.locator('[data-testid="landmark-item"][data-id="Ba"]').click();
    await drawn(page, 'Ba').waitFor();
    await page.getByTestId('panel-tab-analysis').click();
    const select = page.getByTestId('analysis-select');
    await select.waitFor();
    assert.match(await select.locator('option:checked').innerText(), /Downs/);
    await t.screenshot(page, 'settings-applied-viewer-en');

    // Korean: the same form in Korean, the landmark names the viewer's Korean ones.
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
    await page.goto('/setting');
    await page.getByRole('group', { name: '랜드마크' }).first().waitFor();
    assert.equal(await page.getByTestId('settings-landmark-Ba').isChecked(), false, 'kept after a reload');
    assert.match(await page.getByTestId('settings-landmarks').innerText(), /셀라/);
    assert.match(await page.getByTestId('settings-guideline').innerText(), /가이드 라인/);
    assert.match(await page.getByTestId('settings-standard').innerText(), /표준 분석법/);
    await t.screenshot(page, 'settings-landmarks-guide-standard-ko', { fullPage: true });
  },
  { timeoutMs: 150_000 },
);
