// The public sign-up as a client outside the browser goes through it, shared by the image check's client
// (scripts/image-verify-client.mjs, plain Node outside any test runner), the scale-out test's
// (apps/server/test/topology/remote-client.ts) and the auth tests' harness (apps/server/test/auth/auth-harness.ts):
// the password encoding of the forms, the sign-up form's fields, and reading the outbox the server writes its
// mails and SMS to (DATA_DIR/outbox).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The sign-in and sign-up forms take passwords base64-encoded (of their UTF-8 bytes). */
export const encodePassword = (password) => Buffer.from(password, 'utf8').toString('base64');

/**
 * The form of POST /public/sign-up for a doctor: the person's own fields and the tokens the e-mail, SMS
 * and tax-number checks answered; agreements, contact details and address are the same for every client.
 */
export function signUpFields({ email, emailCheckToken, name, password, mobile, mobileToken, companyName, taxNumber, taxCheckToken }) {
  return {
    agreeTerms: 'true',
    agreePrivacy: 'true',
    agreeSso: 'true',
    userType: '00000',
    email,
    emailCheckToken,
    name,
    password: encodePassword(password),
    confirmPassword: encodePassword(password),
    mobileNumber: mobile,
    mobileToken,
    companyName,
    taxNumber,
    taxCheckToken,
    taxEmail: 'tax@clinic.test',
    phoneNumber: '02-123-4567',
    address1: 'Gangnam-daero 1, Seoul',
    address2: '3F',
    zipCode: '06000',
    birth: '1980-05-05',
    gender: '1',
  };
}

/**
 * One look at the outbox: among its files ending in `extension`, newest name first, the first whose text
 * (quoted-printable soft breaks and `=3D` undone) matches `to` and whose body (after the headers) has a
 * match of `pick`: that match's first group. Undefined while no such file is there; callers poll.
 */
export async function findInOutbox(outbox, extension, to, pick) {
  const names = (await readdir(outbox).catch(() => []))
    .filter((f) => f.endsWith(extension))
    .sort()
    .reverse();
  for (const name of names) {
    const text = (await readFile(path.join(outbox, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (!to.test(text)) continue;
    const value = pick.exec(
      text
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n'),
    )?.[1];
    if (value) return value;
  }
  return undefined;
}
