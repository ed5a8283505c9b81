import { createActivatedUser, newUser } from '../src/accounts.ts';
import { assert } from '../src/expect.ts';
import { test } from '../src/harness.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';

test('membership: a new account shows its trial, plan, price and next charge; cancelling asks with the spec popup; Korean too', async (t) => {
  const user = newUser('membership');
  await createActivatedUser(t.baseUrl, user);
  const { page } = await t.newPage({ ...fromIp(user.ip), locale: 'en-US' });
  await signInThroughUi(page, user);

  await page.goto('/membership');
  const section = page.getByTestId('membership');
  await section.waitFor();
  assert.equal(await page.getByTestId('membership-state').textContent(), 'Free trial');
  const text = await section.innerText();
  assert.match(text, /Standard/);
  assert.match(text, /₩50,000 a month/);
  assert.match(text, /After the billing date, a subscription fee of ₩50,000 is charged \(one product excluded\)\./);
  assert.match(text, /No charges yet\./);
  assert.match((await page.getByTestId('membership-next-charge').textContent()) ?? '', /^₩50,000 on /);
  await t.screenshot(page, 'membership-trial-en', { fullPage: true });

  // Cancel: the spec's confirm popup (the same one /test shows); "Keep subscription" changes nothing.
  await section.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  assert.match(await dialog.innerText(), /50,000 won/);
  await dialog.getByRole('button', { name: 'Keep subscription' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('membership-state').textContent(), 'Free trial');

  await section.getByRole('button', { name: 'Cancel subscription' }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Subscription cancelled').waitFor();
  assert.equal(await page.getByTestId('membership-state').textContent(), 'Cancelled');
  assert.equal(await page.getByTestId('membership-next-charge').textContent(), 'None');
  await page.getByTestId('membership-access-ends').waitFor();
  assert.equal(await section.getByRole('button', { name: 'Cancel subscription' }).count(), 0, 'nothing left to cancel');

  // The state is the server's: a reload shows it, and in Korean.
  await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
  await page.reload();
  await section.waitFor();
  assert.equal(await page.getByTestId('membership-state').textContent(), '해지됨');
  assert.equal(await page.getByTestId('membership-next-charge').textContent(), '없음');
  // Nothing will be charged any more, so the fee notice is gone.
  assert.doesNotMatch(await section.innerText(), /구독료/);
  await t.screenshot(page, 'membership-cancelled-ko', { fullPage: true });
});
