import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES_EN,
  birthSchema,
  decodePassword,
  emailSchema,
  encodePassword,
  faxSchema,
  genderSchema,
  isValidMobile,
  isValidPassword,
  isValidTaxId,
  mobileSchema,
  nameSchema,
  passwordSchema,
  phoneSchema,
  taxIdSchema,
  todayIso,
} from '../src/index';
import type { z } from 'zod';

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('tax ID (business registration number) checksum', () => {
  it.each([
    ['124-81-00998', true], // Samsung Electronics
    ['220-81-62517', true], // Naver
    ['120-81-47521', true], // Kakao
    ['104-81-43125', true],
    ['1248100998', true], // hyphens are optional
    ['124-81-00999', false], // wrong check digit
    ['124-81-00997', false],
    ['211-86-00028', false],
    ['124810099', false], // 9 digits
    ['12481009981', false], // 11 digits
    ['124-81-0099a', false],
    ['', false],
  ])('%s -> %s', (value, valid) => {
    expect(isValidTaxId(value)).toBe(valid);
  });

  it('uses the 9th digit carry (floor(d9 * 5 / 10)) in the sum', () => {
    // 9th digit 9: 9*5 = 45 plus a carry of 4 gives 49, check digit 1; without the carry it would be 5.
    expect(isValidTaxId('000-00-00091')).toBe(true);
    expect(isValidTaxId('000-00-00095')).toBe(false);
  });

  it('gives the spec messages', () => {
    expect(firstMessage(taxIdSchema, '')).toBe('auth.tax.required');
    expect(firstMessage(taxIdSchema, undefined)).toBe('auth.tax.required');
    expect(firstMessage(taxIdSchema, '124-81-00999')).toBe('auth.tax.invalid');
    expect(taxIdSchema.parse('124-81-00998')).toBe('1248100998');
    expect(AUTH_MESSAGES_EN['auth.tax.required']).toBe('Input the tax ID.');
    expect(AUTH_MESSAGES_EN['auth.tax.invalid']).toBe('Input correct tax ID.');
  });
});

describe('mobile number', () => {
  it.each([
    ['010-1234-5678', true],
    ['01012345678', true],
    ['011-123-4567', true],
    ['0101234-5678', true],
    ['016 123 4567', false], // spaces are not the spec's optional hyphens
    ['02-1234-5678', false], // landline
    ['010-12345-678', false],
    ['010-1234-56789', false], // 12 digits
    ['+821012345678', false],
    ['015-1234-5678', false],
    ['', false],
  ])('%s -> %s', (value, valid) => {
    expect(isValidMobile(value)).toBe(valid);
  });

  it('normalises to digits and uses the spec messages', () => {
    expect(mobileSchema.parse('010-1234-5678')).toBe('01012345678');
    expect(firstMessage(mobileSchema, '')).toBe('auth.mobile.required');
    expect(firstMessage(mobileSchema, ['010', '1234'])).toBe('auth.mobile.required');
    expect(firstMessage(mobileSchema, '02-123-4567')).toBe('auth.mobile.invalid');
    expect(AUTH_MESSAGES_EN['auth.mobile.required']).toBe('Please input the mobile phone number.');
    expect(AUTH_MESSAGES_EN['auth.mobile.invalid']).toBe('Please confirm the mobile phone number.');
  });
});

describe('password rule', () => {
  it.each([
    ['Abcdef1!', true],
    ['Abcdefghijklmnopqrstu1(=', true], // 24 characters
    ['Abcdefghijklmnopqrstuv1(=', false], // 25
    ['Abcde1!', false], // 7
    ['abcdef1!', false], // no uppercase
    ['ABCDEF1!', false], // no lowercase
    ['Abcdefg!', false], // no digit
    ['Abcdefg1', false], // no special
    ['Abcdef1*', false], // * is not in !@#$%^&+=()
    ['Abcdef1! ', false], // spaces are not allowed
    ['Ab1(Ab1)', true],
  ])('%j -> %s', (value, valid) => {
    expect(isValidPassword(value)).toBe(valid);
  });

  it('uses the spec messages', () => {
    expect(firstMessage(passwordSchema, '')).toBe('auth.password.required');
    expect(firstMessage(passwordSchema, 'short')).toBe('auth.password.invalid');
    expect(AUTH_MESSAGES_EN['auth.password.invalid']).toBe('Input combining uppercase, lowercase, number and characters !@#$%^&+=()');
  });

  it('round-trips through the base64 wire encoding, UTF-8 included', () => {
    for (const pw of ['Abcdef1!', '한글Pw1!', 'a', 'ab', 'abc', '']) {
      expect(decodePassword(encodePassword(pw))).toBe(pw);
    }
    expect(encodePassword('Abcd123!')).toBe('QWJjZDEyMyE=');
    expect(decodePassword('not base64!')).toBeNull();
    expect(decodePassword('QWJjZDEyMyE')).toBeNull(); // missing padding
    expect(decodePassword('/w==')).toBeNull(); // byte 0xff is not UTF-8
  });
});

describe('other sign-up fields', () => {
  it('email', () => {
    expect(emailSchema.parse(' Doctor@Clinic.Test ')).toBe('doctor@clinic.test');
    expect(firstMessage(emailSchema, '')).toBe('auth.email.required');
    expect(firstMessage(emailSchema, 'doctor@clinic')).toBe('auth.email.invalid');
    expect(firstMessage(emailSchema, `${'a'.repeat(250)}@x.test`)).toBe('auth.email.invalid');
  });

  it('name: letters and digits of any script', () => {
    expect(nameSchema.parse('Kim123')).toBe('Kim123');
    expect(nameSchema.parse('김철수')).toBe('김철수');
    expect(firstMessage(nameSchema, 'Kim Lee')).toBe('auth.name.invalid');
    expect(firstMessage(nameSchema, 'Kim!')).toBe('auth.name.invalid');
    expect(firstMessage(nameSchema, '  ')).toBe('auth.name.required');
  });

  it('phone and fax', () => {
    expect(phoneSchema.parse('02-123-4567')).toBe('021234567');
    expect(phoneSchema.parse('031-1234-5678')).toBe('03112345678');
    expect(firstMessage(phoneSchema, '')).toBe('auth.phone.required');
    expect(firstMessage(phoneSchema, '12-34')).toBe('auth.phone.invalid');
    expect(faxSchema.parse(undefined)).toBeNull();
    expect(faxSchema.parse('')).toBeNull();
    expect(firstMessage(faxSchema, 'fax')).toBe('auth.fax.invalid');
  });

  it('birth date from 1900-01-01 to today', () => {
    expect(birthSchema.parse('1900-01-01')).toBe('1900-01-01');
    expect(birthSchema.parse(todayIso())).toBe(todayIso());
    expect(firstMessage(birthSchema, '1899-12-31')).toBe('auth.birth.invalid');
    expect(firstMessage(birthSchema, '2999-01-01')).toBe('auth.birth.invalid');
    expect(firstMessage(birthSchema, '2001-02-30')).toBe('auth.birth.invalid');
    expect(firstMessage(birthSchema, '')).toBe('auth.birth.required');
  });

  it('gender: 0 male, 1 female -> true female', () => {
    expect(genderSchema.parse('1')).toBe(true);
    expect(genderSchema.parse('0')).toBe(false);
    expect(firstMessage(genderSchema, undefined)).toBe('auth.gender.required');
    expect(firstMessage(genderSchema, '2')).toBe('auth.gender.required');
  });
});
