import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The same session's access token as the server would have issued it one lifetime ago: the claims
 * of `token` with `iat`/`exp` in the past, signed (HS256) with the key the server keeps in
 * `<dataDir>/secrets.json`. The server then answers it J002 (expired), as it would a real one once
 * its time is up, without the test waiting for that.
 */
export function expiredCopy(token: string, dataDir: string, lifetimeS: number): string {
  const [header, payload] = token.split('.');
  if (!header || !payload) throw new Error('not a JWT');
  const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { accessToken: string };
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const body = Buffer.from(JSON.stringify({ ...claims, iat: now - lifetimeS - 60, exp: now - 60 })).toString('base64url');
  const signature = createHmac('sha256', secrets.accessToken).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}
