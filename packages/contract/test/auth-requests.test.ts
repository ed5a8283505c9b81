import { describe, expect, it } from 'vitest';
import {
  AUTH_ERROR_MESSAGE_KEYS,
  AUTH_MESSAGE_KEYS,
  AUTH_MESSAGES_EN,
  AUTH_SPEC_MESSAGE_KEYS,
  ERROR_CODES,
  encodePassword,
  isAuthMessageKey,
  loginRequestSchema,
  signUpRequestSchema,
} from '../src/index';

const VALID_SIGN_UP = {
  agreeTerms: 'true',
  agreePrivacy: 'true',
  agreeSso: 'true',
  userType: '00000',
  email: 'doctor@clinic.test',
  emailCheckToken: 't1',
  name: 'Kim',
  password: encodePassword('Abcdef1!'),
  confirmPassword: encodePassword('Abcdef1!'),
  mobileNumber: '010-1234-5678',
  mobileToken: 't2',
  companyName: 'Smile Clinic',
  taxNumber: '124-81-00998',
  taxCheckToken: 't3',
  taxEmail: 'tax@clinic.test',
  phoneNumber: '02-123-4567',
  address1: 'Seoul',
  address2: '3F',
  birth: '1980-05-05',
  gender: '1',
};

function issues(body: Record<string, unknown>): Array<{ field: string; message: string }> {
  const result = signUpRequestSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
}

describe('sign-up request', () => {
  it('accepts a complete form and normalises it', () => {
    const parsed = signUpRequestSchema.parse(VALID_SIGN_UP);
    expect(parsed.password).toBe('Abcdef1!');
    expect(parsed.mobileNumber).toBe('01012345678');
    expect(parsed.gender).toBe(true);
    expect(parsed.faxNumber).toBeNull();
  });

  it.each([
    ['agreeTerms', 'false', 'auth.agreement.terms'],
    ['agreePrivacy', undefined, 'auth.agreement.privacy'],
    ['agreeSso', '', 'auth.agreement.sso'],
    ['userType', '00009', 'auth.userType.required'],
    ['emailCheckToken', undefined, 'auth.email.checkRequired'],
    ['mobileToken', '', 'auth.mobile.verificationRequired'],
    ['taxCheckToken', undefined, 'auth.tax.verificationRequired'],
    ['companyName', '', 'auth.company.required'],
    ['address2', undefined, 'auth.address2.required'],
    ['taxEmail', '', 'auth.taxEmail.required'],
    ['password', encodePassword('weak'), 'auth.password.invalid'],
    ['password', 'not-base64!', 'auth.password.encoding'],
    ['confirmPassword', encodePassword('Abcdef1@'), 'auth.confirmPassword.mismatch'],
    ['confirmPassword', undefined, 'auth.confirmPassword.required'],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(issues({ ...VALID_SIGN_UP, [field]: value })).toContainEqual({ field, message });
  });

  it('refuses wrong types (form arrays, objects, numbers)', () => {
    expect(issues({ ...VALID_SIGN_UP, email: ['a@b.test', 'c@d.test'] })).toContainEqual({
      field: 'email',
      message: 'auth.email.required',
    });
    expect(issues({ ...VALID_SIGN_UP, name: { x: 1 } })).toContainEqual({ field: 'name', message: 'auth.name.required' });
    expect(issues({ ...VALID_SIGN_UP, taxNumber: 1248100998 })).toContainEqual({ field: 'taxNumber', message: 'auth.tax.required' });
  });
});

describe('login request', () => {
  it('needs both fields, with the spec message', () => {
    expect(loginRequestSchema.safeParse({ email: 'a@b.test' }).error?.issues[0]?.message).toBe('auth.login.required');
    expect(loginRequestSchema.safeParse({ password: encodePassword('x') }).error?.issues[0]?.message).toBe('auth.login.required');
    expect(AUTH_MESSAGES_EN['auth.login.required']).toBe('Please input both of e-mail and password.');
  });
});

describe('auth messages', () => {
  it('has an English text for every key and only known keys in the code map', () => {
    for (const key of AUTH_MESSAGE_KEYS) expect(AUTH_MESSAGES_EN[key].length).toBeGreaterThan(0);
    for (const [code, key] of Object.entries(AUTH_ERROR_MESSAGE_KEYS)) {
      expect(ERROR_CODES).toContain(code);
      expect(isAuthMessageKey(key)).toBe(true);
    }
  });

  it('quotes the spec texts exactly', () => {
    expect(AUTH_SPEC_MESSAGE_KEYS.map((k) => AUTH_MESSAGES_EN[k])).toEqual(
      expect.arrayContaining([
        'Input email address.',
        'Input correct email address.',
        'Input user name.',
        'Input alphabets and number only.',
        'Input password.',
        'Not same with input password.',
        'Incorrect phone number',
        'Input phone number',
        'Incorrect fax number',
        'Input the company address.',
        'Input the detail address.',
        'Input email for tax invoice.',
        'The input information is not correct.',
        'Expired Account!',
        'The wrong approach.',
      ]),
    );
  });
});
