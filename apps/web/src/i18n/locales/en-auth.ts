/**
 * The contract's auth message keys (packages/contract/src/auth/messages.ts) as a nested tree, so that
 * t('auth.email.required') works. English must equal AUTH_MESSAGES_EN exactly; test/auth-messages.test.ts
 * checks that and that every key exists.
 */
export const enAuth = {
  email: {
    required: 'Input email address.',
    invalid: 'Input correct email address.',
    exists: 'The email is already registered.',
    checkRequired: 'Check email duplicate.',
    sameAsCurrent: 'Same email as current.',
  },
  taxEmail: { required: 'Input email for tax invoice.', invalid: 'Input correct email address.' },
  name: { required: 'Input user name.', invalid: 'Input alphabets and number only.', tooLong: 'Input 30 characters or fewer.' },
  password: {
    required: 'Input password.',
    invalid: 'Input combining uppercase, lowercase, number and characters !@#$%^&+=()',
    encoding: 'The password is not encoded correctly.',
    currentMismatch: 'Not matching current password.',
    sameAsCurrent: 'Same as current password.',
  },
  confirmPassword: { required: 'Complete password verification.', mismatch: 'Not same with input password.' },
  login: { required: 'Please input both of e-mail and password.' },
  mobile: {
    required: 'Please input the mobile phone number.',
    invalid: 'Please confirm the mobile phone number.',
    sameAsCurrent: 'Same phone number as current.',
    verificationRequired: 'Complete authentication.',
  },
  code: { required: 'Input the verification code.', invalid: 'The verification code has expired or is wrong.' },
  phone: { required: 'Input phone number', invalid: 'Incorrect phone number' },
  fax: { invalid: 'Incorrect fax number' },
  tax: { required: 'Input the tax ID.', invalid: 'Input correct tax ID.', verificationRequired: 'Complete business number verification.' },
  company: { required: 'Input the company address.', tooLong: 'Input 100 characters or fewer.' },
  address1: { required: 'Input the address.' },
  address2: { required: 'Input the detail address.' },
  address: { tooLong: 'Input 200 characters or fewer.' },
  zip: { invalid: 'Input correct zip code.' },
  birth: { required: 'Select birth date.', invalid: 'Select a birth date from 1900-01-01 to today.' },
  gender: { required: 'Choose gender.' },
  userType: { required: 'Select user type.' },
  agreement: {
    terms: 'Agree to the terms of service.',
    privacy: 'Agree to the privacy policy.',
    sso: 'Agree to the single sign-on policy.',
  },
  license: {
    required: 'Choose a licence file to upload.',
    type: 'Upload a png, jpg or pdf file only.',
    tooLarge: 'The file is too large.',
  },
  token: { invalid: 'The verification has expired. Please verify again.' },
  refreshToken: { required: 'The refresh token is missing.' },
  link: { invalid: 'The link is not valid or has expired.' },
  error: {
    loginIncorrect: 'The input information is not correct.',
    loginLocked: 'Login failed 10 times. An activation mail has been sent.',
    emailNotAuthorized: 'Email not authorized. Check the authentication email.',
    duplicateLogin: 'Duplicate Login!',
    duplicateLoginUser: 'Duplicate login user',
    autoLogout: 'You will be logged out in 3 seconds.',
    sessionLoggedOut: 'The current session has been logged out.',
    ipChanged:
      'The service is unavailable because the current IP differs from the previous one. Please confirm ' +
      'via the button in the emailed message.',
    expiredAccount: 'Expired Account!',
    wrongApproach: 'The wrong approach.',
    noMember: 'No matching member information.',
    adminAuthRequired: 'The account requires administrator authentication.',
    tooManyRequests: 'Too many attempts. Please try again later.',
    temporaryPasswordKeep: 'A temporary password must be changed.',
  },
  notice: {
    passwordChangeDue: 'Your password is older than 30 days. Please change it.',
    activationMailSent: 'An authentication mail has been sent. Check your mailbox.',
    temporaryPasswordSent: 'A temporary password has been sent to your email.',
    emailChangeMailSent: 'A confirmation mail has been sent to the new address.',
  },
};
