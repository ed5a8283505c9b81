import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { BenchClient } from './bench-api-client';
import { datasetDir, loadDatasetManifest } from '../../apps/server/src/cli/dataset-manifest';

/** The spec's new-patient processing time-out (product spec, "Request time-out 30 s"). */
export const NEW_PATIENT_TIMEOUT_MS = 30_000;

interface Film {
  bytes: Buffer;
  type: 'image/jpeg' | 'image/png';
}

/** The last `count` dataset films, or null (with the reason printed) when the dataset is absent. */
async function films(count: number): Promise<Film[] | null> {
  const dir = datasetDir();
  if (!dir) {
    console.log('upload_to_landmarks skipped: no dataset (CEPH_DATASET_DIR or ../shared/datasets/isbi2015)');
    return null;
  }
  const { manifest, baseDir } = await loadDatasetManifest(resolve(dir, 'manifest.json'));
  const files = manifest.images.slice(-count).map((im) => resolve(baseDir, im.file));
  const typeOf = (file: string): Film['type'] => (file.toLowerCase().endsWith('.png') ? 'image/png' : 'image/jpeg');
  return Promise.all(files.map(async (file) => ({ bytes: await readFile(file), type: typeOf(file) })));
}

async function upload(client: BenchClient, film: Film, label: string): Promise<number> {
  const t = performance.now();
  const result = await client.createPatientWithImage(film.bytes, film.type, label);
  const ms = performance.now() - t;
  const { boxs, size } = result.output;
  console.log(`${label}: ${ms.toFixed(0)} ms, ${boxs.length} landmarks on ${size.width}x${size.height}`);
  return ms;
}

/**
 * Upload-to-landmarks one at a time (the web app's new-patient sequence). The first run loads the
 * model in the worker thread: reported, not counted.
 */
export async function sequentialUploads(client: BenchClient, runs: number): Promise<number[]> {
  if (runs === 0) return [];
  const list = await films(runs + 1);
  if (!list) return [];
  const times: number[] = [];
  for (const [i, film] of list.entries()) {
    const ms = await upload(client, film, `upload ${i}${i === 0 ? ' (warm-up)' : ''}`);
    if (i > 0) times.push(ms);
  }
  return times;
}

export interface ConcurrentUploads {
  times: number[];
  allWithin30s: boolean;
  maxHealthzMs: number;
  healthzProbes: number;
}

/**
 * One new-patient upload per client, all started at once (after one warm-up that loads the model),
 * while GET /healthz is asked every 100 ms; the clients are different users, as ten clinics would
 * be (one user may run only AI_MAX_PER_USER detections at a time). A failed upload counts as late.
 */
export async function concurrentUploads(base: string, clients: BenchClient[]): Promise<ConcurrentUploads | null> {
  const [first] = clients;
  if (!first) return null;
  const list = await films(clients.length + 1);
  if (!list) return null;
  const [warm, ...rest] = list;
  if (warm) await upload(first, warm, 'concurrent warm-up');
  const health: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const t = performance.now();
      const res = await fetch(`${base}/healthz`);
      await res.arrayBuffer();
      health.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const runs = rest.map((film, i) => upload(clients[i % clients.length] ?? first, film, `concurrent upload ${i}`));
  const results = await Promise.allSettled(runs);
  running = false;
  await probe;
  const times = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  for (const r of results) if (r.status === 'rejected') console.log(`concurrent upload failed: ${String(r.reason)}`);
  return {
    times,
    allWithin30s: times.length === rest.length && times.every((t) => t <= NEW_PATIENT_TIMEOUT_MS),
    maxHealthzMs: Math.max(0, ...health),
    healthzProbes: health.length,
  };
}
