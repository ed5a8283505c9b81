import { createActivatedUser, newUser } from '../src/accounts.ts';
import { expect } from '@playwright/test';
import { test } from '../src/harness.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';

test('settings: Default PPM 10 and a display layer are saved to the account and kept after a reload', async (t) => {
  const user = newUser('settings');
  await createActivatedUser(t.baseUrl, user);
  const { page } = await t.newPage(fromIp(user.ip));
  await signInThroughUi(page, user);

  await page.goto('/setting');
  const form = page.getByTestId('settings-form');
  await form.waitFor();
  const ppm = page.getByTestId('settings-ppm');
  const save = page.getByTestId('settings-save');
  await expect(ppm, 'a new account has no default PPM').toHaveValue('');
  await expect(page.getByTestId('settings-plane'), 'layers start on').toBeChecked();
  await expect(save, 'Save starts disabled').toBeDisabled();

  await ppm.fill('10.123');
  await page.getByText('Enter a number with at most two decimals').waitFor();
  await expect(save, 'Save stays disabled for 3 decimals').toBeDisabled();

  await ppm.fill('10');
  await page.getByTestId('settings-plane').uncheck();
  await expect(save, 'Save enabled once changed and valid').toBeEnabled();
  await save.click();
  await page.getByTestId('toast').filter({ hasText: 'Settings saved' }).waitFor();
  await expect(save, 'Save disabled again after saving').toBeDisabled();
  await t.screenshot(page, 'settings');

  await page.reload();
  await form.waitFor();
  await expect(ppm, 'Default PPM kept after reload').toHaveValue('10');
  await expect(page.getByTestId('settings-plane'), 'Ref. plane kept off after reload').not.toBeChecked();
  await expect(page.getByTestId('settings-xray'), 'X-ray untouched').toBeChecked();
});

test('settings: "AI adapted to your films" says nothing is learned yet, and its switch is kept on the account', async (t) => {
  const { page } = await t.newPage({}, { signedIn: true });
  await page.goto('/setting');
  const section = page.getByTestId('ai-adaptation');
  await section.getByRole('heading', { name: 'AI adapted to your films', level: 2 }).waitFor();
  await page.getByTestId('ai-adaptation-films').filter({ hasText: 'Nothing learned yet.' }).waitFor();
  const toggle = page.getByTestId('ai-adaptation-switch');
  await expect(toggle, 'a new account applies what it learns').toBeChecked();
  await expect(page.getByTestId('ai-adaptation-reset'), 'nothing to reset').toBeDisabled();
  await expect(page.getByTestId('ai-adaptation-table'), 'no shifts yet').toHaveCount(0);

  const put = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/ai/adaptation' && r.request().method() === 'PUT');
  await toggle.click();
  expect((await put).status(), 'PUT /api/ai/adaptation').toBe(200);
  await page.getByTestId('ai-adaptation-state').filter({ hasText: 'Off: new films get the model’s own points.' }).waitFor();
  await t.screenshot(page, 'settings-ai-adaptation');

  await page.reload();
  await page.getByTestId('ai-adaptation-films').waitFor();
  await expect(toggle, 'off kept after a reload').not.toBeChecked();
});
