import { encodeClientMessage } from '@ceppro/contract';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** A real socket to a listening app, recording every frame and the close code. */
export interface TestSocket {
  ws: WebSocket;
  frames: string[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first frame (seen or future) that matches; rejects after `timeoutMs`. */
  waitFor(match: (frame: string) => boolean, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

export async function listen(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

export async function connect(port: number): Promise<TestSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const frames: string[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data: WebSocket.RawData) => {
    frames.push(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8'));
    for (const w of waiters) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    closed,
    waitFor(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(match);
          if (found === undefined) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
}

/** Connects and authenticates; resolves once the server said `authenticated`. */
export async function connectAs(port: number, token: string): Promise<TestSocket> {
  const socket = await connect(port);
  socket.ws.send(encodeClientMessage({ type: 'jwt', token }));
  await socket.waitFor((f) => f.includes('"authenticated"'), 10_000);
  return socket;
}

export const isEvent = (type: string) => (frame: string) => frame.startsWith('{') && (JSON.parse(frame) as { type?: string }).type === type;
