/**
 * npm run bench:fair-share [-- --rounds 5 --flood 500 --pdfs 2 --patients 2000 --ai-users 12 --ai-rounds 3
 *                             --ai-warm-ms 10000 --no-budget --database-url postgres://...]
 *
 * Fair share between users of one server (docs/performance.md, "Fair share"). Starts the real
 * server (compiled, as `npm start`) on PGlite in a temp dir, or on `--database-url` / DATABASE_URL,
 * with the default per-user budget (`--no-budget`: limits so high nobody meets them, the "before"),
 * seeds users with `--patients` patients each, gives the flooder and the AI users a chart with a film
 * and a detection, then:
 * - `--rounds` times: the flooder sends `--flood` requests at once (patient lists in the bench-api
 *   mix, every tenth a chart list, `--pdfs` report PDFs) while another user lists patients and
 *   /healthz is asked, each one request after another; then once 30 report PDFs at once;
 * - `--ai-users` users keep two detections each in flight; after `--ai-warm-ms`, `--ai-rounds` other
 *   users (not using the AI until then) ask for one detection each, one after another.
 * Every user sends on kept-alive connections of their own, opened beforehand (probe/load-client.ts).
 * Prints per round (after an uncounted warm-up round), then `other_list_p50_ms other_list_max_ms
 * healthz_p50_ms healthz_max_ms` (all counted rounds), the PDF flood's, and `ai_other_detect_p50_ms
 * ai_other_detect_max_ms`, with the load average.
 */
import { REPORT_ENDPOINTS } from '@ceppro/contract';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../apps/server/src/config/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { aiFlood } from './bench-fair-share-ai';
import { LIST_QUERY, listVariables } from './bench-api-list';
import { seedBenchData } from './bench-api-seed';
import { freePort } from '../../apps/server/test/support/free-port';
import { spawnServer, stopServer, waitHealthy } from './bench-server';
import { percentile } from './landmark-metrics';
import { floodWhileMeasuring, formatCodes, p50max, type FloodFigures } from './probe/floods';
import { LoadClient, type LoadAnswer } from './probe/load-client';
import { newTally, ProbeClient } from './probe/probe-client';
import { createVictim, probeFilm } from './probe/setup';
import { countOption, runMain } from './bench-cli';

const PASSWORD = 'Bench-pass1!';
/** Limits nobody meets: the server as it was before the budget. */
const NO_BUDGET = { USER_MAX_IN_FLIGHT: '5000', USER_MAX_PER_MINUTE: '1000000', USER_MAX_HEAVY: '100', HEAVY_MAX_RUNNING: '100' };

const loadAverage = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(',');
const round = (values: number[], p: number): string => (values.length ? percentile(values, p).toFixed(0) : 'NaN');
const max = (values: number[]): string => (values.length ? Math.max(...values).toFixed(0) : 'NaN');

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string' },
      flood: { type: 'string' },
      pdfs: { type: 'string' },
      patients: { type: 'string' },
      'ai-users': { type: 'string' },
      'ai-rounds': { type: 'string' },
      'ai-warm-ms': { type: 'string' },
      'no-budget': { type: 'boolean' },
      'database-url': { type: 'string' },
    },
  });
  const rounds = countOption(values.rounds, 5);
  const floodSize = countOption(values.flood, 500);
  const pdfs = countOption(values.pdfs, 2);
  const patients = countOption(values.patients, 2_000);
  const aiUsers = countOption(values['ai-users'], 12);
  const aiRounds = countOption(values['ai-rounds'], 3);
  const aiWarmMs = countOption(values['ai-warm-ms'], 10_000);
  const databaseUrl = values['database-url'] ?? process.env['DATABASE_URL'];

  const dataDir = await mkdtemp(join(tmpdir(), 'ceppro-fair-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    // Sixteen sign-ins from one address in a few seconds.
    AUTH_RATE_LIMIT_SCALE: '100',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ...(values['no-budget'] && NO_BUDGET),
  };
  const config = loadConfig(env);
  let server: ChildProcess | undefined;
  try {
    const database = await openDatabase(config.database);
    await database.migrate();
    const otherUsers = 2 + aiUsers + aiRounds;
    const users = await seedBenchData(database.db, { mainPatients: patients, otherPatients: patients * otherUsers, otherUsers }, PASSWORD);
    await database.close();
    const b = config.budget;
    console.log(
      `seeded ${patients} patients for each of ${users.length} users on ${config.database.driver}; budget ` +
        `in_flight=${b.inFlight} per_minute=${b.perMinute} heavy_per_user=${b.heavyPerUser} heavy_running=${b.heavyRunning}`,
    );

    server = spawnServer(env);
    const base = `http://127.0.0.1:${env['PORT']}`;
    await waitHealthy(base);
    const tally = newTally();
    const anonymous = new ProbeClient(base, tally);
    const clients = await Promise.all(users.map((u) => anonymous.signIn(u.email, PASSWORD)));
    const [flooder, observer, ...aiClients] = clients;
    if (!flooder || !observer) throw new Error('seeding made too few users');

    const film = await probeFilm();
    const t0 = performance.now();
    const charts: string[] = [];
    for (const [i, client] of [flooder, ...aiClients].entries()) charts.push((await createVictim(client, `Fair${i}`, film.bytes)).chartId);
    const setupS = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(`setup: ${charts.length} charts with a film (${film.source}) and a detection in ${setupS} s; load ${loadAverage()}`);
    const flooderChart = charts[0] ?? '';

    // Each user on connections of their own, opened beforehand (probe/load-client.ts).
    const load = (client: ProbeClient, connections: number) => new LoadClient(base, client.token, connections);
    const flood = load(flooder, Math.max(30, floodSize));
    const other = load(observer, 1);
    const health = new LoadClient(base, '', 1);
    const aiLoads = aiClients.map((client) => load(client, 2));
    await Promise.all([flood, other, health, ...aiLoads].map((c) => c.warm()));

    const pages = Math.max(1, Math.ceil(patients / 10));
    const floodRequest = (i: number) => (): Promise<LoadAnswer> => {
      if (i < pdfs) return flood.post(REPORT_ENDPOINTS.pdf.path, { chart_id: flooderChart });
      if (i % 10 === 0) return flood.graphql('{ charts(page_size: 20) { id chart_id chart_data { id } } }');
      return flood.graphql(LIST_QUERY, { ...listVariables(i, 0, pages) });
    };
    const all: FloodFigures[] = [];
    // Round 0 warms the server up (the first report PDF loads its fonts, V8 optimises the paths): printed, not counted.
    for (let r = 0; r <= rounds; r++) {
      // A request refused before its body was read closes its connection (http/error-handler.ts): open them again.
      await flood.warm();
      const figures = await floodWhileMeasuring(
        Array.from({ length: floodSize }, (_, i) => floodRequest(i)),
        other,
        health,
      );
      if (r > 0) all.push(figures);
      const label = r === 0 ? 'warm-up round (not counted)' : `round ${r}`;
      console.log(
        `${label}: ${floodSize} at once -> ${formatCodes(figures.codes)} in ${figures.wallMs.toFixed(0)} ms; other user's list ` +
          `p50/max ${p50max(figures.otherListMs)} ms (${figures.otherListMs.length}), healthz ${p50max(figures.healthzMs)} ms ` +
          `(${figures.healthzMs.length}); load ${loadAverage()}`,
      );
    }
    await flood.warm();
    const pdf30 = await floodWhileMeasuring(
      Array.from({ length: 30 }, () => () => flood.post(REPORT_ENDPOINTS.pdf.path, { chart_id: flooderChart })),
      other,
      health,
    );
    console.log(
      `30 report PDFs at once -> ${formatCodes(pdf30.codes)} in ${pdf30.wallMs.toFixed(0)} ms; other user's list ` +
        `${p50max(pdf30.otherListMs)} ms, healthz ${p50max(pdf30.healthzMs)} ms; load ${loadAverage()}`,
    );

    const aiUser = (i: number) => ({ client: aiLoads[i] as LoadClient, chartId: charts[i + 1] ?? '' });
    const aiFlooders = Array.from({ length: aiUsers }, (_, i) => aiUser(i));
    const light = Array.from({ length: aiRounds }, (_, i) => aiUser(aiUsers + i));
    const ai = await aiFlood(aiFlooders, light, { warmMs: aiWarmMs });
    console.log(
      `AI: ${aiUsers} users keeping 2 detections in flight -> ${formatCodes(ai.floodOutcomes)}; ${aiRounds} other users' ` +
        `detections, one after another -> ${formatCodes(ai.otherOutcomes)} in ${ai.otherMs.map((m) => m.toFixed(0)).join(', ')} ms ` +
        `(one detection alone before the flood: ${ai.aloneMs.toFixed(0)} ms); load ${loadAverage()}`,
    );
    for (const c of [flood, other, health, ...aiLoads]) c.close();

    const lists = all.flatMap((f) => f.otherListMs);
    const healthz = all.flatMap((f) => f.healthzMs);
    console.log(
      `driver=${config.database.driver} budget=${values['no-budget'] ? 'off' : 'on'} load_avg=${loadAverage()} ` +
        `setup_server_errors=${tally.serverErrors} flood_failures=${failures(all, pdf30)}`,
    );
    console.log(
      `other_list_p50_ms=${round(lists, 50)} other_list_max_ms=${max(lists)} healthz_p50_ms=${round(healthz, 50)} ` +
        `healthz_max_ms=${max(healthz)} pdf30_other_list_max_ms=${max(pdf30.otherListMs)} ` +
        `pdf30_healthz_max_ms=${max(pdf30.healthzMs)} ai_other_detect_p50_ms=${round(ai.otherMs, 50)} ` +
        `ai_other_detect_max_ms=${max(ai.otherMs)} ai_alone_detect_ms=${ai.aloneMs.toFixed(0)}`,
    );
    for (const finding of tally.findings.slice(0, 10)) console.log(finding);
    return 0;
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Answers that were a 5xx or none at all (status 0), in the floods and the measurements beside them, by status. */
function failures(...figures: Array<FloodFigures | FloodFigures[]>): string {
  const failed = new Map<string, number>();
  for (const f of figures.flat()) {
    for (const a of [...f.answers, ...f.measured])
      if (a.status === 0 || a.status >= 500) failed.set(String(a.status), (failed.get(String(a.status)) ?? 0) + 1);
  }
  return failed.size === 0 ? '0' : formatCodes(failed);
}

runMain(main);
