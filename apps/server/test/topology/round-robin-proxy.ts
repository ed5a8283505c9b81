import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Requests and socket upgrades each backend port received. */
  hits: Map<number, number>;
  /** Holds new HTTP requests (not sockets) until `resume`: a backend that stops answering. */
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

/**
 * The load balancer of the scale-out test, in a few lines: each HTTP request and each WebSocket
 * upgrade goes to the next backend in turn; headers (X-Forwarded-For included) pass unchanged.
 */
export async function startRoundRobinProxy(backends: () => number[]): Promise<RoundRobinProxy> {
  let turn = 0;
  const hits = new Map<number, number>();
  const next = () => {
    const list = backends();
    const port = list[turn++ % list.length] ?? 0;
    hits.set(port, (hits.get(port) ?? 0) + 1);
    return port;
  };
  const sockets = new Set<net.Socket>();
  let held: Array<() => void> | null = null;
  const server = http.createServer((req, res) => {
    if (held) held.push(() => forward(req, res));
    else forward(req, res);
  });
  const forward = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const target = { host: '127.0.0.1', port: next(), method: req.method, path: req.url, headers: req.headers };
    const upstream = http.request(target, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  };
  server.on('upgrade', (req, socket: net.Socket, head: Buffer) => {
    const upstream = net.connect(next(), '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    for (const s of [socket, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const resume = () => {
    const waiting = held ?? [];
    held = null;
    for (const go of waiting) go();
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    pause() {
      held ??= [];
    },
    resume,
    async close() {
      resume();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
