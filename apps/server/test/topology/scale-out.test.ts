import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetDir } from '../../src/cli/dataset-manifest';
import { S3ObjectStorage } from '../../src/storage/s3-storage';
import { createTestDataDir, type TestDataDir } from '../support/test-data-dir';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import { RemoteUser, type RemoteSocket } from './remote-client';
import { killAllStarted, startServerProcess, type ServerProcess } from './server-process';

/**
 * The scale-out topology (docs/roles.md): PostgreSQL, an S3-protocol server (s3rver), two `api`
 * processes behind a round-robin proxy, one `worker` and two `ai` processes, all real server
 * processes on one fresh database. The browser's new-patient flow runs through the proxy while the
 * thumbnail and the detection happen in other processes; then an `ai` process is killed holding a
 * detection job, and the job finishes on the other one.
 */
const CEPH_DIR = datasetDir();
const SELLA = { cname: 0, name: 'Sella', x: 400, y: 300 };
const S3_BUCKET = 'ceppro-topology';
const CHART_DATA = 'query($c: Int!) { chart_data(chart_id: $c) { id } }';
const JOB_OF_CHART = "select status, attempts from jobs where kind = 'landmark-detection' and payload->>'chartUuid' = $1";
const SKIP_REASON = !process.env.DATABASE_URL
  ? 'skipped: needs PostgreSQL (DATABASE_URL), as .ci/run runs npm test'
  : CEPH_DIR === null
    ? 'skipped: no cephalogram dataset at CEPH_DATASET_DIR or ../shared/datasets/isbi2015'
    : '';

describe.skipIf(SKIP_REASON !== '')(`scale-out: 2 api behind a proxy, 1 worker, 2 ai ${SKIP_REASON}`, () => {
  let dir: TestDataDir;
  let s3: S3rver;
  let s3Dir: string;
  let s3Endpoint = '';
  let proxy: RoundRobinProxy;
  /** ai-1's way to the object store, which the test can stall: its detection then hangs mid-job. */
  let aiStorage: RoundRobinProxy;
  const api: ServerProcess[] = [];
  const ai: ServerProcess[] = [];
  let worker: ServerProcess | undefined;
  let user: RemoteUser;
  let db: pg.Client;

  beforeAll(async () => {
    dir = await createTestDataDir();
    s3Dir = await mkdtemp(path.join(os.tmpdir(), 'ceppro-topology-s3-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, directory: s3Dir, silent: true });
    const { port: s3Port } = await s3.run();
    s3Endpoint = `http://127.0.0.1:${s3Port}`;
    proxy = await startRoundRobinProxy(() => api.map((p) => p.port));
    aiStorage = await startRoundRobinProxy(() => [s3Port]);
    const env = {
      ...dir.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dir.dataDir, 'no-web-dist'),
      PUBLIC_URL: proxy.url,
      TRUST_PROXY: 'true',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
      // One set of secrets for every process: a token signed by one api is valid at the other.
      ACCESS_TOKEN_SECRET: 'topology-access-token-secret-0123456789',
      REFRESH_TOKEN_SECRET: 'topology-refresh-token-secret-0123456789',
      URL_SIGNING_SECRET: 'topology-url-signing-secret-0123456789',
      // A dead ai process's job is taken again 2 s after its last lease renewal.
      JOBS_LEASE_S: '2',
    };
    // The first process migrates the fresh database; the others start together.
    api.push(await startServerProcess('api-1', { ...env, CEPPRO_ROLE: 'api' }));
    const [api2, w, ai1, ai2] = await Promise.all([
      startServerProcess('api-2', { ...env, CEPPRO_ROLE: 'api' }),
      startServerProcess('worker', { ...env, CEPPRO_ROLE: 'worker' }),
      startServerProcess('ai-1', { ...env, CEPPRO_ROLE: 'ai', S3_ENDPOINT: aiStorage.url }),
      startServerProcess('ai-2', { ...env, CEPPRO_ROLE: 'ai' }),
    ]);
    api.push(api2!);
    worker = w;
    ai.push(ai1!, ai2!);
    db = new pg.Client({ connectionString: dir.env.DATABASE_URL });
    await db.connect();
    user = new RemoteUser(proxy.url, path.join(dir.dataDir, 'outbox'), 1);
    await user.signUpAndSignIn();
  }, 300_000);

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    await Promise.allSettled([...api, ...ai, worker].map((p) => p?.stop()));
    killAllStarted();
    await proxy?.close();
    await aiStorage?.close();
    s3?.httpServer?.closeAllConnections();
    await s3?.close().catch(() => undefined);
    await rm(s3Dir, { recursive: true, force: true }).catch(() => undefined);
    await dir?.cleanup();
  }, 60_000);

  /** Draft patient and chart, the film uploaded to S3 and checked, its thumbnail made by the worker. */
  async function newPatientWithFilm(socket: RemoteSocket, name: string) {
    return user.newPatientWithFilm(socket, await readFile(path.join(CEPH_DIR ?? '', 'images', '151.jpg')), name);
  }

  const detectionEvent = (type: string, chartUuid: string) => (frame: string) =>
    frame.includes(`"type":"${type}"`) && frame.includes('"landmark-detection"') && frame.includes(chartUuid);

  it('runs the new-patient flow, a viewer save and a report across processes', async () => {
    const socket = await user.socket();
    try {
      const chart = await newPatientWithFilm(socket, 'Scale Out');
      const detected = await user.json('/ai/ceppro/ceph-landmark', { chart_id: chart.chart_id });
      expect(detected.status, JSON.stringify(detected.body)).toBe(200);
      const result = detected.body.data as { output: { boxs: unknown[] }; analysis_record_id: number; chart_uuid: string };
      expect(result.output.boxs.length).toBeGreaterThan(0);
      expect(result.chart_uuid).toBe(chart.uuid);
      // The detection ran in an ai process (api processes run no jobs) and its end crossed over.
      await socket.waitFor(detectionEvent('job.completed', chart.uuid), 'landmark-detection completed');

      // The viewer's save, against the record's revision, then the report of the saved landmarks.
      const images = await user.gql<{ chart_data: Array<{ id: number }> }>(CHART_DATA, { c: chart.id });
      const records = await user.gql<{ analysis_records: { items: Array<{ id: number; revision: number }> } }>(
        'query($id: Int) { analysis_records(filter: { id: $id }) { items { id revision } } }',
        { id: result.analysis_record_id },
      );
      const record = records.analysis_records.items[0];
      const saved = await user.gql<{ update_analysis_record: { revision: number } }>(
        `mutation($id: Int!, $i: AnalysisRecordInput!, $b: Int) {
          update_analysis_record(id: $id, input: $i, base_revision: $b) { revision } }`,
        {
          id: record?.id,
          b: record?.revision,
          i: { modified_result: { version: 2, image: { chart_data_id: images.chart_data[0]?.id }, landmarks: [SELLA] } },
        },
      );
      expect(saved.update_analysis_record.revision).toBe((record?.revision ?? 0) + 1);
      const pdf = await fetch(`${proxy.url}/api/report/pdf`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, 'x-forwarded-for': user.ip },
        body: JSON.stringify({ chart_id: chart.chart_id }),
      });
      expect(pdf.status, pdf.status === 200 ? '' : await pdf.text()).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      // Both api processes took requests; the worker and ai ports serve nothing but /healthz.
      expect(api.every((p) => (proxy.hits.get(p.port) ?? 0) > 0)).toBe(true);
      for (const p of [worker, ...ai]) {
        expect((await fetch(`${p?.url}/graphql`, { method: 'POST' })).status).toBe(404);
        expect((await fetch(`${p?.url}/healthz`)).status).toBe(200);
      }
    } finally {
      socket.close();
    }
  }, 60_000);

  it('answers /healthz while an ai process holds a detection, and finishes the job elsewhere when that process dies', async () => {
    const socket = await user.socket();
    const [victim, survivor] = ai as [ServerProcess, ServerProcess];
    try {
      const chart = await newPatientWithFilm(socket, 'Killed AI');
      // Only the victim can claim (the survivor is paused until the victim is gone), and it cannot
      // finish: its reads of the film hang, so it is killed while it holds the job.
      survivor.child.kill('SIGSTOP');
      aiStorage.pause();
      const detecting = user.json('/ai/ceppro/ceph-landmark', { chart_id: chart.chart_id });
      await socket.waitFor(detectionEvent('job.progress', chart.uuid), 'landmark-detection claimed');
      const job = await db.query<{ status: string; attempts: number }>(JOB_OF_CHART, [chart.uuid]);
      expect(job.rows[0]).toMatchObject({ status: 'running', attempts: 1 });
      // The api processes stay responsive while the model works in another process.
      for (const p of api) expect((await fetch(`${p.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${proxy.url}/healthz`)).status).toBe(200);

      victim.child.kill('SIGKILL');
      await victim.exited;
      survivor.child.kill('SIGCONT');
      aiStorage.resume();
      const answer = await detecting;
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect((answer.body.data as { chart_uuid: string }).chart_uuid).toBe(chart.uuid);
      await socket.waitFor(detectionEvent('job.completed', chart.uuid), 'landmark-detection completed after the retry');
      const after = await db.query<{ status: string; attempts: number }>(JOB_OF_CHART, [chart.uuid]);
      expect(after.rows[0]).toMatchObject({ status: 'done', attempts: 2 });
      const committed = await user.gql<{ chart_data: Array<{ id: number }> }>(CHART_DATA, { c: chart.id });
      expect(committed.chart_data).toHaveLength(1);
      // The retry made exactly one analysis record, and the film and its thumbnail are objects in the
      // S3 server, not files in the processes' DATA_DIR.
      const records = await db.query<{ n: number }>('select count(*)::int as n from analysis_records where chart_ref = $1', [chart.id]);
      expect(records.rows[0]?.n).toBe(1);
      const film = await db.query<{ path: string; thumbnail_path: string | null }>(
        'select path, thumbnail_path from chart_data where chart_ref = $1',
        [chart.id],
      );
      const bucket = new S3ObjectStorage({
        endpoint: s3Endpoint,
        bucket: S3_BUCKET,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        region: 'us-east-1',
      });
      try {
        for (const key of [film.rows[0]?.path, film.rows[0]?.thumbnail_path])
          expect(await bucket.exists(String(key)), String(key)).toBe(true);
      } finally {
        await bucket.close();
      }
      expect(existsSync(path.join(dir.dataDir, 'objects'))).toBe(false);
    } finally {
      if (survivor.child.exitCode === null) survivor.child.kill('SIGCONT');
      socket.close();
    }
  }, 60_000);
});
