/**
 * npm run probe:security
 *
 * A bounded security probe against the real server, on loopback only:
 * - starts the server as a child process on 127.0.0.1 (PGlite in a temporary DATA_DIR, sign-in
 *   rate limits scaled up so the probe's own sign-ins pass), with two seeded users A and B;
 * - A creates a patient with a chart, a 968 x 1200 film (a dataset film when present, else grey),
 *   landmark detection (success or refusal both do) and an analysis record;
 * - cross-user: B names A's ids on every GraphQL query and mutation and every file, report and AI
 *   path (A's real, already accepted upload id too, and a re-PUT to A's spent upload URL); a leak
 *   is an answer carrying A's data, an accepted call, or a change A sees afterwards (the snapshot
 *   includes the SHA-256 of A's film as downloaded);
 * - hostile input: NUL bytes in text fields, 10,000-deep JSON, 2 MB bodies, a 300 KB stored
 *   document, a PNG with a bad CRC, lowercase `bearer`, garbage and expired-looking tokens;
 * - abuse: 5,000 repeated fields, depth 50, 1,000 aliases, a batch, 30 parallel detections from A;
 * - audit oracles (first, while B's refusals are still listed one by one): B's own trail reads the
 *   same for A's ids and ids that do not exist, A's trail shows B's attempts, a flood of refusals
 *   is collapsed, A's list reads are recorded (probe/audit-oracles.ts);
 * - DICOM bombs through the real upload: frames declaring 15000 x 15000 (lossless) and 16000 x
 *   16000 (baseline) inside small films, a million elements, spacing 1e-300 (probe/dicom-bombs.ts);
 * - one-user floods: 500 parallel GraphQL lists and 30 report PDFs from A while B's list and
 *   /healthz are timed (probe/floods.ts);
 * - clinics: the cross-user matrix across two clinics and their roles, an outsider, a removed member's
 *   old session, invitations and role escalation (probe-clinics.ts);
 * - SMS pumping last (it spends the day's SMS budget): many numbers, one number many times
 *   (probe/sms-pumping.ts);
 * with GET /healthz polled every 50 ms through every group.
 * Any 5xx or dropped connection is a server error. At most 280 s in all (under 5 minutes), then it aborts.
 * Ends with `attempts=<n> leaks=<n> server_errors=<n> max_healthz_ms=<n>`; exit 1 on any leak or error.
 * `-- --only floods[,abuse,...]` runs only the named groups (the setup and the /healthz poll still run).
 * With BENCH_LOOP_DELAY=<file> the server measures its own event-loop delay (bench-server.ts) and each
 * group's line ends with `loop_delay_max_ms=<n> loop_delay_p99_ms=<n>` over that group.
 */
import { type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../apps/server/src/config/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { seedBenchData } from './bench-api-seed';
import { freePort } from '../../apps/server/test/support/free-port';
import { loopDelay, spawnServer, stopServer, waitHealthy } from './bench-server';
import { clinicsProbe } from './probe-clinics';
import { abuse } from './probe/abuse';
import { auditOracles } from './probe/audit-oracles';
import { crossUserMatrix } from './probe/cross-user';
import { dicomBombs } from './probe/dicom-bombs';
import { floods } from './probe/floods';
import { hostileInputs } from './probe/hostile-input';
import { newTally, ProbeClient, type ProbeTally } from './probe/probe-client';
import { createVictim, probeFilm, snapshot, type VictimData } from './probe/setup';
import { smsPumping } from './probe/sms-pumping';

const PASSWORD = 'Probe-pass1!';
const TIME_CAP_MS = 280_000;
/** The probe's sign-in limits are scaled up so its own sign-ins pass (AUTH_RATE_LIMIT_SCALE). */
const RATE_LIMIT_SCALE = 1000;
const HEALTHZ_EVERY_MS = 50;

/** Polls /healthz every 50 ms until stopped; the slowest answer in ms, and non-200 answers as server errors. */
function pollHealthz(base: string, tally: ProbeTally): { stop: () => Promise<{ maxMs: number; polls: number }> } {
  let running = true;
  let maxMs = 0;
  let polls = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        if (res.status >= 500) {
          tally.serverErrors += 1;
          tally.findings.push(`5XX /healthz ${res.status}`);
        }
      } catch (err) {
        tally.serverErrors += 1;
        tally.findings.push(`5XX /healthz no answer (${(err as Error).message})`);
      }
      polls += 1;
      const ms = performance.now() - started;
      maxMs = Math.max(maxMs, ms);
      await new Promise((r) => setTimeout(r, Math.max(0, HEALTHZ_EVERY_MS - ms)));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { maxMs, polls };
    },
  };
}

async function probe(
  base: string,
  emails: readonly string[],
  tally: ProbeTally,
  maxHealthz: { ms: number },
  outboxDir: string,
): Promise<void> {
  const anonymous = new ProbeClient(base, tally);
  const a = await anonymous.signIn(emails[0] ?? '', PASSWORD);
  const b = await anonymous.signIn(emails[1] ?? '', PASSWORD);
  const film = await probeFilm();
  const name = `ProbeA-${Date.now().toString(36)}`;
  const victim = await createVictim(a, name, film.bytes);
  console.log(`setup: A patient ${victim.patientId}, chart ${victim.chartId}, ${film.source}, detection ${victim.detection}`);
  const before = await snapshot(a, victim);
  // /healthz is polled through every group, not only the abuse one.
  const poller = pollHealthz(base, tally);
  try {
    const clinics = () =>
      clinicsProbe({ login: (email) => anonymous.signIn(email, PASSWORD), emails: emails.slice(2), film: film.bytes, outboxDir, tally });
    await groups(a, b, anonymous, victim, before, tally, outboxDir, clinics);
  } finally {
    const polled = await poller.stop();
    maxHealthz.ms = polled.maxMs;
    console.log(`healthz: polls=${polled.polls} max_ms=${Math.round(polled.maxMs)}`);
  }
  const final = await snapshot(a, victim);
  if (!JSON.stringify(JSON.parse(final)).includes(victim.name)) a.leak("A's patient is gone at the end");
}

/** `--only a,b`: the groups to run; all when absent. */
function onlyGroups(argv: readonly string[]): ReadonlySet<string> | null {
  const i = argv.indexOf('--only');
  return i < 0 ? null : new Set((argv[i + 1] ?? '').split(',').filter((g) => g !== ''));
}
const ONLY = onlyGroups(process.argv.slice(2));
/** The server's event-loop delay since the last call, when it runs with the monitor (BENCH_LOOP_DELAY). */
let serverLoopDelay: () => Promise<string | null> = () => Promise.resolve(null);

/** Runs one group of attacks and prints its line: requests sent, attempts, leaks and server errors it added. */
async function group(name: string, tally: ProbeTally, run: () => Promise<{ sent: number; notes: string[] }>): Promise<void> {
  if (ONLY && !ONLY.has(name)) return;
  await serverLoopDelay();
  const [start, leaks, errors, began] = [tally.attempts, tally.leaks, tally.serverErrors, performance.now()];
  const { sent, notes } = await run();
  const loop = await serverLoopDelay();
  if (loop) notes.push(loop);
  console.log(
    `${name}: requests=${sent} attempts=${tally.attempts - start} leaks=${tally.leaks - leaks} ` +
      `server_errors=${tally.serverErrors - errors} s=${((performance.now() - began) / 1000).toFixed(1)} ${notes.join(' ')}`,
  );
}

async function groups(
  a: ProbeClient,
  b: ProbeClient,
  anonymous: ProbeClient,
  victim: VictimData,
  before: string,
  tally: ProbeTally,
  outboxDir: string,
  clinics: () => Promise<{ sent: number; notes: string[] }>,
): Promise<void> {
  // First: B's first 20 refusals a minute are listed one by one, the rest only counted.
  await group('audit-oracles', tally, () => auditOracles(a, b, victim));
  await group('cross-user', tally, async () => {
    const sent = await crossUserMatrix(b, victim);
    const after = await snapshot(a, victim);
    if (after !== before) a.leak("A's data changed during the cross-user matrix");
    return { sent, notes: [`a_unchanged=${after === before}`] };
  });
  await group('clinics', tally, clinics);
  await group('hostile', tally, () => hostileInputs(b, anonymous));
  await group('abuse', tally, () => abuse(a, victim));
  await group('dicom-bombs', tally, () => dicomBombs(a, tally));
  await group('floods', tally, () => floods(a, b, victim));
  // Last: it spends the whole day's SMS budget of this server.
  await group('sms-pumping', tally, () => smsPumping(anonymous, tally, { outboxDir, rateLimitScale: RATE_LIMIT_SCALE }));
}

async function main(): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ceppro-probe-security-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    AUTH_RATE_LIMIT_SCALE: String(RATE_LIMIT_SCALE),
  };
  const base = `http://127.0.0.1:${env.PORT}`;
  const tally = newTally();
  const maxHealthz = { ms: 0 };
  let server: ChildProcess | undefined;
  let timer: NodeJS.Timeout | undefined;
  let failed = false;
  try {
    const database = await openDatabase(loadConfig(env).database);
    await database.migrate();
    // A and B, then the clinics group's seven (probe-clinics.ts).
    const users = await seedBenchData(database.db, { mainPatients: 0, otherUsers: 8, otherPatients: 0 }, PASSWORD);
    await database.close();
    const [userA, userB] = users;
    if (!userA || !userB) throw new Error('seeding made fewer than two users');
    server = spawnServer(env);
    const spawned = server;
    serverLoopDelay = async () => {
      const figures = await loopDelay(spawned, process.env['BENCH_LOOP_DELAY']);
      return figures && `loop_delay_max_ms=${Math.round(figures.maxMs)} loop_delay_p99_ms=${Math.round(figures.p99Ms)}`;
    };
    const capped = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`aborted: over the ${TIME_CAP_MS / 1000} s cap`)), TIME_CAP_MS);
    });
    await Promise.race([
      (async () => {
        await waitHealthy(base);
        await probe(
          base,
          users.map((u) => u.email),
          tally,
          maxHealthz,
          join(dataDir, 'outbox'),
        );
      })(),
      capped,
    ]);
  } catch (err) {
    failed = true;
    console.log(`probe stopped early: ${(err as Error).message}`);
  } finally {
    clearTimeout(timer);
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
  for (const finding of tally.findings) console.log(finding);
  console.log(
    `attempts=${tally.attempts} leaks=${tally.leaks} server_errors=${tally.serverErrors} max_healthz_ms=${Math.round(maxHealthz.ms)}`,
  );
  return failed || tally.leaks > 0 || tally.serverErrors > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
