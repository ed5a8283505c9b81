/**
 * npm run bench:api [-- --main 10000 --others 50000 --users 10 --clients 50 --requests 2000 --uploads 5]
 *
 * Seeds one user with --main patients and --users other users sharing --others patients (each with
 * a chart and a cephalogram row), starts the real server as a child process (PGlite in a temp dir,
 * or DATABASE_URL when set), then measures from outside it:
 * - patient-list queries over GraphQL (random page, name search, sort by each column) from
 *   --clients concurrent clients;
 * - upload-to-landmarks for one dataset cephalogram at a time (the web app's new-patient sequence:
 *   draft patient and chart, socket, presigned upload, check, thumbnail, landmark detection).
 * Ends with `list_p50_ms=<n> list_p95_ms=<n>` and `upload_to_landmarks_p50_ms=<n>`.
 */
import { encodePassword } from '@ceppro/contract';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/database';
import { BenchClient } from './bench-api-client';
import { seedBenchData } from './bench-api-seed';
import { freePort, spawnServer, stopServer, waitHealthy } from './bench-server';
import { datasetDir, loadDatasetManifest } from './dataset-manifest';
import { percentile } from './landmark-metrics';

const PASSWORD = 'Bench-pass1!';

const LIST_QUERY = `query($page: Int, $filter: PatientFilter, $sort: PatientSort) {
  patients(page: $page, filter: $filter, sort: $sort) {
    items { id patient_id first_name birth_info gender createdAt charts { uuid chart_id createdAt chart_data { image_type_cd shoot_date } } }
    pagination { total }
  }
}`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      main: { type: 'string' }, others: { type: 'string' }, users: { type: 'string' },
      clients: { type: 'string' }, requests: { type: 'string' }, uploads: { type: 'string' },
    },
  });
  const plan = { mainPatients: num(values.main, 10_000), otherPatients: num(values.others, 50_000), otherUsers: num(values.users, 10) };
  const clients = num(values.clients, 50);
  const requests = num(values.requests, 2_000);
  const uploads = num(values.uploads, 5);

  const dataDir = await mkdtemp(join(tmpdir(), 'ceppro-bench-'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(await freePort()) };
  const config = loadConfig(env);
  let server: ChildProcess | undefined;
  try {
    const t0 = performance.now();
    const database = await openDatabase(config.database);
    await database.migrate();
    const users = await seedBenchData(database.db, plan, PASSWORD);
    await database.close();
    console.log(`seeded ${plan.mainPatients} + ${plan.otherPatients} patients for 1 + ${plan.otherUsers} users on ${config.database.driver} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    server = spawnServer(env);
    const base = `http://127.0.0.1:${env.PORT}`;
    await waitHealthy(base);
    const client = new BenchClient(base);
    const mainUser = users[0];
    if (!mainUser) throw new Error('seeding made no user');
    await client.login(mainUser.email, encodePassword(PASSWORD));

    const latencies = await listLoad(client, plan.mainPatients, clients, requests);
    console.log(`list: ${latencies.length} queries from ${clients} concurrent clients`);
    const uploadMs = await uploadLoad(client, uploads);

    console.log(`list_p50_ms=${percentile(latencies, 50).toFixed(1)} list_p95_ms=${percentile(latencies, 95).toFixed(1)}`);
    console.log(`upload_to_landmarks_p50_ms=${uploadMs.length > 0 ? percentile(uploadMs, 50).toFixed(1) : 'NaN'}`);
    return 0;
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** `requests` list queries shared by `clients` workers; every query checks it saw only the caller's rows. */
async function listLoad(client: BenchClient, mainPatients: number, clients: number, requests: number): Promise<number[]> {
  const pages = Math.ceil(mainPatients / 10);
  const latencies: number[] = [];
  let issued = 0;
  const sorts = ['patient_id', 'first_name', 'birth_info'] as const;
  async function worker(w: number): Promise<void> {
    while (issued < requests) {
      const i = issued++;
      const kind = i % 4;
      const variables =
        kind === 0 ? { page: (i * 7919) % pages }
        : kind === 1 ? { page: 0, filter: { name_contains: String((i * 31) % 1000).padStart(3, '0') } }
        : { page: (i * 104_729) % pages, sort: { field: sorts[(i + w) % 3], order: i % 2 ? 'asc' : 'desc' } };
      const t = performance.now();
      const data = await client.graphql<{ patients: { items: unknown[]; pagination: { total: number } } }>(LIST_QUERY, variables);
      latencies.push(performance.now() - t);
      if (kind !== 1 && data.patients.pagination.total !== mainPatients) throw new Error(`list total ${data.patients.pagination.total}, expected ${mainPatients}`);
    }
  }
  await Promise.all(Array.from({ length: clients }, (_, w) => worker(w)));
  return latencies;
}

async function uploadLoad(client: BenchClient, runs: number): Promise<number[]> {
  const dir = datasetDir();
  if (runs === 0) return [];
  if (!dir) {
    console.log('upload_to_landmarks skipped: no dataset (CEPH_DATASET_DIR or ../shared/datasets/isbi2015)');
    return [];
  }
  const { manifest, baseDir } = await loadDatasetManifest(resolve(dir, 'manifest.json'));
  const files = manifest.images.slice(-(runs + 1)).map((im) => resolve(baseDir, im.file));
  const times: number[] = [];
  for (const [i, file] of files.entries()) {
    const bytes = await readFile(file);
    const type = file.toLowerCase().endsWith('.png') ? 'image/png' : 'image/jpeg';
    const t = performance.now();
    const result = await client.createPatientWithImage(bytes, type, `Bench upload ${i}`);
    const ms = performance.now() - t;
    // The first run loads the model in the worker thread: reported, not counted.
    if (i > 0) times.push(ms);
    console.log(`upload ${i}${i === 0 ? ' (warm-up)' : ''}: ${ms.toFixed(0)} ms, ${result.output.boxs.length} landmarks on ${result.output.size.width}x${result.output.size.height}`);
  }
  return times;
}

function num(value: string | undefined, fallback: number): number {
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n < 0) throw new Error(`not a count: ${value}`);
  return n;
}

main().then((code) => process.exit(code), (err: unknown) => {
  console.error(err instanceof Error ? err.stack ?? err.message : err);
  process.exit(2);
});
