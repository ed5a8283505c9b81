// `npm run image:verify`: builds the Dockerfile with podman and runs the image as each role against
// this machine's PostgreSQL 15 and a real S3-protocol server (docs/deploy.md, "The image, built and
// run with podman"). Not part of `npm test`: the first build takes minutes.
//
// 1. Base: scripts/image-base.sh makes (once; podman keeps it) a Debian 12 base from Debian packages
//    with Node 20, since no image registry is reachable here; the Dockerfile's BASE_IMAGE build
//    argument takes it instead of node:20-bookworm-slim.
// 2. `podman build` of the repository (the build stage's `npm ci` reads this machine's npm cache).
// 3. PostgreSQL 15 (`pg_ctlcluster 15 main start`, role `ceppro` as .ci/run makes it, a fresh database),
//    s3rver on a free port with the bucket, one DATA_DIR folder (mail and SMS outbox) mounted as /data.
// 4. One container per role (api, worker, ai) with --network=host, then the checks: /healthz of each,
//    the image's own HEALTHCHECK, worker/ai serving nothing else, a sign-up, a new patient with a film
//    (thumbnail by the worker), AI landmarks (by the ai container), the film in the bucket, a report PDF.
// Needs root (podman, debootstrap, pg_ctlcluster); installs podman, runc and debootstrap when missing.
// Any failure prints the containers' logs and exits 1; nothing is skipped.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { ImageClient, waitUntil } from './image-verify-client.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const BASE = process.env.IMAGE_VERIFY_BASE ?? 'localhost/ceppro-base:bookworm-node20';
const IMAGE = 'localhost/ceppro:verify';
const DB = 'ceppro_image_verify';
const BUCKET = 'ceppro';
const PODMAN = ['--runtime', '/usr/sbin/runc', '--cgroup-manager=cgroupfs'];
const ROLES = ['api', 'worker', 'ai'];
const work = path.join(root, 'tmp', 'image-verify');
const timings = [];

function run(cmd, args, { capture = false, allowFail = false, env } = {}) {
  const r = spawnSync(cmd, args, { stdio: capture ? 'pipe' : 'inherit', encoding: 'utf8', env: { ...process.env, ...env } });
  if (r.status !== 0 && !allowFail) {
    const detail = capture ? `\n${r.stdout ?? ''}${r.stderr ?? ''}` : '';
    throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}${detail}`);
  }
  return r;
}
const podman = (args, opts) => run('podman', [...PODMAN, ...args], opts);

/** Runs one named check, prints it with its duration and what it found; a throw ends the run. */
async function check(name, body) {
  const started = performance.now();
  process.stdout.write(`... ${name}\n`);
  try {
    const found = await body();
    const ms = Math.round(performance.now() - started);
    timings.push({ name, ms, ok: true });
    console.log(`ok   ${name}: ${ms} ms${found ? ` (${found})` : ''}`);
    return found;
  } catch (error) {
    timings.push({ name, ms: Math.round(performance.now() - started), ok: false });
    console.log(`FAIL ${name}`);
    throw error;
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function preflight() {
  if (process.getuid?.() !== 0) throw new Error('image:verify needs root (podman, debootstrap, pg_ctlcluster): run it as root');
  const needs = [
    { pkg: 'podman', bin: '/usr/bin/podman' },
    { pkg: 'runc', bin: '/usr/sbin/runc' },
    { pkg: 'debootstrap', bin: '/usr/sbin/debootstrap' },
    { pkg: 'postgresql', bin: '/usr/lib/postgresql/15/bin/postgres' },
  ];
  const missing = needs.filter((n) => !existsSync(n.bin)).map((n) => n.pkg);
  if (missing.length > 0) {
    run('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`]);
  }
  const dataset = process.env.CEPH_DATASET_DIR ?? path.resolve(root, '..', 'shared', 'datasets', 'isbi2015');
  const film = path.join(dataset, 'images', '151.jpg');
  if (!existsSync(film)) throw new Error(`no dataset film at ${film} (set CEPH_DATASET_DIR)`);
  return film;
}

function psql(sql, database = 'postgres') {
  return run('runuser', ['-u', 'postgres', '--', 'psql', '-v', 'ON_ERROR_STOP=1', '-qAt', '-d', database, '-c', sql], {
    capture: true,
  }).stdout.trim();
}

async function startPostgres() {
  if (run('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432'], { allowFail: true }).status !== 0) {
    run('pg_ctlcluster', ['15', 'main', 'start']);
  }
  await waitUntil(
    'PostgreSQL on 127.0.0.1:5432',
    () => run('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432'], { allowFail: true }).status === 0,
  );
  if (psql("SELECT 1 FROM pg_roles WHERE rolname = 'ceppro'") !== '1') psql("CREATE ROLE ceppro LOGIN SUPERUSER PASSWORD 'ceppro'");
  psql(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  psql(`CREATE DATABASE ${DB} OWNER ceppro`);
  return `${psql('SHOW server_version')}, database ${DB}`;
}

function containerEnv(role, port, ports, s3Port) {
  return {
    CEPPRO_ROLE: role,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `postgres://ceppro:ceppro@127.0.0.1:5432/${DB}`,
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    PUBLIC_URL: `http://127.0.0.1:${ports.api}`,
    ACCESS_TOKEN_SECRET: 'image-verify-access-token-secret-0123456789',
    REFRESH_TOKEN_SECRET: 'image-verify-refresh-token-secret-0123456789',
    URL_SIGNING_SECRET: 'image-verify-url-signing-secret-0123456789',
    LOG_LEVEL: 'info',
  };
}

async function main() {
  const filmPath = await check('preflight (root, podman, runc, debootstrap, PostgreSQL 15, dataset film)', () => preflight());
  await mkdir(work, { recursive: true });
  // The three settings podman needs here (docs/deploy.md): runc, cgroupfs, and no default ulimits.
  process.env.CONTAINERS_CONF = path.join(work, 'containers.conf');
  await writeFile(process.env.CONTAINERS_CONF, '[containers]\ndefault_ulimits = []\n');

  await check(`base image ${BASE}`, () => run('bash', ['scripts/image-base.sh', BASE]) && '');
  await check(`podman build ${IMAGE} (BASE_IMAGE=${BASE})`, () => {
    const cache = path.join(os.homedir(), '.npm');
    const volume = existsSync(cache) ? ['--volume', `${cache}:/root/.npm`] : [];
    podman(['build', '--format', 'docker', '--network', 'host', '--build-arg', `BASE_IMAGE=${BASE}`, ...volume, '-t', IMAGE, '.']);
    const size = podman(['image', 'inspect', '--format', '{{.Size}}', IMAGE], { capture: true }).stdout.trim();
    return `${(Number(size) / 1e6).toFixed(0)} MB`;
  });

  const names = [];
  let s3;
  const dataDir = await mkdtemp(path.join(work, 'run-'));
  let failed = false;
  try {
    await check('PostgreSQL 15', () => startPostgres());
    const s3Port = await check('s3rver', async () => {
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        directory: path.join(dataDir, 's3'),
        silent: true,
        configureBuckets: [{ name: BUCKET }],
      });
      return (await s3.run()).port;
    });
    // The image runs as uid 1000 (`node`): it writes the outbox into the mounted DATA_DIR.
    const data = path.join(dataDir, 'data');
    await mkdir(data);
    await chmod(data, 0o777);
    const ports = { api: await freePort(), worker: await freePort(), ai: await freePort() };
    await check('start api, worker and ai containers', () => {
      for (const role of ROLES) {
        const name = `ceppro-verify-${role}-${process.pid}`;
        const env = Object.entries(containerEnv(role, ports[role], ports, s3Port)).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
        podman(['run', '-d', '--name', name, '--network=host', '-v', `${data}:/data`, ...env, IMAGE], { capture: true });
        names.push(name);
      }
      return names.join(', ');
    });
    for (const role of ROLES) {
      await check(`GET /healthz (${role}, port ${ports[role]})`, async () => {
        const body = await waitUntil(
          `${role} /healthz`,
          async () => {
            const res = await fetch(`http://127.0.0.1:${ports[role]}/healthz`);
            return res.status === 200 ? res.json() : undefined;
          },
          180_000,
          500,
        );
        if (body.status !== 'ok' || body.db !== 'ok' || body.storage !== 'ok') throw new Error(JSON.stringify(body));
        return JSON.stringify(body);
      });
    }
    await check("the image's HEALTHCHECK command (podman healthcheck run)", () => {
      for (const name of names) podman(['healthcheck', 'run', name], { capture: true });
      return 'healthy in all three';
    });
    await check('worker and ai serve only /healthz', async () => {
      for (const role of ['worker', 'ai']) {
        const res = await fetch(`http://127.0.0.1:${ports[role]}/graphql`, { method: 'POST' });
        if (res.status !== 404) throw new Error(`${role} answered /graphql with ${res.status}`);
      }
      return 'POST /graphql: 404';
    });

    const client = new ImageClient(`http://127.0.0.1:${ports.api}`, path.join(data, 'outbox'));
    await check('sign-up (SMS code and activation mail from the outbox) and sign-in', async () => {
      await client.signUpAndSignIn();
      return client.email;
    });
    const film = await readFile(filmPath);
    let chart;
    await check('new patient: draft, presigned PUT to S3, check, thumbnail by the worker', async () => {
      chart = await client.newPatientWithFilm(film, 'Podman Verify');
      return `chart ${chart.chart_id}, ${film.length} bytes`;
    });
    await check('AI landmarks (POST /ai/ceppro/ceph-landmark, run by the ai container)', async () => {
      const result = await client.detect(chart.chart_id);
      const count = result.output?.boxs?.length ?? 0;
      if (count === 0 || result.chart_uuid !== chart.uuid) throw new Error(JSON.stringify(result).slice(0, 300));
      const job = psql(
        `SELECT status || ' ' || attempts FROM jobs WHERE kind = 'landmark-detection' AND payload->>'chartUuid' = '${chart.uuid}'`,
        DB,
      );
      if (!job.startsWith('done')) throw new Error(`detection job: ${job}`);
      return `${count} landmarks; job ${job}`;
    });
    await check('film and thumbnail in the S3 bucket', async () => {
      const s3Client = new S3Client({
        endpoint: `http://127.0.0.1:${s3Port}`,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const listed = await s3Client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'charts/' }));
      const keys = (listed.Contents ?? []).map((o) => o.Key);
      if (!keys.some((k) => k.endsWith('.thumb.jpg')) || !keys.some((k) => !k.endsWith('.thumb.jpg')))
        throw new Error(JSON.stringify(keys));
      return keys.join(', ');
    });
    await check('report PDF (POST /api/report/pdf)', async () => `${(await client.reportPdf(chart.chart_id)).length} bytes`);
  } catch (error) {
    failed = true;
    console.error(`\nimage:verify FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    for (const name of names) {
      console.error(`\n--- podman logs ${name} (last 40 lines)`);
      console.error(podman(['logs', '--tail', '40', name], { capture: true, allowFail: true }).stdout);
    }
  } finally {
    for (const name of names) podman(['rm', '-f', '-t', '5', name], { capture: true, allowFail: true });
    s3?.httpServer?.closeAllConnections();
    await s3?.close().catch(() => undefined);
    if (existsSync('/usr/lib/postgresql/15/bin/postgres'))
      run('runuser', ['-u', 'postgres', '--', 'dropdb', '--if-exists', '--force', DB], { allowFail: true, capture: true });
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log('\n=== image:verify');
  for (const t of timings) console.log(`${String(t.ms).padStart(9)} ms  ${t.ok ? 'ok  ' : 'FAIL'}  ${t.name}`);
  if (failed) process.exit(1);
  console.log(`image ${IMAGE}: every role ran and every check passed`);
  process.exit(0);
}

main().catch((error) => {
  console.error(`\nimage:verify FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  console.log('\n=== image:verify');
  for (const t of timings) console.log(`${String(t.ms).padStart(9)} ms  ${t.ok ? 'ok  ' : 'FAIL'}  ${t.name}`);
  process.exit(1);
});
