import { expect } from '@playwright/test';
import { createActivatedUser, newUser, validTaxId } from '../src/accounts.ts';
import { test } from '../src/harness.ts';
import { linkIn, newestMail, newestSmsCode, outboxMark } from '../src/outbox.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';

/** A real 1 x 1 PNG: the server checks the bytes of a licence, not its name. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('sign-up: validation messages on every step', async (t) => {
  const user = newUser('signup-msg');
  const { page } = await t.newPage(fromIp(user.ip));
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Next' }).click();
  for (const text of ['Agree to the terms of service.', 'Agree to the privacy policy.', 'Agree to the single sign-on policy.']) {
    await page.getByText(text).waitFor();
  }
  await t.screenshot(page, 'sign-up-1-agreements-errors');
  await page.getByText('I agree to all of the following').click();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Select user type.').waitFor();
  await t.screenshot(page, 'sign-up-2-user-type-error');
  await page.getByText('Hospital / clinic', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByTestId('sign-up-submit').click();
  for (const text of [
    'Input email address.',
    'Input user name.',
    'Input password.',
    'Complete password verification.',
    'Please input the mobile phone number.',
    'Input the company address.',
    'Input the tax ID.',
    'Input email for tax invoice.',
    'Input phone number',
    'Input the address.',
    'Input the detail address.',
    'Select birth date.',
    'Choose gender.',
  ]) {
    await page.getByText(text, { exact: true }).first().waitFor();
  }
  await t.screenshot(page, 'sign-up-3-required-errors', { fullPage: true });

  await page.getByTestId('su-email').fill('not-an-email');
  await page.getByTestId('su-name').fill('Kim Minji!');
  await page.getByTestId('su-password').fill('short');
  await page.getByTestId('su-confirm').fill('other');
  await page.getByTestId('su-mobile').fill('123');
  await page.getByTestId('su-tax').fill('1234567890');
  await page.getByTestId('su-phone').fill('12');
  await page.getByTestId('su-fax').fill('1');
  await page.getByTestId('su-birth').fill('1899-12-31');
  await page.getByTestId('sign-up-submit').click();
  for (const text of [
    'Input correct email address.',
    'Input alphabets and number only.',
    'Input combining uppercase, lowercase, number and characters !@#$%^&+=()',
    'Not same with input password.',
    'Please confirm the mobile phone number.',
    'Input correct tax ID.',
    'Incorrect phone number',
    'Incorrect fax number',
    'Select a birth date from 1900-01-01 to today.',
  ]) {
    await page.getByText(text, { exact: true }).first().waitFor();
  }
  await t.screenshot(page, 'sign-up-3-format-errors', { fullPage: true });

  // valid values, but no duplicate check, tax verification or mobile verification
  await page.getByTestId('su-email').fill(user.email);
  await page.getByTestId('su-tax').fill(validTaxId());
  await page.getByTestId('su-mobile').fill(user.mobile.slice(3));
  await page.getByTestId('sign-up-submit').click();
  await page.getByText('Check email duplicate.').waitFor();
  await page.getByText('Complete business number verification.').waitFor();
  await page.getByText('Complete authentication.').waitFor();

  // an email that is already registered
  const existing = newUser('signup-existing');
  await createActivatedUser(t.baseUrl, existing);
  await page.getByTestId('su-email').fill(existing.email);
  await page.getByTestId('su-email-check').click();
  await page.getByText('The email is already registered.').waitFor();

  // a licence must be png, jpg or pdf
  await page.getByTestId('su-license').setInputFiles({ name: 'licence.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await page.getByText('Upload a png, jpg or pdf file only.').waitFor();

  // the birth calendar opens 25 years back
  await page.getByTestId('su-birth').fill('');
  await page.getByTestId('su-birth-calendar').click();
  const calendar = page.getByRole('dialog', { name: 'Calendar' });
  await calendar.scrollIntoViewIfNeeded();
  const year = await calendar.getByLabel('Year').inputValue();
  expect(Number(year)).toBe(new Date().getFullYear() - 25);
  await t.screenshot(page, 'sign-up-3-calendar');
});

test('sign-up: through the UI, verification mail, activation, first sign-in', async (t) => {
  const user = newUser('signup-ui');
  const { page } = await t.newPage(fromIp(user.ip));
  await page.goto('/signup');
  await page.getByText('I agree to all of the following').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Doctor', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByTestId('su-email').fill(user.email);
  await page.getByTestId('su-email-check').click();
  await page.getByTestId('su-email-ok').waitFor();
  await page.getByTestId('su-name').fill(user.name);
  await page.getByTestId('su-password').fill(user.password);
  await page.getByTestId('su-confirm').fill(user.password);
  await page.getByTestId('su-mobile').fill(user.mobile.slice(3));
  const mark = outboxMark();
  await page.getByTestId('su-code-send').click();
  await page.getByTestId('su-code-countdown').waitFor();
  await expect(page.getByTestId('su-code-countdown')).toContainText(/^0[23]:\d\d$/, { useInnerText: true });
  await expect(page.getByTestId('su-code-send')).toHaveText('Send a new code', { useInnerText: true });
  await page.getByTestId('su-code-input').fill(await newestSmsCode(user.mobile, mark));
  await page.getByTestId('su-code-verify').click();
  await page.getByTestId('su-code-verified').waitFor();

  await page.getByTestId('su-company').fill('Bright Smile Dental');
  await page.getByTestId('su-tax').fill(validTaxId());
  await page.getByTestId('su-tax-check').click();
  await page.getByTestId('su-tax-ok').waitFor();
  await page.getByTestId('su-tax-email').fill(user.email);
  await page.getByTestId('su-phone').fill('123-4567');
  await page.getByTestId('su-zip').fill('06236');
  await page.getByTestId('su-address1').fill('123 Teheran-ro, Gangnam-gu');
  await page.getByTestId('su-address2').fill('5th floor');
  await page.getByTestId('su-birth').fill('1988-03-14');
  await page.getByTestId('su-gender-female').check();
  await page.getByTestId('su-license').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('su-license-ok').waitFor();
  await t.screenshot(page, 'sign-up-3-filled', { fullPage: true });
  await page.getByTestId('sign-up-submit').click();

  const done = page.getByTestId('sign-up-done');
  await done.waitFor();
  await expect(done).toHaveText(new RegExp(user.email.replace(/[.+]/g, '\\$&')), { useInnerText: true });
  await t.screenshot(page, 'sign-up-4-done');

  // not activated yet
  await page.goto('/');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Email not authorized. Check the authentication email.').waitFor();

  // the verification mail: open the link, press its button
  await page.goto(linkIn(await newestMail(user.email)));
  await page.getByRole('button').click();
  await page.waitForLoadState();
  await t.screenshot(page, 'sign-up-5-activated');

  await signInThroughUi(page, user);
  await page.getByTestId('user-menu').getByText(user.name).waitFor();
});

test('sign-up: the wizard in Vietnamese and Korean (labels and messages translated)', async (t) => {
  for (const [locale, title, agreeAll, next, firstType, required] of [
    ['vi-VN', 'Đăng ký', 'Tôi đồng ý với tất cả nội dung dưới đây', 'Tiếp', 'Bác sĩ', 'Nhập địa chỉ email.'],
    ['ko-KR', '회원가입', '아래 내용에 모두 동의합니다', '다음', '의사', '이메일 주소를 입력하세요.'],
  ] as const) {
    const { page } = await t.newPage({ locale });
    await page.goto('/signup');
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText(agreeAll).click();
    await page.getByRole('button', { name: next }).click();
    await page.getByText(firstType, { exact: true }).click();
    await t.screenshot(page, `sign-up-2-user-type-${locale}`);
    await page.getByRole('button', { name: next }).click();
    await page.getByTestId('sign-up-submit').click();
    await page.getByText(required).waitFor();
    await t.screenshot(page, `sign-up-3-required-errors-${locale}`, { fullPage: true });
  }
});
