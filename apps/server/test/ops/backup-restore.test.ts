import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, describe, expect, it } from 'vitest';
import { datasetDir } from '../../src/cli/dataset-manifest';
import { createTestDataDir, type TestDataDir } from '../support/test-data-dir';
import { RemoteUser } from '../topology/remote-client';
import { killAllStarted, type ServerProcess } from '../topology/server-process';
import { copyDataDir, copyObjects, pgDump, pgRestore, reportModel, reportPdf, sha256, startInstance, viewerData } from './backup-drill';

/**
 * The backup and restore drill of docs/deploy.md, "Backups": a clinic's data (account, patient, film,
 * AI landmarks with a saved correction, report) is backed up, the original is destroyed, and a fresh
 * instance started on the restored copy opens the patient's viewer data and the report.
 * - With DATABASE_URL (CI, .ci/run): PostgreSQL and an S3 bucket (s3rver): `pg_dump -Fc` taken while the
 *   server runs, the bucket copied to a folder and from there into a bucket of a second S3 server,
 *   `pg_restore` into a new empty database.
 * - Without (the embedded default): PGlite and the fs store, both under DATA_DIR: the server is
 *   stopped and DATA_DIR copied with `cp -a`.
 */
const CEPH_DIR = datasetDir();
const SKIP_REASON = CEPH_DIR === null ? 'skipped: no cephalogram dataset at CEPH_DATASET_DIR or ../shared/datasets/isbi2015' : '';
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const SELLA = { cname: 0, name: 'Sella', x: 400, y: 300 };
const SAVE = `mutation($id: Int!, $i: AnalysisRecordInput!, $b: Int) {
  update_analysis_record(id: $id, input: $i, base_revision: $b) { revision } }`;
const S3_KEYS = { S3_REGION: 'us-east-1', S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER' };
const BASE_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  TRUST_PROXY: 'true',
  // In the secret store, not in the backup: the restored instance is given the same three.
  ACCESS_TOKEN_SECRET: 'backup-drill-access-token-secret-0123456789',
  REFRESH_TOKEN_SECRET: 'backup-drill-refresh-token-secret-0123456789',
  URL_SIGNING_SECRET: 'backup-drill-url-signing-secret-0123456789',
};

describe.skipIf(SKIP_REASON !== '')(`backup and restore drill (${ON_POSTGRES ? 'PostgreSQL + S3' : 'PGlite + fs'}) ${SKIP_REASON}`, () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    await Promise.allSettled(servers.map((s) => s.stop()));
    killAllStarted();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }, 60_000);

  async function dataDir(): Promise<TestDataDir> {
    const dir = await createTestDataDir();
    cleanups.push(() => dir.cleanup());
    return dir;
  }

  /** An S3-protocol server of its own (one per site) with its objects in a temporary folder; `destroy` removes both. */
  async function s3Server(name: string): Promise<{ url: string; destroy(): Promise<void> }> {
    const directory = await mkdtemp(path.join(os.tmpdir(), `ceppro-drill-${name}-`));
    const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
    const { port } = await server.run();
    let destroyed = false;
    const destroy = async () => {
      if (destroyed) return;
      destroyed = true;
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    };
    cleanups.push(destroy);
    return { url: `http://127.0.0.1:${port}`, destroy };
  }

  async function start(name: string, dir: TestDataDir, storage: Record<string, string>): Promise<ServerProcess> {
    const server = await startInstance(name, { ...BASE_ENV, ...dir.env, WEB_DIST: path.join(dir.dataDir, 'no-web-dist'), ...storage });
    servers.push(server);
    return server;
  }

  it("restores a dump and the object store into a fresh instance, which opens the patient's viewer data and report", async () => {
    const backup = await mkdtemp(path.join(os.tmpdir(), 'ceppro-backup-'));
    cleanups.push(() => rm(backup, { recursive: true, force: true }));
    const film = await readFile(path.join(CEPH_DIR ?? '', 'images', '151.jpg'));

    // The clinic's data on the original instance.
    const original = await dataDir();
    const originalS3 = ON_POSTGRES ? await s3Server('original') : null;
    const originalStorage: Record<string, string> = ON_POSTGRES
      ? { STORAGE_DRIVER: 's3', S3_ENDPOINT: originalS3?.url ?? '', S3_BUCKET: 'ceppro', ...S3_KEYS }
      : {};
    const first = await start('original', original, originalStorage);
    const user = new RemoteUser(first.url, path.join(original.dataDir, 'outbox'), 27);
    await user.signUpAndSignIn();
    const socket = await user.socket();
    const chart = await user.newPatientWithFilm(socket, film, 'Backup Drill').finally(() => socket.close());
    const detected = await user.json('/ai/ceppro/ceph-landmark', { chart_id: chart.chart_id });
    expect(detected.status, JSON.stringify(detected.body)).toBe(200);
    const detectedView = await viewerData(user, chart.uuid);
    const saved = await user.gql<{ update_analysis_record: { revision: number } }>(SAVE, {
      id: detectedView.record?.id,
      b: detectedView.record?.revision,
      i: { modified_result: { version: 2, image: { chart_data_id: detectedView.chart?.chart_data[0]?.id }, landmarks: [SELLA] } },
    });
    const before = await viewerData(user, chart.uuid);
    expect(before.record?.revision).toBe(saved.update_analysis_record.revision);
    expect(before.filmSha256).toBe(sha256(film));
    const modelBefore = await reportModel(user, chart.chart_id);
    await reportPdf(user, chart.chart_id);

    // Backup, then the original is gone: its server, database and objects.
    let restored: TestDataDir;
    let restoredStorage: Record<string, string> = {};
    if (originalS3) {
      const dump = path.join(backup, 'ceppro.dump');
      await pgDump(original.env.DATABASE_URL ?? '', dump);
      const site = { S3_ENDPOINT: originalS3.url, ...S3_KEYS };
      expect(await copyObjects('s3://ceppro', path.join(backup, 'objects'), site)).toMatch(/^copied 2 objects \(\d+ bytes\)/);
      await first.stop();
      await original.cleanup();
      await originalS3.destroy();

      restored = await dataDir();
      await pgRestore(restored.env.DATABASE_URL ?? '', dump);
      const newS3 = await s3Server('restored');
      const target = { TO_S3_ENDPOINT: newS3.url, TO_S3_REGION: 'us-east-1', TO_S3_ACCESS_KEY: 'S3RVER', TO_S3_SECRET_KEY: 'S3RVER' };
      expect(await copyObjects(path.join(backup, 'objects'), 's3://ceppro-restored', target)).toMatch(/^copied 2 objects/);
      restoredStorage = { STORAGE_DRIVER: 's3', S3_ENDPOINT: newS3.url, S3_BUCKET: 'ceppro-restored', ...S3_KEYS };
    } else {
      await first.stop();
      await copyDataDir(original.dataDir, backup);
      await original.cleanup();
      const dir = await mkdtemp(path.join(os.tmpdir(), 'ceppro-restored-'));
      await copyDataDir(backup, dir);
      restored = { dataDir: dir, env: { DATA_DIR: dir }, usesPostgres: false, cleanup: () => rm(dir, { recursive: true, force: true }) };
      cleanups.push(() => restored.cleanup());
    }

    // A fresh instance on the restored copy: the same account signs in and sees the same patient.
    const fresh = await start('restored', restored, restoredStorage);
    const again = new RemoteUser(fresh.url, path.join(restored.dataDir, 'outbox'), 27);
    await again.signIn();
    const after = await viewerData(again, chart.uuid);
    expect(after).toEqual(before);
    expect(after.chart?.patient.first_name).toBe('Backup Drill');
    expect(after.record?.modified_result).toMatchObject({ landmarks: [SELLA] });
    expect(await reportModel(again, chart.chart_id)).toEqual(modelBefore);
    const pdf = await reportPdf(again, chart.chart_id);
    expect(pdf.length).toBeGreaterThan(10_000);
  }, 300_000);
});
