import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import WebSocket from 'ws';
import { encodePassword, type TestUser } from './accounts.ts';
import { expectTruthy } from './expect-value.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The dataset the browser flows upload (CEPH_DATASET_DIR or ../shared/datasets/isbi2015), or null. */
export function datasetDir(): string | null {
  const dir = process.env.CEPH_DATASET_DIR ?? join(root, '../shared/datasets/isbi2015');
  return existsSync(join(dir, 'manifest.json')) ? dir : null;
}

/** A real cephalogram from the dataset's test split (nth from the end). */
export function cephalogramPath(n = 0): string {
  const dir = datasetDir();
  expectTruthy(dir, 'the dataset is needed (CEPH_DATASET_DIR or ../shared/datasets/isbi2015)');
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { images: Array<{ file: string }> };
  const image = manifest.images[manifest.images.length - 1 - n];
  expectTruthy(image, 'dataset manifest has no images');
  return join(dir, image.file);
}

/** Freely licensed photos that are not cephalograms (see apps/server/test/fixtures/non-ceph/README.md). */
export function nonCephPath(name: 'astronaut' | 'chelsea' | 'coffee' | 'hubble_deep_field' = 'astronaut'): string {
  return join(root, `apps/server/test/fixtures/non-ceph/${name}.jpg`);
}

/** Every file under the server's object store (fs driver: `<DATA_DIR>/objects`). */
export function storedObjects(dataDir: string): string[] {
  const base = join(dataDir, 'objects');
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(full.slice(base.length + 1));
    }
  };
  walk(base);
  return out;
}

interface Envelope {
  success?: boolean;
  data?: Record<string, unknown>;
  code?: string;
  message?: string;
}

/**
 * Seeds patients the way the web app makes them (docs/spec-points.md §4), from Node: the browser flows then
 * start from a list that already has rows. Refreshes the short e2e access token when it expires.
 */
export class PatientsApi {
  private token = '';
  private refreshToken = '';

  constructor(
    private readonly baseUrl: string,
    private readonly user: TestUser,
  ) {}

  async login(): Promise<void> {
    const body = await this.raw(
      '/public/login',
      new URLSearchParams({ email: this.user.email, password: encodePassword(this.user.password) }),
    );
    expectTruthy(body.success, `login: ${body.code} ${body.message}`);
    this.token = String(body.data?.token);
    this.refreshToken = String(body.data?.refresh_token);
  }

  private async raw(path: string, body: URLSearchParams | string, auth = false): Promise<Envelope> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.user.ip };
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    if (auth) headers.authorization = `Bearer ${this.token}`;
    const res = await fetch(`${this.baseUrl}${path}`, { method: 'POST', headers, body });
    return (await res.json()) as Envelope;
  }

  /** POST with the bearer token; one refresh on J002. */
  private async call(path: string, json: unknown): Promise<Envelope> {
    let body = await this.raw(path, JSON.stringify(json), true);
    if (body.success !== true && body.code === 'J002') {
      await this.refresh();
      body = await this.raw(path, JSON.stringify(json), true);
    }
    return body;
  }

  async post(path: string, json: unknown): Promise<Record<string, unknown>> {
    const body = await this.call(path, json);
    expectTruthy(body.success, `${path}: ${body.code} ${body.message}`);
    return body.data ?? {};
  }

  async graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const body = (await this.call('/graphql', { query, variables })) as { data?: T; errors?: Array<{ message: string }> } & Envelope;
    expectTruthy(!body.errors?.length && body.data, `graphql: ${body.errors?.[0]?.message ?? body.code}`);
    return body.data;
  }

  /**
   * Saves some of a record's documents (not the landmarks) as the viewer does: from the revisions
   * read just before (`document_revisions`), since the server refuses a save without them
   * (REVISION_REQUIRED). `drawing_result` is written whole here, so its revision is the column's.
   */
  async saveRecordDocuments(recordId: number, input: Record<string, unknown>): Promise<void> {
    type Item = { document_revisions: { documents: Record<string, string | null> } };
    const read = await this.graphql<{ analysis_records: { items: Item[] } }>(
      'query($id: Int!) { analysis_records(filter: { id: $id }) { items { document_revisions } } }',
      { id: recordId },
    );
    const revisions = read.analysis_records.items[0]?.document_revisions.documents;
    expectTruthy(revisions, `analysis record ${recordId} is readable`);
    const base = Object.fromEntries(Object.keys(input).map((name) => [name, revisions[name] ?? null]));
    await this.graphql(
      'mutation($id: Int!, $i: AnalysisRecordInput!, $b: JSON) { update_analysis_record(id: $id, input: $i, base_documents: $b) { id } }',
      { id: recordId, i: input, b: base },
    );
  }

  /** Draft patient + chart, upload the cephalogram (and a photo), wait for thumbnails, run the AI. */
  async createPatient(
    patient: { first_name: string; birth_info: string; gender: boolean },
    images: { ceph: string; face?: string; shootDate?: string },
  ): Promise<{ patientId: number; chartId: string; chartUuid: string }> {
    const created = await this.graphql<{ create_patient: { id: number } }>(
      'mutation($i: CreatePatientInput!) { create_patient(input: $i, draft: true) { id } }',
      { i: patient },
    );
    return this.addChart(created.create_patient.id, images, true);
  }

  async addChart(
    patientId: number,
    images: { ceph: string; face?: string; shootDate?: string },
    draft = true,
  ): Promise<{ patientId: number; chartId: string; chartUuid: string }> {
    const chart = await this.graphql<{ create_chart: { chart_id: string; uuid: string } }>(
      'mutation($p: Int!, $d: Boolean) { create_chart(patient_id: $p, draft: $d) { chart_id uuid } }',
      { p: patientId, d: draft },
    );
    const chartId = chart.create_chart.chart_id;
    const files: Array<[string, string]> = [[images.ceph, '00700']];
    if (images.face) files.push([images.face, '00710']);
    const socket = await this.socket();
    try {
      for (const [file, type] of files) {
        const bytes = readFileSync(file);
        const contentType = file.endsWith('.png') ? 'image/png' : 'image/jpeg';
        const upload = await this.post('/minio/upload', {
          chart_id: chartId,
          image_type_cd: type,
          shoot_date: images.shootDate ?? null,
          content_type: contentType,
          size: bytes.length,
        });
        const put = await fetch(new URL(String(upload.presignedUrl), this.baseUrl), {
          method: 'PUT',
          headers: { 'content-type': contentType },
          body: new Uint8Array(bytes),
        });
        expect(put.status, 'presigned PUT').toBe(200);
        await this.post('/minio/chart_data_request', { upload_id: upload.upload_id });
      }
      await socket.thumbnails(files.length);
    } finally {
      socket.close();
    }
    await this.post('/ai/ceppro/ceph-landmark', { chart_id: chartId });
    return { patientId, chartId, chartUuid: chart.create_chart.uuid };
  }

  /** The e2e access token is short-lived (E2E_ACCESS_TOKEN_TTL_S): a socket must authenticate with a fresh one. */
  private async refresh(): Promise<void> {
    const refreshed = await this.raw('/api/refresh-token', new URLSearchParams({ refreshToken: this.refreshToken }));
    expectTruthy(refreshed.success, `refresh: ${refreshed.code}`);
    this.token = String(refreshed.data?.token);
    this.refreshToken = String(refreshed.data?.refresh_token);
  }

  private async socket(): Promise<{ thumbnails: (n: number) => Promise<void>; close: () => void }> {
    await this.refresh();
    const ws = new WebSocket(`${this.baseUrl.replace(/^http/, 'ws')}/ws`, { headers: { 'x-forwarded-for': this.user.ip } });
    let saved = 0;
    let authenticated = false;
    ws.on('message', (data: WebSocket.RawData) => {
      const text = data.toString();
      if (text === 'DB thumbnail Saved') saved += 1;
      if (text.includes('"authenticated"')) authenticated = true;
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'jwt', token: this.token }));
    // Messages the socket counted (not DOM): polled.
    const until = async (check: () => boolean, what: string) => {
      await expect.poll(check, { message: `socket: ${what}`, timeout: 20_000, intervals: [50] }).toBe(true);
    };
    await until(() => authenticated, 'authentication');
    return { thumbnails: (n) => until(() => saved >= n, `${n} thumbnails`), close: () => ws.close() };
  }
}
