import { expect } from '@playwright/test';
import { createActivatedUser, createUser, newUser } from '../src/accounts.ts';
import { expectTruthy } from '../src/expect-value.ts';
import { test } from '../src/harness.ts';
import { linkIn, newestMail, newestSmsCode, outboxMark } from '../src/outbox.ts';
import { cookieValue, fromIp, signInThroughUi } from '../src/sign-in.ts';

test('recovery: find email with name and an SMS code', async (t) => {
  const user = newUser('find-email');
  await createActivatedUser(t.baseUrl, user);
  const { page } = await t.newPage(fromIp(user.ip));
  await page.goto('/');
  await page.getByRole('link', { name: 'Find email' }).click();
  await page.waitForURL((u) => u.pathname === '/find-email');
  await page.getByTestId('fe-code-send').click();
  await page.getByText('Input user name.').waitFor();
  await page.getByTestId('fe-name').fill(user.name);
  await page.getByTestId('fe-mobile').fill(user.mobile.slice(3));
  const mark = outboxMark();
  await page.getByTestId('fe-code-send').click();
  await page.getByTestId('fe-code-input').fill('000000');
  await page.getByTestId('fe-code-verify').click();
  await page.getByText('The verification code has expired or is wrong.').waitFor();
  await page.getByTestId('fe-code-input').fill(await newestSmsCode(user.mobile, mark));
  await page.getByTestId('fe-code-verify').click();
  // the server shows the address masked: first two characters and the domain
  await page.getByTestId('fe-result').getByText('@example.com', { exact: false }).waitFor();
  await expect(page.getByTestId('fe-result')).toContainText(/Your account email: e2\*+@example\.com/, { useInnerText: true });
  await t.screenshot(page, 'find-email-result');
});

test('recovery: find password mails a temporary password that must be changed after sign-in', async (t) => {
  const user = newUser('find-pw');
  await createActivatedUser(t.baseUrl, user);
  const { page } = await t.newPage(fromIp(user.ip));
  await page.goto('/find-email');
  await page.getByRole('link', { name: 'Find password' }).click();
  await page.waitForURL((u) => u.pathname === '/find-password');
  await page.getByTestId('fp-email').fill(user.email);
  await page.getByTestId('fp-name').fill(user.name);
  await page.getByTestId('fp-mobile').fill(user.mobile.slice(3));
  let mark = outboxMark();
  await page.getByTestId('fp-code-send').click();
  await page.getByTestId('fp-code-input').fill(await newestSmsCode(user.mobile, mark));
  await page.getByTestId('fp-code-verify').click();
  mark = outboxMark();
  await page.getByTestId('fp-send-temp').click();
  await page.getByTestId('fp-result').waitFor();
  await t.screenshot(page, 'find-password-sent');
  const temporary = /temporary password is:\s*(\S+)/.exec(await newestMail(user.email, mark))?.[1];
  expectTruthy(temporary, 'a temporary password in the mail');

  await signInThroughUi(page, { email: user.email, password: temporary }, { keepTutorial: true });
  const prompt = page.getByTestId('password-change-prompt');
  await prompt.getByText('A temporary password must be changed.').waitFor();
  await expect(prompt.getByTestId('password-later'), 'no postponing a temporary password').toHaveCount(0);
  await t.screenshot(page, 'password-change-prompt');
  await prompt.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL((u) => u.pathname === '/reset-password');
  await page.getByTestId('rp-current').fill(temporary);
  await page.getByTestId('rp-new').fill(user.password);
  await page.getByTestId('rp-confirm').fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).last().click();
  await page.getByTestId('rp-done').waitFor();
});

test('recovery: resend the confirmation mail from the sign-in page', async (t) => {
  const user = newUser('resend');
  await createUser(t.baseUrl, user);
  const { page } = await t.newPage(fromIp(user.ip));
  await page.goto('/');
  await page.getByRole('button', { name: 'Resend confirmation mail' }).click();
  const panel = page.getByTestId('resend-mail');
  const mark = outboxMark();
  await panel.getByLabel('Email', { exact: true }).fill(user.email);
  await panel.getByRole('button', { name: 'Send' }).click();
  await panel.getByText('An authentication mail has been sent. Check your mailbox.').waitFor();
  await t.screenshot(page, 'resend-mail-sent');
  await page.goto(linkIn(await newestMail(user.email, mark)));
  await page.getByRole('button').click();
  await page.waitForLoadState();
  await signInThroughUi(page, user);
});

test('account: change mobile number (must differ) with an SMS code', async (t) => {
  const user = newUser('mobile');
  await createActivatedUser(t.baseUrl, user);
  const { page } = await t.newPage(fromIp(user.ip));
  await signInThroughUi(page, user);
  await page.goto('/reset-mobile');
  await page.getByTestId('rm-new').fill(user.mobile.slice(3));
  await page.getByTestId('rm-code-send').click();
  await page.getByText('Same phone number as current.').waitFor();
  const next = `0109${user.mobile.slice(-7)}`;
  await page.getByTestId('rm-new').fill(next.slice(3));
  const mark = outboxMark();
  await page.getByTestId('rm-code-send').click();
  await page.getByTestId('rm-code-input').fill(await newestSmsCode(next, mark));
  await page.getByTestId('rm-code-verify').click();
  await page.getByTestId('rm-done').waitFor();
  await expect.poll(async () => (await page.getByTestId('rm-current').inputValue()).replace(/\D/g, '')).toBe(next);
  await t.screenshot(page, 'reset-mobile-done');
});

test('account: change email (must differ), confirmed by the link mailed to the new address', async (t) => {
  const user = newUser('email');
  await createActivatedUser(t.baseUrl, user);
  const { page, context } = await t.newPage(fromIp(user.ip));
  await signInThroughUi(page, user);
  await page.goto('/reset-email');
  await page.getByTestId('re-new').fill(user.email);
  await page.getByRole('button', { name: 'Send confirmation mail' }).click();
  await page.getByText('Same email as current.').waitFor();
  const next = user.email.replace('@', '-new@');
  await page.getByTestId('re-new').fill(next);
  await page.getByRole('button', { name: 'Send confirmation mail' }).click();
  await page.getByTestId('re-done').waitFor();
  await t.screenshot(page, 'reset-email-sent');
  const link = linkIn(await newestMail(next));
  const approval = await t.newPage(fromIp(user.ip));
  await approval.page.goto(link);
  await approval.page.getByRole('button').click();
  await approval.page.waitForLoadState();

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await expect.poll(() => cookieValue(context, 'token')).toBe(undefined);
  await signInThroughUi(page, { email: next, password: user.password });
});

test('account: my info shows the sign-up details; a new name reaches the header', async (t) => {
  const user = newUser('myinfo');
  await createActivatedUser(t.baseUrl, user);
  const { page } = await t.newPage(fromIp(user.ip));
  await signInThroughUi(page, user);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'My info' }).click();
  await page.waitForURL((u) => u.pathname === '/myinfo');
  await expect(page.getByLabel('Company name')).toHaveValue('E2E Dental Clinic');
  await expect(page.getByLabel('Mobile phone number')).toHaveValue(
    `${user.mobile.slice(0, 3)}-${user.mobile.slice(3, 7)}-${user.mobile.slice(7)}`,
  );
  await page.getByTestId('mi-name').fill('Renamed7');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('mi-saved').waitFor();
  await page.getByTestId('user-menu').getByText('Renamed7').waitFor();
  await page.getByTestId('mi-name').fill('bad name!');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Input alphabets and number only.').waitFor();
});
