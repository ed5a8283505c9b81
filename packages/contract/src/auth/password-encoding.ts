import { z } from 'zod';
import type { AuthMessageKey } from './messages';

/**
 * Passwords travel base64-encoded (docs/spec-points.md §7: "password base64 encoded"). This is not a security
 * measure (TLS is); it keeps special characters intact through form encoding. UTF-8 bytes, standard
 * alphabet with padding. Written without btoa/TextEncoder so the contract needs no DOM or Node types.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function utf8Bytes(text: string): number[] {
  const escaped = encodeURIComponent(text);
  const bytes: number[] = [];
  for (let i = 0; i < escaped.length; i++) {
    if (escaped[i] === '%') {
      bytes.push(parseInt(escaped.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(escaped.charCodeAt(i));
    }
  }
  return bytes;
}

export function encodePassword(password: string): string {
  const bytes = utf8Bytes(password);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63]! : '=';
  }
  return out;
}

/** Returns null for anything that is not canonical base64 of valid UTF-8. */
export function decodePassword(encoded: string): string | null {
  if (encoded.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) return null;
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i += 4) {
    const chunk = encoded.slice(i, i + 4);
    const values = [...chunk].map((ch) => (ch === '=' ? 0 : ALPHABET.indexOf(ch)));
    const n = ((values[0] ?? 0) << 18) | ((values[1] ?? 0) << 12) | ((values[2] ?? 0) << 6) | (values[3] ?? 0);
    bytes.push((n >> 16) & 255);
    if (chunk[2] !== '=') bytes.push((n >> 8) & 255);
    if (chunk[3] !== '=') bytes.push(n & 255);
  }
  try {
    const text = decodeURIComponent(bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));
    // Round trip refuses non-canonical encodings (stray bits in the padding).
    return encodePassword(text) === encoded ? text : null;
  } catch {
    return null;
  }
}

/**
 * A base64 password on the wire, decoded and then checked by `inner` (the sign-up rule or "any
 * non-empty password"). Absent or blank gives `required`; undecodable gives `auth.password.encoding`.
 */
export function encodedPasswordSchema<T extends z.ZodType<unknown, string>>(inner: T, required: AuthMessageKey = 'auth.password.required') {
  return z
    .string({ error: required })
    .min(1, required)
    .max(200, 'auth.password.invalid' satisfies AuthMessageKey)
    .transform((value, ctx) => {
      const decoded = decodePassword(value);
      if (decoded === null) {
        ctx.addIssue({ code: 'custom', message: 'auth.password.encoding' satisfies AuthMessageKey });
        return z.NEVER;
      }
      return decoded;
    })
    .pipe(inner);
}
