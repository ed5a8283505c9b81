import { vi } from 'vitest';

/**
 * A fake of everything outside the browser that the upload pipeline talks to: fetch (GraphQL and
 * the file/AI endpoints), XMLHttpRequest (the presigned PUT) and WebSocket (`/ws`). The fakes
 * follow the server's protocol closely enough that runUpload cannot tell: the socket answers
 * `authenticated` to the jwt message and, after each chart_data_request, sends the text line "DB
 * thumbnail Saved" and the thumbnail job's typed `job.completed` for the chart.
 */
export interface BackendOptions {
  /** What the landmark endpoint answers; default success. */
  landmark?: 'ok' | 'refuse';
  /** Don't send thumbnail lines (the time-out case). */
  silentThumbnails?: boolean;
  /** Thumbnails of another chart (an upload in another tab): the text line and that chart's events only. */
  foreignThumbnails?: boolean;
  /** Error code chart_data_request answers with (an invalid image). */
  chartDataError?: string;
  /** HTTP status of the presigned PUT; default 200. */
  putStatus?: number;
}

export interface Call {
  path: string;
  auth: string | null;
  body: unknown;
}

const CHART = {
  id: 11,
  uuid: '6f1c1e9e-8c56-4a5b-9a3c-2d8e4b1f0a11',
  chart_id: '0b6f3d9a-1c2e-4f5a-8b7c-9d0e1f2a3b4c',
  patient: { id: 7 },
};
export const FAKE_CHART = CHART;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeSocket[] = [];
  readonly sent: string[] = [];
  readyState = FakeSocket.CONNECTING;
  closedByClient = false;

  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
    setTimeout(() => {
      this.readyState = FakeSocket.OPEN;
      this.dispatchEvent(new Event('open'));
    }, 0);
  }

  send(data: string): void {
    this.sent.push(data);
    const message = JSON.parse(data) as { type: string; token?: string };
    if (message.type === 'jwt') setTimeout(() => this.serverSends(JSON.stringify({ type: 'authenticated' })), 0);
  }

  close(code = 1000): void {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.closedByClient = true;
    this.readyState = FakeSocket.CLOSED;
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason: '' }));
  }

  serverSends(data: string): void {
    if (this.readyState !== FakeSocket.OPEN) return;
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

export function installBackend(options: BackendOptions = {}) {
  const calls: Call[] = [];
  const puts: Array<{ url: string; contentType: string | null; size: number }> = [];
  let uploads = 0;

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const headers = new Headers(init?.headers);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ path, auth: headers.get('Authorization'), body });
    const ok = (data: unknown) => json(200, { success: true, data });
    switch (path) {
      case '/graphql': {
        const { query } = body as { query: string };
        if (query.includes('create_patient')) return json(200, { data: { create_patient: { id: 7, patient_id: null } } });
        if (query.includes('create_chart')) return json(200, { data: { create_chart: CHART } });
        if (query.includes('charts(')) return json(200, { data: { charts: [CHART] } });
        return json(400, { errors: [{ message: 'unknown query' }] });
      }
      case '/minio/upload': {
        const request = body as { content_type: string };
        uploads += 1;
        return ok({
          upload_id: `00000000-0000-4000-8000-00000000000${uploads}`,
          presignedUrl: `/files/uploads/${uploads}?exp=1&sig=x`,
          method: 'PUT',
          content_type: request.content_type,
          expires_at: '2030-01-01T00:00:00.000Z',
        });
      }
      case '/minio/chart_data_request': {
        if (options.chartDataError) return json(422, { success: false, code: options.chartDataError, message: 'bad image' });
        const socket = FakeSocket.instances.at(-1);
        if (!options.silentThumbnails) {
          const chartUuid = options.foreignThumbnails ? '11111111-2222-4333-8444-555555555555' : CHART.uuid;
          const jobId = `job-${uploads}`;
          setTimeout(() => {
            socket?.serverSends('DB thumbnail Saved');
            socket?.serverSends(JSON.stringify({ type: 'job.completed', jobId, job: 'thumbnail', chartUuid }));
          }, 5);
        }
        return ok({
          id: 1,
          chart_id: CHART.chart_id,
          image_type_cd: '00700',
          shoot_date: null,
          width: 800,
          height: 900,
          pending: true,
          create_at: '2026-01-01T00:00:00.000Z',
        });
      }
      case '/ai/ceppro/ceph-landmark':
        if (options.landmark === 'refuse')
          return json(422, { success: false, code: 'XRAY_NOT_RECOGNIZED', message: 'Please check the X-ray image.' });
        return ok({
          output: { boxs: [{ cname: 0, name: 'Sella', bbox: { x: 10, y: 20 }, confidence: 0.9 }], size: { width: 800, height: 900 } },
          model: { id: 'ceph-landmarks-v1', version: '1.1.0' },
          analysis_record_id: 3,
          chart_uuid: CHART.uuid,
        });
      case '/api/discard-upload':
        return ok({ chart_data: 1, chart: true, patient: true });
      default:
        return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found.' });
    }
  });

  class FakeXhr extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    private url = '';
    private contentType: string | null = null;
    private timer: ReturnType<typeof setTimeout> | null = null;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      if (name.toLowerCase() === 'content-type') this.contentType = value;
    }
    send(file: Blob) {
      puts.push({ url: this.url, contentType: this.contentType, size: file.size });
      this.timer = setTimeout(() => {
        this.upload.dispatchEvent(
          Object.assign(new Event('progress'), { lengthComputable: true, loaded: file.size / 2, total: file.size }),
        );
        this.timer = setTimeout(() => {
          this.status = options.putStatus ?? 200;
          this.dispatchEvent(new Event('load'));
        }, 1);
      }, 1);
    }
    abort() {
      if (this.timer) clearTimeout(this.timer);
      this.dispatchEvent(new Event('abort'));
    }
  }

  FakeSocket.instances = [];
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('WebSocket', FakeSocket);
  document.cookie = 'token=access-1; path=/';
  return {
    calls,
    puts,
    paths: () => calls.map((c) => c.path),
    sockets: () => FakeSocket.instances,
  };
}
