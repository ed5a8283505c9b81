import { createActivatedUser, newUser } from '../src/accounts.ts';
import { assert, eventually } from '../src/expect.ts';
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
  assert.equal(await ppm.inputValue(), '', 'a new account has no default PPM');
  assert.equal(await page.getByTestId('settings-plane').isChecked(), true, 'layers start on');
  assert.equal(await save.isDisabled(), true, 'Save starts disabled');

  await ppm.fill('10.123');
  await page.getByText('Enter a number with at most two decimals').waitFor();
  assert.equal(await save.isDisabled(), true, 'Save stays disabled for 3 decimals');

  await ppm.fill('10');
  await page.getByTestId('settings-plane').uncheck();
  await eventually(
    () => save.isDisabled(),
    (d) => !d,
    'Save enabled once changed and valid',
  );
  await save.click();
  await page.getByTestId('toast').filter({ hasText: 'Settings saved' }).waitFor();
  await eventually(
    () => save.isDisabled(),
    (d) => d,
    'Save disabled again after saving',
  );
  await t.screenshot(page, 'settings');

  await page.reload();
  await form.waitFor();
  assert.equal(await ppm.inputValue(), '10', 'Default PPM kept after reload');
  assert.equal(await page.getByTestId('settings-plane').isChecked(), false, 'Ref. plane kept off after reload');
  assert.equal(await page.getByTestId('settings-xray').isChecked(), true, 'X-ray untouched');
});
