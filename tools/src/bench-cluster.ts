import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

/**
 * The bench's way to run the server as several processes on one port (BENCH_API_PROCESSES, bench:api):
 * node's cluster module forks that many copies of the compiled server (BENCH_SERVER_MAIN, built by
 * bench-server.ts) and hands them connections in turn. The
 * schema is migrated before they start (bench-api.ts), so they only open it. For measuring whether
 * more `api` processes pay on this machine (docs/performance.md); deployments run separate
 * processes per role instead (docs/roles.md).
 */
if (cluster.isPrimary) {
  // One set of secrets for all of them, as a deployment of several api processes sets them
  // (docs/deploy.md): copies started at once on a fresh DATA_DIR would each write their own.
  for (const name of ['ACCESS_TOKEN_SECRET', 'REFRESH_TOKEN_SECRET', 'URL_SIGNING_SECRET']) {
    process.env[name] ??= randomBytes(48).toString('base64url');
  }
  const count = Math.max(1, Number(process.env['BENCH_API_PROCESSES'] ?? 1));
  const workers = Array.from({ length: count }, () => cluster.fork());
  const stop = (): void => {
    for (const worker of workers) worker.process.kill('SIGINT');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  cluster.on('exit', () => {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
} else {
  const main = process.env['BENCH_SERVER_MAIN'];
  if (!main) throw new Error('BENCH_SERVER_MAIN names the compiled server (bench-server.ts sets it)');
  await import(pathToFileURL(main).href);
}
