import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignedMethod = 'GET' | 'PUT';

export interface SignedRequest {
  method: SignedMethod;
  key: string;
  /** Unix seconds after which the URL is refused. */
  expiresAt: number;
  /** Required Content-Type for PUT; empty for GET. */
  contentType: string;
}

/**
 * HMAC-SHA256 over method, key, expiry and content type, newline-separated (none of them may hold a
 * newline: keys are checked, content types come from a header). HEAD is accepted with a GET
 * signature, as S3 does.
 */
export function signRequest(request: SignedRequest, secret: string): string {
  return createHmac('sha256', secret)
    .update([request.method, request.key, String(request.expiresAt), request.contentType].join('\n'))
    .digest('base64url');
}

export function signatureMatches(request: SignedRequest, signature: string, secret: string): boolean {
  const expected = Buffer.from(signRequest(request, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function encodeKeyPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
