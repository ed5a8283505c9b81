import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** One answer as the load client saw it; status 0 when the connection failed. */
export interface LoadAnswer {
  status: number;
  text: string;
  json: unknown;
  ms: number;
}

/**
 * An HTTP client for floods: its own pool of kept-alive connections (`connections` of them, opened
 * beforehand by `warm`), so a flood reaches the server at once instead of at the pace new
 * connections open, and a measuring client on its own pool never queues behind the flood inside
 * this process (fetch shares one pool per origin).
 */
export class LoadClient {
  private readonly agent: Agent;

  constructor(
    readonly base: string,
    readonly token: string,
    readonly connections: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  }

  /** Opens the pool's connections with as many GET /healthz at once (not a budgeted route). */
  async warm(): Promise<void> {
    await Promise.all(Array.from({ length: this.connections }, () => this.send('GET', '/healthz')));
  }

  graphql(query: string, variables: Record<string, unknown> = {}): Promise<LoadAnswer> {
    return this.send('POST', '/graphql', JSON.stringify({ query, variables }));
  }

  post(path: string, json: unknown): Promise<LoadAnswer> {
    return this.send('POST', path, JSON.stringify(json));
  }

  send(method: string, path: string, body?: string): Promise<LoadAnswer> {
    const started = performance.now();
    const headers: Record<string, string | number> = { 'accept-encoding': 'br, gzip' };
    if (this.token) headers['authorization'] = `Bearer ${this.token}`;
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    return new Promise((resolve) => {
      const req = request(new URL(path, this.base), { method, agent: this.agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', () => resolve({ status: 0, text: '', json: undefined, ms: performance.now() - started }));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const bytes = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          const text = (res.headers['content-type'] ?? '').includes('json') ? bytes.toString('utf8') : '';
          resolve({ status: res.statusCode ?? 0, text, json: parseJson(text), ms: performance.now() - started });
        });
      });
      req.setTimeout(60_000, () => req.destroy(new Error('timed out')));
      req.on('error', () => resolve({ status: 0, text: '', json: undefined, ms: performance.now() - started }));
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
