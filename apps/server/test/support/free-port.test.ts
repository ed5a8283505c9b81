import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './free-port';

/** The e2e servers, Orthanc and the benches start on these ports: below the ephemeral range, and really free. */

const held: Server[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

function hold(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      held.push(server);
      resolve();
    });
  });
}

/** Random numbers that pick `ports` in order (freePort draws from 20000-31999). */
const picking = (ports: number[]) => {
  let i = 0;
  return () => ((ports[i++] ?? 20_000) - 20_000) / 12_000;
};

describe('freePort', () => {
  it('answers a port below the ephemeral range (32768 and up) that a server can listen on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(32_000);
    await hold(port);
  });

  it('passes over a port something listens on, even on 127.0.0.1 only', async () => {
    const taken = await freePort();
    await hold(taken);
    const other = await freePort();
    const port = await freePort(picking([taken, taken, other]));
    expect(port).toBe(other);
  });
});
