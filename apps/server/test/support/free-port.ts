import { createServer } from 'node:net';

/** Below Linux's ephemeral range (`ip_local_port_range`, 32768-60999 by default). */
const FIRST = 20_000;
const LAST = 32_000;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    // 0.0.0.0, as the servers listen: it also fails when anything holds the port on 127.0.0.1.
    probe.listen(port, '0.0.0.0', () => probe.close(() => resolve(true)));
  });
}

/**
 * A TCP port nothing listens on now, for a server another process starts on it a moment later (or for a
 * client that must be refused). Picked at random below the ephemeral range: a `listen(0)` port comes from
 * that range, which also gives outgoing connections their local ports, and in one CI run a connection
 * (Chromium's or a test's) took such a port between the probe and the server's own `listen` (EADDRINUSE).
 * Below the range only another listener can take it; e2e/src/server.ts still starts again on another port
 * if that happens.
 */
export async function freePort(random: () => number = Math.random): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = FIRST + Math.floor(random() * (LAST - FIRST));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free TCP port between ${FIRST} and ${LAST} after 100 tries`);
}
