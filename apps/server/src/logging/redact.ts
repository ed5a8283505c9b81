/**
 * Masking of secrets and personal data inside logged strings. Key-based redaction (logger.ts) only
 * knows field names; these catch what hides in free text: a link in a message, a URL's query, an
 * address or number in an error.
 */

const MASK = '[redacted]';

/** Query parameters whose values say nothing about anyone: expiry and the algorithm of a signature. */
const HARMLESS_PARAMS = new Set(['exp', 'x-amz-algorithm', 'x-amz-date', 'x-amz-expires', 'x-amz-signedheaders', 'x-id']);

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// Korean mobile and landline numbers (docs/spec-points.md §5) and international ones: 010-1234-5678,
// 01012345678, 02-123-4567, +82 10 1234 5678. Not inside longer digit runs (ids, timestamps).
const PHONE = /(?<![\w.])(?:\+\d{1,3}[ -]?)?0?\d{1,2}[ -]?\d{3,4}[ -]?\d{4}(?![\w])/g;
// A JWT (three base64url parts, the first a JSON header) or a bearer credential.
const JWT = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
// A query string inside free text (a link in a message): every value that is not harmless.
const QUERY_PAIR = /([?&])([^=&#\s"'<>]+)=([^&#\s"'<>]*)/g;

/** Masks every query value of a URL or path except the harmless ones; the path stays readable. */
export function maskUrl(url: string): string {
  return maskQuery(url).replace(EMAIL, MASK);
}

function maskQuery(text: string): string {
  return text.replace(QUERY_PAIR, (whole, sep: string, name: string) =>
    HARMLESS_PARAMS.has(safeDecode(name).toLowerCase()) ? whole : `${sep}${name}=${MASK}`,
  );
}

/** Masks links' query values, email addresses, phone numbers and tokens in free text. */
export function maskText(text: string): string {
  return maskQuery(text).replace(JWT, MASK).replace(BEARER, `$1 ${MASK}`).replace(EMAIL, MASK).replace(PHONE, MASK);
}

/**
 * `maskText` over every string in plain data (plain objects and arrays walked, depth-limited).
 * Anything else (a request, an error) is left to its serializer.
 */
export function maskValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskText(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => maskValue(item, depth + 1));
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = maskValue(item, depth + 1);
  return out;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
