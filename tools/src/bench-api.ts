/**
 * npm run bench:api [-- --main 10000 --others 50000 --users 10 --clients 50 --warmup 3000 --requests 2000
 *                      --single 300 --uploads 5 [--concurrent]]
 *
 * Seeds one user with --main patients and --users other users sharing --others patients (each with
 * a chart and a cephalogram row), then, in the same run (PGlite in a temp dir, or DATABASE_URL):
 * - raw SQL: the list's page and total as plain SQL through the app's pool, one at a time;
 * - starts the real server as a child process and measures from outside it the patient-list query
 *   over GraphQL (random page, name search, sort by each column) from --clients concurrent clients,
 *   then from one client (--single requests), after --warmup requests from --clients clients that
 *   are not counted but reported on their own line (the first few thousand requests after a start
 *   run slower, until V8 has optimised the request path; the counted ones are a server's steady state);
 * - upload-to-landmarks for one dataset cephalogram at a time (the web app's new-patient sequence:
 *   draft patient and chart, socket, presigned upload, check, thumbnail, landmark detection), or with
 *   --concurrent, --uploads users each uploading one at the same moment while /healthz is polled.
 * Ends with `list_p50_ms list_p95_ms list_rps raw_sql_p50_ms single_p50_ms`, `cpu_ms_per_list_*`, `upload_to_landmarks_p50_ms`
 * (and with --concurrent `uploads_all_within_30s max_healthz_ms`). docs/performance.md has figures.
 */
import { encodePassword } from '@ceppro/contract';
import { sql } from 'drizzle-orm';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../apps/server/src/config/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { BenchClient } from './bench-api-client';
import { cpuPerRequest, formatCpu, sampleCpu } from './bench-api-cpu';
import { listLoad, ms, rawSqlLatencies } from './bench-api-list';
import { seedBenchData } from './bench-api-seed';
import { concurrentUploads, sequentialUploads } from './bench-api-uploads';
import { freePort } from '../../apps/server/test/support/free-port';
import { spawnServer, stopServer, waitHealthy } from './bench-server';
import { countOption, runMain } from './bench-cli';

const PASSWORD = 'Bench-pass1!';
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      main: { type: 'string' },
      others: { type: 'string' },
      users: { type: 'string' },
      clients: { type: 'string' },
      warmup: { type: 'string' },
      requests: { type: 'string' },
      single: { type: 'string' },
      uploads: { type: 'string' },
      concurrent: { type: 'boolean' },
    },
  });
  const plan = {
    mainPatients: countOption(values.main, 10_000),
    otherPatients: countOption(values.others, 50_000),
    otherUsers: countOption(values.users, 10),
  };
  const clients = countOption(values.clients, 50);
  const requests = countOption(values.requests, 2_000);
  const warmup = countOption(values.warmup, 3_000);
  const single = countOption(values.single, 300);
  const uploads = countOption(values.uploads, 5);

  const dataDir = await mkdtemp(join(tmpdir(), 'ceppro-bench-'));
  const env = {
    // The list load is one user's 50 concurrent clients: far over the per-user budget a person meets
    // (docs/performance.md, "Fair share"), which this bench does not measure.
    USER_MAX_IN_FLIGHT: '5000',
    USER_MAX_PER_MINUTE: '1000000',
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
  };
  const config = loadConfig(env);
  const driver = config.database.driver;
  let server: ChildProcess | undefined;
  try {
    const t0 = performance.now();
    const database = await openDatabase(config.database);
    await database.migrate();
    const users = await seedBenchData(database.db, plan, PASSWORD);
    // What autovacuum does to a table that has settled: statistics, and the visibility map that
    // lets the list's index-only scans skip the heap. INDEX_CLEANUP ON: in a database that earlier
    // runs have grown, the seed's dead row versions (the image_types trigger updates each patient
    // once) fall under VACUUM's 2 % bypass threshold; it then leaves their pages out of the
    // visibility map, and every count of the new owner's patients reads the heap (3 x the SQL time).
    await database.db.execute(sql`vacuum (analyze, index_cleanup on) patients, charts, chart_data`);
    const seedS = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(`seeded ${plan.mainPatients} + ${plan.otherPatients} patients for 1 + ${plan.otherUsers} users on ${driver} in ${seedS} s`);
    const mainUser = users[0];
    if (!mainUser) throw new Error('seeding made no user');
    await rawSqlLatencies(database.db, mainUser.id, plan.mainPatients, 50);
    const raw = await rawSqlLatencies(database.db, mainUser.id, plan.mainPatients, single);
    await database.close();

    server = spawnServer(env);
    const base = `http://127.0.0.1:${env.PORT}`;
    await waitHealthy(base);
    const client = new BenchClient(base);
    await client.login(mainUser.email, encodePassword(PASSWORD));

    // Warm-up (JIT, pool connections): not counted, only reported.
    const warm = await listLoad(client, plan.mainPatients, clients, warmup);
    const warmRps = ((warm.latencies.length * 1000) / Math.max(1, warm.wallMs)).toFixed(0);
    console.log(
      `list warm-up: ${warm.latencies.length} queries from ${clients} clients right after the start, ${warmRps} per second, not counted`,
    );
    const loadBefore = load();
    const pgUrl = process.env['DATABASE_URL'];
    const pgDatabase = pgUrl ? new URL(pgUrl).pathname.slice(1) : undefined;
    const cpuBefore = sampleCpu(server.pid, pgDatabase);
    const many = await listLoad(client, plan.mainPatients, clients, requests);
    const cpu = cpuPerRequest(cpuBefore, sampleCpu(server.pid, pgDatabase), many.latencies.length);
    const wallS = (many.wallMs / 1000).toFixed(2);
    console.log(`list: ${many.latencies.length} queries from ${clients} concurrent clients in ${wallS} s; load ${loadBefore} -> ${load()}`);
    const one = await listLoad(client, plan.mainPatients, 1, single);
    client.close();
    console.log(`list: ${one.latencies.length} queries from 1 client; raw SQL ${raw.length} page + total pairs before the server started`);

    let uploadMs: number[] = [];
    let concurrent: Awaited<ReturnType<typeof concurrentUploads>> = null;
    if (values.concurrent) {
      const uploaders = await Promise.all(
        users.slice(1, uploads + 1).map(async (u) => {
          const c = new BenchClient(base);
          await c.login(u.email, encodePassword(PASSWORD));
          return c;
        }),
      );
      concurrent = await concurrentUploads(base, uploaders);
    } else {
      uploadMs = await sequentialUploads(client, uploads);
    }

    console.log(`driver=${driver} load_avg=${load().replaceAll(' ', ',')}`);
    const rps = ((many.latencies.length * 1000) / many.wallMs).toFixed(0);
    console.log(
      `list_p50_ms=${ms(many.latencies, 50)} list_p95_ms=${ms(many.latencies, 95)} list_rps=${rps} ` +
        `raw_sql_p50_ms=${ms(raw, 50)} single_p50_ms=${ms(one.latencies, 50)}`,
    );
    console.log(formatCpu(cpu));
    if (concurrent) {
      console.log(
        `uploads_all_within_30s=${concurrent.allWithin30s} max_healthz_ms=${concurrent.maxHealthzMs.toFixed(1)} ` +
          `concurrent_upload_p50_ms=${ms(concurrent.times, 50)} concurrent_upload_max_ms=${Math.max(0, ...concurrent.times).toFixed(0)} ` +
          `healthz_probes=${concurrent.healthzProbes}`,
      );
    } else {
      console.log(`upload_to_landmarks_p50_ms=${ms(uploadMs, 50)}`);
    }
    return 0;
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
