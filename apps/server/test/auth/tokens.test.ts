import { describe, expect, it } from 'vitest';
import {
  keyedHash,
  keyedHashMatches,
  randomSmsCode,
  signAccessToken,
  signProof,
  verifyAccessToken,
  verifyProof,
} from '../../src/features/auth/tokens';

const SECRET = 's'.repeat(48);
const CLAIMS = { userId: 42, sessionId: '3f1c7f5e-8a3b-4c55-9a51-2f0d9a1e7b10' };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens (HS256)', () => {
  const now = Date.UTC(2026, 0, 1);
  const token = signAccessToken(SECRET, CLAIMS, 900, now);

  it('verifies its own token until it expires', () => {
    expect(verifyAccessToken(SECRET, token, now + 899_000)).toEqual({ ok: true, claims: CLAIMS, expiresAtMs: now + 900_000 });
    expect(verifyAccessToken(SECRET, token, now + 900_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses another secret, a changed payload, alg none and junk', () => {
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forgedPayload = b64({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '1' });
    const cases = [
      signAccessToken('t'.repeat(48), CLAIMS, 900, now),
      `${header}.${forgedPayload}.${signature}`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      `${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`,
      `${header}.${payload}`,
      'not a token',
      '',
    ];
    for (const candidate of cases) expect(verifyAccessToken(SECRET, candidate, now)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('proofs', () => {
  it('prove one subject for one purpose until they expire', () => {
    const now = Date.UTC(2026, 0, 1);
    const proof = signProof(SECRET, 'email_check', 'a@b.test', 60, undefined, now);
    expect(verifyProof(SECRET, 'email_check', proof, now + 59_000)).toEqual({ subject: 'a@b.test' });
    expect(verifyProof(SECRET, 'email_check', proof, now + 60_000)).toBeNull();
    expect(verifyProof(SECRET, 'mobile_signup', proof, now)).toBeNull();
    expect(verifyProof('t'.repeat(48), 'email_check', proof, now)).toBeNull();
    expect(
      verifyProof(SECRET, 'email_check', `${b64({ p: 'email_check', s: 'x@b.test', exp: 9e9 })}.${proof.split('.')[1]}`, now),
    ).toBeNull();
    expect(verifyProof(SECRET, 'password_reset', signProof(SECRET, 'password_reset', '7', 60, 'stamp', now), now)).toEqual({
      subject: '7',
      extra: 'stamp',
    });
  });
});

describe('SMS codes', () => {
  it('are six digits and hashed with the row they belong to', () => {
    for (let i = 0; i < 50; i++) expect(randomSmsCode()).toMatch(/^\d{6}$/);
    const hash = keyedHash(SECRET, 'row-1', '123456');
    expect(hash).not.toContain('123456');
    expect(keyedHashMatches(SECRET, 'row-1', '123456', hash)).toBe(true);
    expect(keyedHashMatches(SECRET, 'row-2', '123456', hash)).toBe(false);
    expect(keyedHashMatches(SECRET, 'row-1', '123457', hash)).toBe(false);
  });
});
