import { test } from '../src/harness.ts';
import { assert, sleep } from '../src/expect.ts';

test('popup: /test opens the cancel-subscription confirm, Escape closes it', async (t) => {
  const { page } = await t.newPage();
  await page.goto('/test');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  assert.match(await dialog.innerText(), /50,000 won/);
  const box = await dialog.boundingBox();
  assert.ok(box && Math.round(box.width) >= 705, `modal width ${box?.width}`);
  await sleep(300); // let the fade-in finish before the screenshot
  await t.screenshot(page, 'popup-confirm');

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  // confirming runs fnConfirm: here a success toast saying nothing was cancelled
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('button', { name: 'Yes, cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Nothing was cancelled. This screen is only a demo.').waitFor();
});

test('popup: event popup "do not open today" sets a one-day popup cookie', async (t) => {
  const { page, context } = await t.newPage();
  await page.goto('/test');
  await page.getByRole('button', { name: 'Event popup' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('checkbox', { name: 'Do not open today' }).check();
  await dialog.getByText('Close', { exact: true }).click();
  await dialog.waitFor({ state: 'detached' });

  const cookie = (await context.cookies()).find((c) => c.name === 'popup');
  assert.equal(cookie?.value, 'true');
  const hours = ((cookie?.expires ?? 0) - Date.now() / 1000) / 3600;
  assert.ok(hours > 23.9 && hours <= 24.01, `popup cookie lifetime ${hours} h`);

  await page.getByRole('button', { name: 'Event popup' }).click();
  await page.getByText('Event popup hidden').waitFor();
  assert.equal(await page.getByRole('dialog').count(), 0);
});

test('loading overlay: shown and hidden again', async (t) => {
  const { page } = await t.newPage();
  await page.goto('/test');
  await page.getByRole('button', { name: 'Loading overlay (2 s)' }).click();
  const overlay = page.getByTestId('loading-overlay');
  await overlay.waitFor();
  await overlay.waitFor({ state: 'detached', timeout: 5000 });
});
