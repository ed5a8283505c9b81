import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../../apps/server/src/cli/dataset-manifest';

/** Where the benches bundle the server (apps/server/build.mjs), once per bench run. */
const BENCH_BUILD = join(REPO_ROOT, 'tmp/bench-server');
let built = false;

/** The compiled server's entry: bundled by apps/server/build.mjs, as `npm start` runs it (no TypeScript loader). */
function compiledMain(): string {
  if (!built) {
    execFileSync(process.execPath, [join(REPO_ROOT, 'apps/server/build.mjs'), BENCH_BUILD], { cwd: REPO_ROOT, stdio: 'ignore' });
    built = true;
  }
  return join(BENCH_BUILD, 'main.js');
}

/**
 * The benches' way of running the real server: a child process of the compiled server (what
 * `npm start` runs) with `env`. BENCH_API_PROCESSES=<n> (n > 1) runs n server processes on one
 * port through node's cluster module (bench-cluster.ts).
 */
export function spawnServer(env: NodeJS.ProcessEnv): ChildProcess {
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (docs/performance.md).
  const cpuProfile = env['BENCH_CPU_PROF'] ? ['--cpu-prof', '--cpu-prof-dir', env['BENCH_CPU_PROF']] : [];
  // BENCH_LOOP_DELAY=<file>: the server measures its own event-loop delay (bench-loop-monitor.mjs, `loopDelay`).
  const loopMonitor = env['BENCH_LOOP_DELAY'] ? ['--import', LOOP_MONITOR] : [];
  const profile = [...cpuProfile, ...loopMonitor];
  const main = compiledMain();
  const cluster = Number(env['BENCH_API_PROCESSES'] ?? 1) > 1;
  const args = cluster
    ? [...profile, '--import', 'tsx', resolve(REPO_ROOT, 'tools/src/bench-cluster.ts')]
    : [...profile, '--enable-source-maps', main];
  return spawn(process.execPath, args, { env: { ...env, BENCH_SERVER_MAIN: main }, stdio: ['ignore', 'inherit', 'inherit'] });
}
const LOOP_MONITOR = join(REPO_ROOT, 'tools/src/bench-loop-monitor.mjs');

/** The server's event-loop delay over one phase (ms), as bench-loop-monitor.mjs measured it inside the process. */
export interface LoopDelay {
  /** Samples of the 10 ms timer: about one per 10 ms of the phase. */
  count: number;
  maxMs: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
}

let loopSeq = 0;
/**
 * What the server's event loop went through since the last call (or its start), then starts afresh:
 * asks the monitor preloaded by BENCH_LOOP_DELAY=<file> (SIGUSR2) and reads its answer from <file>.
 * Null when the server runs without the monitor.
 */
export async function loopDelay(server: ChildProcess, file: string | undefined): Promise<LoopDelay | null> {
  if (!file || server.exitCode !== null) return null;
  loopSeq += 1;
  await rm(file, { force: true }); // a last run's answer must not pass for this one
  server.kill('SIGUSR2');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const figures = await readFile(file, 'utf8')
      .then(
        (text) => JSON.parse(text) as LoopDelay & { seq: number },
        () => null,
      )
      .catch(() => null);
    if (figures && figures.seq === loopSeq) return figures;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the server did not report its event-loop delay within 30 s');
}

/** Stops a server started by `spawnServer` and waits for it to exit. */
export async function stopServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGINT');
  await exited;
}

/** Resolves once GET /healthz answers 200; fails after two minutes (first start migrates and may load the model). */
export async function waitHealthy(base: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy within 120 s');
}
