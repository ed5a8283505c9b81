import { viewerAnalysisRecordQuery, viewerChartQuery, type ResultOf } from '@ceppro/contract';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { freePort } from '../support/free-port';
import { REPO_ROOT } from '../../src/config/paths';
import type { RemoteUser } from '../topology/remote-client';
import { startServerProcess, type ServerProcess } from '../topology/server-process';

/**
 * The commands of docs/deploy.md, "Backups", as the backup-restore drill runs them: the PostgreSQL
 * 15 client binaries for the dump and the restore, scripts/object-store-copy.mjs for the bucket, and
 * `cp -a` of a stopped embedded instance's DATA_DIR.
 */
const run = promisify(execFile);
const PG_BIN = '/usr/lib/postgresql/15/bin';

export async function pgDump(databaseUrl: string, file: string): Promise<void> {
  expect(existsSync(path.join(PG_BIN, 'pg_dump')), `${PG_BIN}/pg_dump (Debian postgresql-client-15)`).toBe(true);
  await run(path.join(PG_BIN, 'pg_dump'), ['--format=custom', `--file=${file}`, `--dbname=${databaseUrl}`]);
}

/** Into an empty database, as the deploy guide says; exits non-zero on any error. */
export async function pgRestore(databaseUrl: string, file: string): Promise<void> {
  await run(path.join(PG_BIN, 'pg_restore'), ['--clean', '--if-exists', '--no-owner', '--exit-on-error', `--dbname=${databaseUrl}`, file]);
}

/** `node scripts/object-store-copy.mjs <from> <to>` with the S3 settings in `env`; answers its summary line. */
export async function copyObjects(from: string, to: string, env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(REPO_ROOT, 'scripts/object-store-copy.mjs'), from, to], {
    env: { ...process.env, ...env },
  });
  return stdout.trim();
}

/** `cp -a <from>/. <to>`: the whole DATA_DIR of a stopped embedded (PGlite) instance. */
export async function copyDataDir(from: string, to: string): Promise<void> {
  await run('cp', ['-a', `${from}/.`, to]);
}

/** One `all`-roles server on a port chosen here, so that PUBLIC_URL (the fs driver signs its URLs for it) is known. */
export async function startInstance(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  return startServerProcess(name, { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface DownloadEntry {
  presignedPath: string | null;
  thumbnail: boolean;
  lost: boolean;
}

/** What the viewer loads for a chart: the chart with its patient and images, the analysis record, the full film. */
export async function viewerData(user: RemoteUser, uuid: string) {
  const { charts } = await user.gql<ResultOf<typeof viewerChartQuery>>(viewerChartQuery.document, { uuid });
  const chart = charts[0];
  expect(chart, `chart ${uuid}`).toBeDefined();
  const records = await user.gql<ResultOf<typeof viewerAnalysisRecordQuery>>(viewerAnalysisRecordQuery.document, { chartId: chart?.id });
  const entries = (await user.ok('/minio/download', {
    chart_id: chart?.chart_id,
    image_type_cd: ['00700'],
    thumbnail_only_check: false,
  })) as unknown as DownloadEntry[];
  expect(entries).toHaveLength(1);
  const entry = entries[0];
  expect(entry).toMatchObject({ lost: false, thumbnail: false });
  const film = await fetch(new URL(String(entry?.presignedPath), user.baseUrl));
  expect(film.status).toBe(200);
  return { chart, record: records.analysis_records.items[0], filmSha256: sha256(new Uint8Array(await film.arrayBuffer())) };
}

/** The report model (JSON) without its `date`, the day it was made. */
export async function reportModel(user: RemoteUser, chartId: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${user.baseUrl}/api/report/${chartId}/model`, {
    headers: { authorization: `Bearer ${user.token}`, 'x-forwarded-for': user.ip },
  });
  const body = (await res.json()) as { data?: Record<string, unknown> };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { ...body.data, date: undefined };
}

export async function reportPdf(user: RemoteUser, chartId: string): Promise<Buffer> {
  const res = await fetch(`${user.baseUrl}/api/report/pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, 'x-forwarded-for': user.ip },
    body: JSON.stringify({ chart_id: chartId }),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(res.status, res.status === 200 ? '' : bytes.toString()).toBe(200);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return bytes;
}
