import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { BenchClient } from '../bench-api-client';
import { datasetDir, loadDatasetManifest } from '../../../apps/server/src/cli/dataset-manifest';
import type { ProbeClient } from './probe-client';

/** What user A owns after setup; B aims at these ids. */
export interface VictimData {
  name: string;
  birth: string;
  patientId: number;
  chartRowId: number;
  chartUuid: string;
  chartId: string;
  chartDataId: number | null;
  recordId: number;
  detection: string;
  /** A's accepted upload: its id and the PUT URL it was given, which must be spent by now. */
  uploadId: string | null;
  uploadUrl: string | null;
}

/** The probe's film: a dataset cephalogram scaled to 968 x 1200 when present, else a flat grey JPEG. */
export async function probeFilm(): Promise<{ bytes: Buffer; source: string }> {
  const dir = datasetDir();
  if (dir && existsSync(resolve(dir, 'manifest.json'))) {
    const { manifest, baseDir } = await loadDatasetManifest(resolve(dir, 'manifest.json'));
    const image = manifest.images.at(-1);
    if (image) {
      const bytes = await sharp(resolve(baseDir, image.file)).resize(968, 1200, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
      return { bytes, source: `dataset film ${image.file}` };
    }
  }
  const bytes = await sharp({ create: { width: 968, height: 1200, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .jpeg()
    .toBuffer();
  return { bytes, source: 'grey JPEG' };
}

/** Creates a patient (not a draft) with a chart, one uploaded cephalogram, detection and an analysis record. */
export async function createVictim(a: ProbeClient, name: string, film: Buffer): Promise<VictimData> {
  const birth = '1987-06-05';
  const patient = await a.mustGraphql<{ create_patient: { id: number } }>(
    'setup patient',
    'mutation($i: CreatePatientInput!) { create_patient(input: $i, draft: false) { id } }',
    { i: { first_name: name, birth_info: birth, gender: true, mobile_nb: '010-5555-0101' } },
  );
  const patientId = patient.create_patient.id;
  const chart = await a.mustGraphql<{ create_chart: { id: number; uuid: string; chart_id: string } }>(
    'setup chart',
    'mutation($p: Int!) { create_chart(patient_id: $p, draft: false) { id uuid chart_id } }',
    { p: patientId },
  );
  const { id: chartRowId, uuid: chartUuid, chart_id: chartId } = chart.create_chart;
  const socket = await new BenchClient(a.base, a.token).socket();
  let detection = 'refused';
  let uploadId: string | null = null;
  let uploadUrl: string | null = null;
  try {
    const thumbnail = socket.waitFor((m) => m === 'DB thumbnail Saved', 20_000);
    const upload = await a.must('setup upload', '/minio/upload', {
      chart_id: chartId,
      image_type_cd: '00700',
      content_type: 'image/jpeg',
      size: film.length,
    });
    const put = await a.request('setup PUT', 'PUT', String(upload.presignedUrl), new Uint8Array(film), { 'content-type': 'image/jpeg' });
    if (put.status !== 200) throw new Error(`setup PUT ${put.status}`);
    await a.must('setup chart data', '/minio/chart_data_request', { upload_id: upload.upload_id });
    uploadId = String(upload.upload_id);
    uploadUrl = String(upload.presignedUrl);
    await thumbnail.catch(() => undefined);
    const detected = await a.post('setup detection', '/ai/ceppro/ceph-landmark', { chart_id: chartId });
    const body = detected.json as { success?: boolean; code?: string } | undefined;
    detection = body?.success === true ? 'succeeded' : `refused (${body?.code ?? detected.status})`;
  } finally {
    socket.close();
  }
  const data = await a.mustGraphql<{ chart_data: Array<{ id: number }> }>(
    'setup chart_data',
    'query($c: Int!) { chart_data(chart_id: $c) { id } }',
    { c: chartRowId },
  );
  const records = await a.mustGraphql<{ analysis_records: { items: Array<{ id: number }> } }>(
    'setup records',
    'query($c: Int!) { analysis_records(filter: { chart_id: $c }) { items { id } } }',
    { c: chartRowId },
  );
  let recordId = records.analysis_records.items[0]?.id;
  if (recordId === undefined) {
    const created = await a.mustGraphql<{ create_analysis_record: { id: number } }>(
      'setup record',
      'mutation($c: Int!, $i: AnalysisRecordInput!) { create_analysis_record(chart_id: $c, input: $i) { id } }',
      { c: chartRowId, i: { ruler_info: { version: 1, p1: { x: 10, y: 10 }, p2: { x: 110, y: 10 }, length_mm: 10, ppm: 10 } } },
    );
    recordId = created.create_analysis_record.id;
  }
  return {
    name,
    birth,
    patientId,
    chartRowId,
    chartUuid,
    chartId,
    chartDataId: data.chart_data[0]?.id ?? null,
    recordId,
    detection,
    uploadId,
    uploadUrl,
  };
}

/**
 * Everything A can read about the victim data, minus URLs that are re-signed on every read, plus the
 * SHA-256 of each file's bytes as A downloads them (a replaced film changes the snapshot).
 */
export async function snapshot(a: ProbeClient, v: VictimData): Promise<string> {
  const graph = await a.mustGraphql<unknown>(
    'snapshot',
    `query($p: Int!, $c: Int!) {
      patient(id: $p) {
        id patient_id first_name birth_info gender createdAt
        charts { id uuid chart_id createdAt chart_data { image_type_cd shoot_date } }
      }
      charts(filter: { patient_id: $p }) { id uuid chart_id chart_data { id image_type_cd shoot_date } analysis_record_id }
      chart_data(chart_id: $c) { id image_type_cd shoot_date }
      analysis_records(filter: { chart_id: $c }) {
        items { id chart_id infer_result modified_result ruler_info img_size revision updatedAt }
      }
      drawing_result(chart_id: $c)
    }`,
    { p: v.patientId, c: v.chartRowId },
  );
  const download = await a.must('snapshot download', '/minio/download', { chart_id: v.chartId });
  const files = await Promise.all(
    Object.values(download).map(async (e) => {
      const { presignedPath: url, ...rest } = e as Record<string, unknown>;
      if (typeof url !== 'string') return rest;
      const res = await a.request('snapshot file', 'GET', url);
      return { ...rest, status: res.status, sha256: createHash('sha256').update(res.bytes).digest('hex') };
    }),
  );
  return JSON.stringify({ graph, files });
}
