/**
 * npm run bench:big-answers [-- --runs 10 --kb 270]
 *
 * The biggest GraphQL answer the response budget admits, asked again and again, while the server's
 * event loop is watched (Step 15, "Bounded answers": no allowed request holds the event loop for more
 * than 100 ms). In one run (PGlite in a temp dir, or DATABASE_URL):
 * - seeds one user with charts whose analysis records hold five documents of about --kb KB each,
 *   written straight to the table as an old or hostile row could be (as bounded-answers.test.ts does);
 * - starts the real server (bench-server.ts) with the event-loop monitor preloaded
 *   (bench-loop-monitor.mjs): it measures inside the server process, with no code in the product;
 * - finds the answer the budget admits: documents of records one at a time (aliases), as many
 *   records as pass; the next one is refused with RESPONSE_TOO_LARGE (printed, so the figure is the
 *   budget's edge and not a guess);
 * - asks that answer --runs times, one after another, while a second client asks GET /healthz on a
 *   connection of its own, one request after another; after each answer it reads the server's
 *   longest event-loop delay over that answer.
 * Ends with `big_answer_bytes loop_delay_max_ms loop_delay_p50_ms healthz_max_ms healthz_p50_ms answer_p50_ms`
 * and the load average. The loop delay is the figure the target is about: /healthz from outside adds
 * its own round trip, scheduling on a busy machine, and the health check's database query.
 */
import { encodePassword } from '@ceppro/contract';
import { sql } from 'drizzle-orm';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../../apps/server/src/config/config';
import { openDatabase, type AppDatabase } from '../../apps/server/src/db/database';
import { queryRows } from '../../apps/server/src/db/raw-query';
import { insertBigRecords } from '../../apps/server/test/support/big-documents';
import { seedBenchData } from './bench-api-seed';
import { freePort } from '../../apps/server/test/support/free-port';
import { loopDelay, spawnServer, stopServer, waitHealthy } from './bench-server';
import { percentile } from './landmark-metrics';

const PASSWORD = 'Bench-pass1!';
const DOCUMENTS = 'infer_result modified_result profilogram_result superimposition_data drawing_result';
/** Records seeded: more than any answer the budget admits, so the refusal of one more can be shown. */
const RECORDS = 6;

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** `records` records' documents in one query, one alias each. */
const bigQuery = (ids: readonly number[]): string =>
  `{ ${ids.map((id, i) => `a${i}: analysis_records(filter: { id: ${id} }) { items { ${DOCUMENTS} } }`).join(' ')} }`;

async function seedRecords(db: AppDatabase, userId: number, kb: number): Promise<number[]> {
  const charts = await queryRows(
    db,
    sql`select c.id from charts c join patients p on p.id = c.patient_ref where p.user_id = ${userId} order by c.id limit ${RECORDS}`,
    z.object({ id: z.coerce.number() }),
  );
  return insertBigRecords(
    db,
    charts.map((c) => c.id),
    kb,
  );
}

interface Answer {
  status: number;
  bytes: number;
  code: string | null;
  ms: number;
}

async function ask(base: string, token: string, query: string): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
    body: JSON.stringify({ query }),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  const body = JSON.parse(text) as { errors?: Array<{ extensions?: { code?: string } }> };
  return { status: res.status, bytes: Buffer.byteLength(text), code: body.errors?.[0]?.extensions?.code ?? null, ms };
}

/** GET /healthz one after another until `done` settles; each answer's time in ms. */
async function healthzWhile(base: string, done: Promise<unknown>): Promise<number[]> {
  let running = true;
  void done.finally(() => (running = false));
  const times: number[] = [];
  while (running) {
    const started = performance.now();
    const res = await fetch(`${base}/healthz`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/healthz answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/public/login`, {
    method: 'POST',
    body: new URLSearchParams({ email, password: encodePassword(PASSWORD) }),
  });
  const body = z.object({ data: z.object({ token: z.string() }) }).parse(await res.json());
  return body.data.token;
}

/** The most records whose documents one answer may carry: as many as pass before RESPONSE_TOO_LARGE. */
async function admittedRecords(base: string, token: string, ids: readonly number[]): Promise<{ count: number; refusal: string }> {
  for (let n = 1; n <= ids.length; n += 1) {
    const answer = await ask(base, token, bigQuery(ids.slice(0, n)));
    if (answer.status !== 200 || answer.code !== null) return { count: n - 1, refusal: `${answer.status}:${answer.code ?? 'none'}` };
  }
  return { count: ids.length, refusal: 'none' };
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { runs: { type: 'string' }, kb: { type: 'string' } } });
  const runs = Number(values.runs ?? 10);
  const kb = Number(values.kb ?? 270);
  const dataDir = await mkdtemp(join(tmpdir(), 'ceppro-bench-big-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    BENCH_LOOP_DELAY: join(dataDir, 'loop-delay.json'),
  };
  const config = loadConfig(env);
  const base = `http://127.0.0.1:${env.PORT}`;
  let server: ChildProcess | undefined;
  try {
    const database = await openDatabase(config.database);
    await database.migrate();
    const [user] = await seedBenchData(database.db, { mainPatients: RECORDS, otherUsers: 0, otherPatients: 0 }, PASSWORD);
    if (!user) throw new Error('seeding made no user');
    const ids = await seedRecords(database.db, user.id, kb);
    await database.close();
    console.log(`seeded: ${ids.length} records, five documents of about ${kb} KB each (${config.database.driver}); load ${load()}`);

    server = spawnServer(env);
    await waitHealthy(base);
    const token = await login(base, user.email);

    const { count, refusal } = await admittedRecords(base, token, ids);
    if (count === 0) throw new Error(`not even one record's documents were answered (${refusal})`);
    const query = bigQuery(ids.slice(0, count));
    console.log(`the budget admits ${count} records' documents in one answer; ${count + 1} answered ${refusal}`);

    await ask(base, token, query); // warm-up, not counted
    const rows: Array<{ answer: Answer; loopMaxMs: number; healthz: number[] }> = [];
    for (let i = 0; i < runs; i += 1) {
      await loopDelay(server, env.BENCH_LOOP_DELAY); // starts the monitor's window afresh
      const answering = ask(base, token, query);
      const [answer, healthz] = await Promise.all([answering, healthzWhile(base, answering)]);
      const loop = await loopDelay(server, env.BENCH_LOOP_DELAY);
      if (!loop) throw new Error('the server reported no event-loop delay');
      if (answer.status !== 200 || answer.code !== null) throw new Error(`run ${i + 1}: ${answer.status} ${answer.code}`);
      rows.push({ answer, loopMaxMs: loop.maxMs, healthz });
      console.log(
        `run ${i + 1}: ${answer.bytes} bytes in ${Math.round(answer.ms)} ms, loop delay max ${loop.maxMs} ms (p50 ${loop.p50Ms}), ` +
          `/healthz ${healthz.length} asked, max ${Math.round(Math.max(...healthz))} ms`,
      );
    }
    const loopMax = rows.map((r) => r.loopMaxMs);
    const healthz = rows.flatMap((r) => r.healthz);
    console.log(
      `big_answer_bytes=${rows[0]?.answer.bytes ?? 0} records=${count} runs=${rows.length} ` +
        `loop_delay_max_ms=${Math.max(...loopMax)} loop_delay_p50_ms=${percentile(loopMax, 50).toFixed(1)} ` +
        `healthz_max_ms=${Math.round(Math.max(...healthz))} healthz_p50_ms=${Math.round(percentile(healthz, 50))} ` +
        `answer_p50_ms=${Math.round(
          percentile(
            rows.map((r) => r.answer.ms),
            50,
          ),
        )} load=${load()}`,
    );
    return 0;
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
