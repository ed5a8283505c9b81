import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from './dataset-manifest';

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
  const profile = env['BENCH_CPU_PROF'] ? ['--cpu-prof', '--cpu-prof-dir', env['BENCH_CPU_PROF']] : [];
  const main = compiledMain();
  const cluster = Number(env['BENCH_API_PROCESSES'] ?? 1) > 1;
  const args = cluster
    ? [...profile, '--import', 'tsx', resolve(REPO_ROOT, 'apps/server/src/cli/bench-cluster.ts')]
    : [...profile, '--enable-source-maps', main];
  return spawn(process.execPath, args, { env: { ...env, BENCH_SERVER_MAIN: main }, stdio: ['ignore', 'inherit', 'inherit'] });
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

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}
