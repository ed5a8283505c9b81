import { AsyncLocalStorage } from 'node:async_hooks';
import { hostname, networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';

/**
 * The address a browser used to reach this server, for the links in mails when no PUBLIC_URL is
 * configured (services.ts `PublicUrl`). A clinic that opens the product at http://192.168.0.10:8080
 * gets sign-up and invitation links to http://192.168.0.10:8080, not to localhost (which, on the
 * reader's own computer, is nothing). The request's Host header is trusted only when it names this
 * machine (localhost, its host name, or one of its network interfaces' addresses) on the port the
 * server listens on: anything else (a forged Host, a name only a proxy knows) falls back to
 * http://localhost:<port>, so a request cannot plant another site in a mail (host-header injection).
 * Behind a reverse proxy or under a DNS name, set PUBLIC_URL (docs/deploy.md).
 */

interface RequestHost {
  readonly host: string | undefined;
  readonly protocol: string;
}

const current = new AsyncLocalStorage<RequestHost>();

/**
 * Keeps each request's Host header and protocol for the code its handler runs (mails built while
 * answering it). A preHandler hook: it runs after the body is read, so the handler and everything it
 * awaits see the value (the body's stream events would lose an earlier one).
 */
export function registerRequestOrigin(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    current.run({ host: request.headers.host, protocol: request.protocol }, done);
  });
}

/** This machine's names as a Host header carries them, lower case: localhost, its host name, every interface address (IPv6 in brackets). */
export function ownHostNames(): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  const own = hostname().toLowerCase();
  if (own !== '') names.add(own).add(`${own}.local`);
  for (const addresses of Object.values(networkInterfaces()))
    for (const a of addresses ?? []) names.add(a.family === 'IPv6' ? `[${a.address.toLowerCase().split('%')[0]}]` : a.address);
  return names;
}

/**
 * `protocol://host[:port]` for a Host header that names one of `names` on `port` (the port the
 * server listens on; 80/443 may be left out), else null. Only a bare host and port pass: no user
 * info, path or other characters.
 */
export function trustedOrigin(host: string | undefined, protocol: string, port: number, names: ReadonlySet<string>): string | null {
  if (host === undefined || host.length > 255 || !/^[A-Za-z0-9.:[\]-]+$/.test(host)) return null;
  if (protocol !== 'http' && protocol !== 'https') return null;
  let url: URL;
  try {
    url = new URL(`${protocol}://${host}`);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '') return null;
  const effectivePort = url.port === '' ? (protocol === 'https' ? 443 : 80) : Number(url.port);
  if (effectivePort !== port || !names.has(url.hostname.toLowerCase())) return null;
  return url.origin;
}

/** The origin of the request being answered when its Host names this server on `port`; null outside a request or for any other Host. */
export function currentRequestOrigin(port: number): string | null {
  const request = current.getStore();
  return request === undefined ? null : trustedOrigin(request.host, request.protocol, port, ownHostNames());
}
