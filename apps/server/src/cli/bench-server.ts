import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { REPO_ROOT } from './dataset-manifest';

/** The benches' way of running the real server: a child process of `apps/server/src/main.ts` with `env`. */
export function spawnServer(env: NodeJS.ProcessEnv): ChildProcess {
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (docs/performance.md).
  const profile = env['BENCH_CPU_PROF'] ? ['--cpu-prof', '--cpu-prof-dir', env['BENCH_CPU_PROF']] : [];
  // BENCH_API_PROCESSES=<n> (n > 1): n server processes on one port through node's cluster module.
  const entry = Number(env['BENCH_API_PROCESSES'] ?? 1) > 1 ? 'apps/server/src/cli/bench-cluster.ts' : 'apps/server/src/main.ts';
  const args = [...profile, '--import', 'tsx', resolve(REPO_ROOT, entry)];
  return spawn(process.execPath, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
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
