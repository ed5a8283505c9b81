import {
  THUMBNAIL_SAVED_TEXT,
  landmarkResponseSchema,
  storedChartDataSchema,
  uploadResponseSchema,
  type LandmarkResponse,
} from '@ceppro/contract';
import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import WebSocket from 'ws';
import { z } from 'zod';

/**
 * A small HTTP client for the bench, speaking to a running server the way the browser does:
 * bearer token, the JSON envelope, GraphQL, the upload sequence and the socket.
 */
export class BenchClient {
  /** Kept-alive connections for the list load: node's http client costs the shared cores less than fetch. */
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });

  constructor(
    readonly base: string,
    private token = '',
  ) {}

  /** Closes the kept-alive connections. */
  close(): void {
    this.agent.destroy();
  }

  async login(email: string, encodedPassword: string): Promise<void> {
    const res = await fetch(`${this.base}/public/login`, {
      method: 'POST',
      body: new URLSearchParams({ email, password: encodedPassword }),
    });
    const body = z.object({ success: z.literal(true), data: z.object({ token: z.string() }).loose() }).parse(await res.json());
    this.token = body.data.token;
  }

  async graphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    const { status, text } = await this.postJson('/graphql', JSON.stringify({ query, variables }));
    const body = JSON.parse(text) as { data?: T; errors?: Array<{ message: string }> };
    if (status !== 200 || body.errors?.length || body.data === undefined) {
      throw new Error(`graphql ${status}: ${body.errors?.[0]?.message ?? text.slice(0, 200)}`);
    }
    return body.data;
  }

  /** A JSON POST as the browser sends it: bearer token, and brotli or gzip accepted (the server compresses as for the app). */
  private postJson(path: string, json: string): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = request(
        new URL(path, this.base),
        {
          method: 'POST',
          agent: this.agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(json),
            authorization: `Bearer ${this.token}`,
            'accept-encoding': 'br, gzip',
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
            resolve({ status: res.statusCode ?? 0, text: body.toString('utf8') });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(json);
    });
  }

  async post<T>(path: string, json: unknown, schema: z.ZodType<T>): Promise<T> {
    const res = await fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify(json),
    });
    const body = (await res.json()) as { success?: boolean; data?: unknown; code?: string; message?: string };
    if (!res.ok || body.success !== true) throw new Error(`${path} ${res.status} ${body.code ?? ''} ${body.message ?? ''}`);
    return schema.parse(body.data);
  }

  /** Opens /ws and authenticates; resolves once the server confirmed. */
  async socket(): Promise<BenchSocket> {
    const ws = new WebSocket(`${this.base.replace(/^http/, 'ws')}/ws`);
    const socket = new BenchSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('error', reject);
      ws.once('open', () => {
        ws.send(JSON.stringify({ type: 'jwt', token: this.token }));
        socket.waitFor((m) => m.includes('"authenticated"')).then(resolve, reject);
      });
    });
    return socket;
  }

  /**
   * The new-patient sequence of docs/spec-points.md §4, as the web app runs it: draft patient and chart,
   * socket, presigned upload, chart data check, wait for the thumbnail, landmark detection.
   */
  async createPatientWithImage(image: Buffer, contentType: 'image/jpeg' | 'image/png', name: string): Promise<LandmarkResponse> {
    const created = await this.graphql<{ create_patient: { id: number } }>(
      'mutation($input: CreatePatientInput!) { create_patient(input: $input, draft: true) { id } }',
      { input: { first_name: name, birth_info: '2001-02-03', gender: true } },
    );
    const chart = await this.graphql<{ create_chart: { chart_id: string } }>(
      'mutation($p: Int!) { create_chart(patient_id: $p, draft: true) { chart_id } }',
      { p: created.create_patient.id },
    );
    const chartId = chart.create_chart.chart_id;
    const socket = await this.socket();
    try {
      const thumbnail = socket.waitFor((m) => m === THUMBNAIL_SAVED_TEXT);
      const upload = await this.post(
        '/minio/upload',
        { chart_id: chartId, image_type_cd: '00700', original_name: `${chartId}00700.jpg`, content_type: contentType, size: image.length },
        uploadResponseSchema,
      );
      const put = await fetch(new URL(upload.presignedUrl, this.base), {
        method: 'PUT',
        headers: { 'content-type': contentType },
        body: new Uint8Array(image),
      });
      if (!put.ok) throw new Error(`PUT ${put.status}`);
      await this.post('/minio/chart_data_request', { upload_id: upload.upload_id }, storedChartDataSchema);
      await thumbnail;
      return await this.post('/ai/ceppro/ceph-landmark', { chart_id: chartId }, landmarkResponseSchema);
    } finally {
      socket.close();
    }
  }
}

export class BenchSocket {
  private readonly messages: string[] = [];
  private readonly waiters: Array<{ test: (m: string) => boolean; resolve: () => void }> = [];

  constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: WebSocket.RawData) => {
      const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
      this.messages.push(text);
      for (const w of [...this.waiters]) {
        if (w.test(text)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve();
        }
      }
    });
  }

  /** Resolves on the first message (already received or future) that passes `test`; 30 s time-out. */
  waitFor(test: (message: string) => boolean, timeoutMs = 30_000): Promise<void> {
    if (this.messages.some(test)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket: timed out waiting for a message')), timeoutMs);
      this.waiters.push({
        test,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}
