import { FILE_ENDPOINTS, IMAGE_TYPE, successEnvelopeSchema, type ImageTypeCd } from '@ceppro/contract';
import { eq } from 'drizzle-orm';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { datasetDir } from '../../src/cli/dataset-manifest';
import { chartData } from '../../src/db/schema/index';
import type { HarnessOptions, Reply } from '../auth/auth-harness';
import { createGraphHarness, type GraphHarness } from '../graphql/graph-harness';

/** A chart the tests upload to: `chartId` is the chart_id string the file endpoints take. */
export interface TestChart {
  patientRef: number;
  chartRef: number;
  chartId: string;
  uuid: string;
}

export interface ImageHarness extends GraphHarness {
  /** POST with a bearer token, JSON body; successful replies are checked against the contract. */
  call(token: string, url: string, body: unknown): Promise<Reply>;
  /** A patient and chart, drafts (the new-patient flow) or committed. */
  chart(token: string, options?: { draft?: boolean; name?: string }): Promise<TestChart>;
  /** upload -> PUT through the fs driver's /files URL -> chart_data_request. Returns the last reply. */
  uploadImage(
    token: string,
    chartId: string,
    bytes: Buffer | null,
    options?: { type?: ImageTypeCd; contentType?: string; shootDate?: string; declaredSize?: number },
  ): Promise<Reply>;
  /**
   * `uploadImage` (which must succeed), then the image made live as landmark detection would: its
   * pending mark cleared. Answers its chart_data id.
   */
  liveImage(token: string, chartId: string, bytes: Buffer, options?: Parameters<ImageHarness['uploadImage']>[3]): Promise<number>;
  /** `create_analysis_record` on the chart (its integer id) with `input`; answers the record's id. */
  createRecord(token: string, chartRef: number, input: Record<string, unknown>): Promise<number>;
  /** PUT raw bytes to a presigned URL (fs driver, through inject). */
  put(url: string, bytes: Buffer, contentType: string): Promise<number>;
  /** Object keys in the fs store (bookkeeping folders left out). */
  objects(): Promise<string[]>;
  close(): Promise<void>;
}

const RESPONSES = new Map<string, (typeof FILE_ENDPOINTS)[keyof typeof FILE_ENDPOINTS]['response']>(
  Object.values(FILE_ENDPOINTS).map((e) => [e.path, e.response]),
);

export async function createImageHarness(env: Record<string, string> = {}, options: HarnessOptions = {}): Promise<ImageHarness> {
  const g = await createGraphHarness(env, options);
  const call: ImageHarness['call'] = async (token, url, body) => {
    const reply = await g.h.postJson(url, body, { token });
    const schema = RESPONSES.get(url);
    if (reply.status === 200 && schema) {
      const parsed = successEnvelopeSchema(schema).safeParse(reply.body);
      if (!parsed.success) throw new Error(`${url} answered outside the contract: ${parsed.error.message}\n${reply.raw}`);
    }
    return reply;
  };
  const put: ImageHarness['put'] = async (url, bytes, contentType) => {
    const target = new URL(url);
    const response = await g.h.app.inject({
      method: 'PUT',
      url: `${target.pathname}${target.search}`,
      headers: { 'content-type': contentType },
      payload: bytes,
    });
    return response.statusCode;
  };
  const uploadImage: ImageHarness['uploadImage'] = async (token, chartId, bytes, options = {}) => {
    const contentType = options.contentType ?? 'image/jpeg';
    const up = await call(token, '/minio/upload', {
      chart_id: chartId,
      image_type_cd: options.type ?? IMAGE_TYPE.cephalogram,
      original_name: `${chartId}${options.type ?? IMAGE_TYPE.cephalogram}.jpg`,
      shoot_date: options.shootDate ?? '2024-03-04',
      content_type: contentType,
      size: options.declaredSize ?? Math.max(1, bytes?.length ?? 1),
    });
    expect(up.status, up.raw).toBe(200);
    if (bytes) expect(await put(String(up.body.data?.presignedUrl), bytes, contentType)).toBe(200);
    return call(token, '/minio/chart_data_request', { upload_id: up.body.data?.upload_id });
  };
  return {
    ...g,
    call,
    put,
    async chart(token, options = {}) {
      const draft = options.draft ?? false;
      const patient = await g.ok<{ create_patient: { id: number } }>(
        token,
        `mutation($i: CreatePatientInput!, $d: Boolean) { create_patient(input: $i, draft: $d) { id } }`,
        { i: { first_name: options.name ?? 'Kim Ceph', birth_info: '1990-05-06', gender: true }, d: draft },
      );
      const chart = await g.ok<{ create_chart: { id: number; chart_id: string; uuid: string } }>(
        token,
        `mutation($p: Int!, $d: Boolean) { create_chart(patient_id: $p, draft: $d) { id chart_id uuid } }`,
        { p: patient.create_patient.id, d: draft },
      );
      return {
        patientRef: patient.create_patient.id,
        chartRef: chart.create_chart.id,
        chartId: chart.create_chart.chart_id,
        uuid: chart.create_chart.uuid,
      };
    },
    uploadImage,
    async liveImage(token, chartId, bytes, options = {}) {
      const up = await uploadImage(token, chartId, bytes, options);
      expect(up.status, up.raw).toBe(200);
      const id = Number(up.body.data?.id);
      await g.h.services.database.db.update(chartData).set({ pendingExpiresAt: null }).where(eq(chartData.id, id));
      return id;
    },
    async createRecord(token, chartRef, input) {
      const create = 'mutation($c: Int!, $i: AnalysisRecordInput!) { create_analysis_record(chart_id: $c, input: $i) { id } }';
      const data = await g.ok<{ create_analysis_record: { id: number } }>(token, create, { c: chartRef, i: input });
      return data.create_analysis_record.id;
    },
    async objects() {
      const root = path.join(g.h.config.dataDir, 'objects');
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
        .filter((key) => !key.startsWith('.'))
        .sort();
    },
    close: () => g.close(),
  };
}

/** Waits until `check` returns a value (polling); fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const CEPH_DIR = datasetDir();
export const CEPH_SKIP_REASON = 'no cephalogram dataset at CEPH_DATASET_DIR or ../shared/datasets/isbi2015 (see its README)';
export const hasCephDataset = CEPH_DIR !== null;

/** A real lateral cephalogram of the ISBI 2015 set (968 x 1200 JPEG). */
export function cephalogram(id = '151'): Promise<Buffer> {
  if (!CEPH_DIR) throw new Error(CEPH_SKIP_REASON);
  return readFile(path.join(CEPH_DIR, 'images', `${id}.jpg`));
}

/** A plain image that passes every upload check (not an X-ray: the model refuses it). */
export function plainImage(width = 800, height = 640, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 120, g: 130, b: 140 } } });
  return (format === 'png' ? img.png() : img.jpeg()).toBuffer();
}

/** A real photo (not a cephalogram), enlarged past the model's minimum side. */
export async function nonCephalogram(): Promise<Buffer> {
  const file = path.join(import.meta.dirname, '../fixtures/non-ceph/astronaut.jpg');
  return sharp(await readFile(file))
    .resize(1024, 1024)
    .jpeg()
    .toBuffer();
}
