import { hostname, networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownHostNames, trustedOrigin } from '../../src/http/request-origin';
import { createAuthHarness, newPerson, signUpForm, type AuthHarness } from './auth-harness';

/**
 * Without PUBLIC_URL, mailed links go to the address the browser used for the request that sent the
 * mail (a clinic on its LAN address), when that Host names this machine on its port; any other Host
 * gets http://localhost:<port> (no host-header injection).
 */

const PORT = 8765;
/** This machine as another computer on the LAN reaches it: an interface's IPv4 address, else its host name. */
const LAN =
  Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .find((a) => a.family === 'IPv4' && !a.internal)?.address ?? hostname().toLowerCase();

let h: AuthHarness;

beforeAll(async () => {
  h = await createAuthHarness({ PUBLIC_URL: '' });
  h.services.publicUrl.bind(PORT);
}, 60_000);
afterAll(() => h?.closeAll());

/** Signs a new person up with the sign-up request sent to `host`; answers the activation link the mail carries. */
async function activationLinkVia(host: string): Promise<string> {
  const person = newPerson('origin');
  const form = await signUpForm(h, person);
  const response = await h.app.inject({
    method: 'POST',
    url: '/public/sign-up',
    headers: { host, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': person.ip },
    payload: new URLSearchParams(form).toString(),
  });
  expect(response.statusCode, response.body).toBe(200);
  const mail = h.mail.last(person.email, /confirm your email/i);
  const link = /https?:\/\/\S+?\?token=[A-Za-z0-9._~%-]+/.exec(mail.text)?.[0] ?? '';
  expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
  return link;
}

describe('mail links without PUBLIC_URL', () => {
  it("point at the address the clinic opened the product on (this machine's LAN address and port)", async () => {
    const link = await activationLinkVia(`${LAN}:${PORT}`);
    expect(link.startsWith(`http://${LAN}:${PORT}/public/confirm-email?token=`), link).toBe(true);
  }, 60_000);

  it('point at localhost when the Host is not this machine, or not its port', async () => {
    for (const host of [`evil.example:${PORT}`, `${LAN}:${PORT + 1}`, `attacker.test`]) {
      const link = await activationLinkVia(host);
      expect(link.startsWith(`http://localhost:${PORT}/public/confirm-email?token=`), `${host}: ${link}`).toBe(true);
    }
  }, 90_000);
});

describe('trustedOrigin', () => {
  const names = new Set(['localhost', '127.0.0.1', '[::1]', '192.168.0.10', 'clinic-pc', '[fe80::1]']);
  it.each([
    ['192.168.0.10:8080', 'http', 8080, 'http://192.168.0.10:8080'],
    ['CLINIC-PC:8080', 'http', 8080, 'http://clinic-pc:8080'],
    ['[::1]:8080', 'http', 8080, 'http://[::1]:8080'],
    ['192.168.0.10', 'http', 80, 'http://192.168.0.10'],
    ['192.168.0.10', 'https', 443, 'https://192.168.0.10'],
    ['192.168.0.10:8080', 'http', 9000, null],
    ['192.168.0.10', 'http', 8080, null],
    ['evil.example:8080', 'http', 8080, null],
    ['evil.example@192.168.0.10:8080', 'http', 8080, null],
    ['192.168.0.10:8080/x', 'http', 8080, null],
    ['192.168.0.10:8080?x', 'http', 8080, null],
    ['192.168.0.10:8080', 'javascript', 8080, null],
    ['', 'http', 8080, null],
    [undefined, 'http', 8080, null],
  ] as const)('Host %s over %s on port %i -> %s', (host, protocol, port, expected) => {
    expect(trustedOrigin(host, protocol, port, names)).toBe(expected);
  });

  it("knows this machine's own names", () => {
    const own = ownHostNames();
    expect(own.has('localhost')).toBe(true);
    expect(own.has(hostname().toLowerCase())).toBe(true);
    expect(own.has(LAN)).toBe(true);
  });
});
