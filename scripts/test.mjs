// `npm test`: every check, in the order a failure is cheapest to find. Installs the Debian
// packages npm cannot (chromium) when run as root; fails loudly when something is missing.
// Ends with one line `total: N passed, N failed, N skipped` over vitest and the browser suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function run(label, cmd, args, opts = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: opts.capture ? ['inherit', 'pipe', 'inherit'] : 'inherit', encoding: 'utf8', env: { ...process.env, ...opts.env } });
  if (opts.capture && r.stdout) process.stdout.write(r.stdout);
  if (r.status !== 0) {
    console.error(`\n${label} FAILED (exit ${r.status ?? r.signal})`);
    if (!opts.soft) process.exit(1);
  }
  return r;
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  if (!isRoot) {
    console.error('Browser tests need Debian chromium at /usr/bin/chromium: run `sudo apt-get install -y chromium` (npm test installs it when run as root).');
    process.exit(1);
  }
  run('install chromium', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
}

ensureChromium();
const tsProjects = ['packages/ceph', 'packages/contract', 'apps/server', 'apps/web', 'e2e'];
for (const p of tsProjects) run(`typecheck ${p}`, 'npx', ['tsc', '-p', p]);
run('lint', 'npx', ['eslint', '.']);
run('build web', 'npm', ['run', 'build', '-w', 'apps/web']);

mkdirSync('tmp', { recursive: true });
const report = 'tmp/vitest-report.json';
rmSync(report, { force: true });
const unit = run('unit, server and web tests (vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { soft: true });
const counts = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(report)) {
  const j = JSON.parse(readFileSync(report, 'utf8'));
  counts.passed += j.numPassedTests;
  counts.failed += j.numFailedTests;
  counts.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
}
const e2e = run('browser tests (Playwright + Chromium)', 'node', ['e2e/run.mjs'], { soft: true, capture: true });
const m = /(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/.exec(e2e.stdout ?? '');
if (m) {
  counts.passed += Number(m[1]);
  counts.failed += Number(m[2]);
  counts.skipped += Number(m[3] ?? 0);
}
const ok = unit.status === 0 && e2e.status === 0 && m;
console.log(`\ntotal: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
if (!ok) {
  if (!m) console.error('The browser suite printed no result line.');
  process.exit(1);
}
