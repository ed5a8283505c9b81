import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePassword, findInOutbox, signUpFields } from '../../../../scripts/lib/public-sign-up.mjs';

/*
 * The sign-up pieces the scale-out test's client and the image check's client share
 * (scripts/lib/public-sign-up.mjs): the outbox reader both poll, and the form both post.
 */

let outbox: string;
beforeAll(async () => {
  outbox = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
  // Mails: an older and a newer one to the same address (names sort by time, as the mailer writes them),
  // the newer one quoted-printable with a soft line break inside the link and `=3D` for `=`.
  await writeFile(path.join(outbox, '20260101-000001.eml'), 'To: a@clinic.test\r\n\r\nhttps://x.test/confirm?token=OLD\r\n');
  await writeFile(
    path.join(outbox, '20260101-000002.eml'),
    'To: a@clinic.test\r\nSubject: Confirm\r\n\r\nOpen https://x.test/con=\r\nfirm?token=3DNEW.1\r\n',
  );
  await writeFile(path.join(outbox, '20260101-000003.eml'), 'To: b@clinic.test\r\n\r\nhttps://x.test/confirm?token=OTHER\r\n');
  // An SMS whose code appears only in the headers: the reader looks in the body.
  await writeFile(path.join(outbox, '20260101-000004.sms.txt'), 'To: 01012345678\nRef: 654321\n\nYour code is 123456\n');
}, 30_000);
afterAll(async () => {
  await rm(outbox, { recursive: true, force: true });
});

const LINK = /(https?:\/\/\S+?\?token=[A-Za-z0-9._~%-]+)/;

describe('findInOutbox', () => {
  it('reads the newest file of the kind addressed to the person, with quoted-printable undone', async () => {
    expect(await findInOutbox(outbox, '.eml', /^To:.*a@clinic\.test/im, LINK)).toBe('https://x.test/confirm?token=NEW.1');
    expect(await findInOutbox(outbox, '.eml', /^To:.*b@clinic\.test/im, LINK)).toBe('https://x.test/confirm?token=OTHER');
  });

  it('picks from the body only, and reads only files of the asked kind', async () => {
    expect(await findInOutbox(outbox, '.sms.txt', /^To: 01012345678$/m, /\b(\d{6})\b/)).toBe('123456');
    expect(await findInOutbox(outbox, '.sms.txt', /^To:.*a@clinic\.test/im, LINK)).toBeUndefined();
  });

  it('answers undefined while nothing matches, and for an outbox not made yet', async () => {
    expect(await findInOutbox(outbox, '.eml', /^To:.*c@clinic\.test/im, LINK)).toBeUndefined();
    expect(await findInOutbox(path.join(outbox, 'missing'), '.eml', /^To:/m, LINK)).toBeUndefined();
  });
});

describe('signUpFields', () => {
  it('posts the person, the check tokens and the password base64-encoded twice', () => {
    const form = signUpFields({
      email: 'a@clinic.test',
      emailCheckToken: 'e',
      name: 'Doc',
      password: 'Abcdef1!',
      mobile: '01012345678',
      mobileToken: 'm',
      companyName: 'Smile Dental',
      taxNumber: '124-81-00998',
      taxCheckToken: 't',
    });
    expect(encodePassword('Abcdef1!')).toBe('QWJjZGVmMSE=');
    expect(form).toMatchObject({
      email: 'a@clinic.test',
      emailCheckToken: 'e',
      name: 'Doc',
      password: 'QWJjZGVmMSE=',
      confirmPassword: 'QWJjZGVmMSE=',
      mobileNumber: '01012345678',
      mobileToken: 'm',
      companyName: 'Smile Dental',
      taxNumber: '124-81-00998',
      taxCheckToken: 't',
      agreeTerms: 'true',
      userType: '00000',
    });
  });
});
