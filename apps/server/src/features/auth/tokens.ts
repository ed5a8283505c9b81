import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Token primitives of sign-in, all on node:crypto:
 * - access tokens: HS256 JWTs carrying the user id and the session (refresh family) id;
 * - refresh tokens and mailed-link secrets: opaque random strings, stored only as hashes;
 * - proofs: short-lived HMAC-signed statements ("this email was checked free", "this mobile number
 *   was verified") that a later request of the same form hands back, so no half-finished sign-up
 *   state is kept on the server.
 */

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function hmac(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

const JWT_HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

const claimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  sid: z.uuid(),
  iat: z.number().int(),
  exp: z.number().int(),
});

export function signAccessToken(secret: string, claims: AccessClaims, ttlS: number, nowMs: number = Date.now()): string {
  const iat = Math.floor(nowMs / 1000);
  const payload = b64url(JSON.stringify({ sub: String(claims.userId), sid: claims.sessionId, iat, exp: iat + ttlS }));
  const signature = b64url(hmac(secret, `${JWT_HEADER}.${payload}`));
  return `${JWT_HEADER}.${payload}.${signature}`;
}

/** `expiresAtMs`: the first instant at which the token counts as expired. */
export type AccessTokenCheck = { ok: true; claims: AccessClaims; expiresAtMs: number } | { ok: false; reason: 'invalid' | 'expired' };

/** Only our own header is accepted: no `alg: none`, no algorithm chosen by the token. */
export function verifyAccessToken(secret: string, token: string, nowMs: number = Date.now()): AccessTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== JWT_HEADER) return { ok: false, reason: 'invalid' };
  const [header, payload, signature] = parts as [string, string, string];
  if (!safeEqual(Buffer.from(signature, 'base64url'), hmac(secret, `${header}.${payload}`))) return { ok: false, reason: 'invalid' };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const claims = claimsSchema.safeParse(decoded);
  if (!claims.success) return { ok: false, reason: 'invalid' };
  if (Math.floor(nowMs / 1000) >= claims.data.exp) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { userId: Number(claims.data.sub), sessionId: claims.data.sid }, expiresAtMs: claims.data.exp * 1000 };
}

/** 256 random bits, URL-safe: refresh tokens and mailed-link secrets. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The refresh token that replaces `previous` at rotation. Derived (keyed) rather than random so a
 * repeat of the same refresh inside the grace window can hand out the same pair again without the
 * new token ever being stored; without the secret it cannot be computed from the old one.
 */
export function successorRefreshToken(secret: string, previous: string): string {
  return hmac(secret, `refresh-rotation.${previous}`).toString('base64url');
}

/** High-entropy tokens need no slow hash; SHA-256 lets the database look them up by hash. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Six digits for SMS, uniformly random. */
export function randomSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Keyed hash for short secrets (6-digit codes): without the server key a stolen table cannot be
 * brute-forced offline. `bindTo` ties the code to its row.
 */
export function keyedHash(secret: string, bindTo: string, value: string): string {
  return hmac(secret, `${bindTo}:${value}`).toString('hex');
}

export function keyedHashMatches(secret: string, bindTo: string, value: string, expectedHex: string): boolean {
  return safeEqual(Buffer.from(keyedHash(secret, bindTo, value), 'hex'), Buffer.from(expectedHex, 'hex'));
}

export type ProofPurpose = 'email_check' | 'tax_check' | 'mobile_signup' | 'license' | 'password_reset';

const proofSchema = z.object({ p: z.string(), s: z.string(), exp: z.number().int(), x: z.string().optional() });

/** `subject` is what is proven (the email, tax number, mobile number, object key or user id). */
export function signProof(
  secret: string,
  purpose: ProofPurpose,
  subject: string,
  ttlS: number,
  extra?: string,
  nowMs = Date.now(),
): string {
  const body = b64url(
    JSON.stringify({ p: purpose, s: subject, exp: Math.floor(nowMs / 1000) + ttlS, ...(extra !== undefined && { x: extra }) }),
  );
  return `${body}.${b64url(hmac(secret, `proof.${body}`))}`;
}

/** Returns the subject (and extra) when the proof is genuine, for this purpose and unexpired. */
export function verifyProof(
  secret: string,
  purpose: ProofPurpose,
  token: string,
  nowMs = Date.now(),
): { subject: string; extra?: string } | null {
  const [body, signature, rest] = token.split('.');
  if (!body || !signature || rest !== undefined) return null;
  if (!safeEqual(Buffer.from(signature, 'base64url'), hmac(secret, `proof.${body}`))) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const proof = proofSchema.safeParse(decoded);
  if (!proof.success || proof.data.p !== purpose || Math.floor(nowMs / 1000) >= proof.data.exp) return null;
  return proof.data.x === undefined ? { subject: proof.data.s } : { subject: proof.data.s, extra: proof.data.x };
}
