import cluster from 'node:cluster';

/**
 * The bench's way to run the server as several processes on one port (BENCH_API_PROCESSES, bench:api):
 * node's cluster module forks that many copies of main.ts and hands them connections in turn. The
 * schema is migrated before they start (bench-api.ts), so they only open it. For measuring whether
 * more `api` processes pay on this machine (docs/performance.md); deployments run separate
 * processes per role instead (docs/roles.md).
 */
if (cluster.isPrimary) {
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
  await import('../main');
}
