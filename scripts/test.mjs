// `npm test`: every check, in the order a failure is cheapest to find. Installs the Debian
// packages npm cannot (chromium) when run as root; fails loudly when something is missing.
// Ends with one line `total: N passed, N failed, N skipped` over vitest and the browser suite.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSlowestVitestTests, printStepTimes, recordStep, runConcurrently } from './test-steps.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function run(label, cmd, args) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', encoding: 'utf8' });
  recordStep(label, Date.now() - started, r.status === 0);
  if (r.status !== 0) {
    console.error(`\n${label} FAILED (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
  return r;
}

/** The test suites running now (runAsync), each the leader of its own process group. */
const runningSuites = new Set();
let suitesStopped = false;
/** Ends the running suites and starts no more (a static check failed, or npm test itself was interrupted). */
function stopSuites() {
  suitesStopped = true;
  for (const child of runningSuites) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopSuites();
    process.exit(130);
  });
}

/**
 * Like `run`, without blocking: for the test suites that run side by side. Each line of the step's
 * output is printed as it comes, prefixed with `[tag]` so that the interleaved suites can be told
 * apart; `stdout` (stdout and stderr together, without the prefix) is what the caller parses.
 */
function runAsync(label, tag, cmd, args, env = process.env) {
  if (suitesStopped) return Promise.resolve({ status: 1, stdout: '' });
  console.log(`\n=== ${label} [${tag}]: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    // Its own process group, so that stopSuites() ends it with every worker and server it started.
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env, detached: true });
    runningSuites.add(child);
    child.on('exit', () => runningSuites.delete(child));
    const chunks = [];
    let partial = '';
    const onData = (chunk) => {
      chunks.push(chunk);
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`[${tag}] ${line}\n`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const done = (status) => {
      if (partial) process.stdout.write(`[${tag}] ${partial}\n`);
      recordStep(label, Date.now() - started, status === 0);
      if (status !== 0) console.error(`\n${label} FAILED (exit ${status})`);
      resolve({ status, stdout: Buffer.concat(chunks).toString('utf8') });
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Debian packages the browser and report tests need: Chromium, and poppler-utils (pdftotext,
 * pdftoppm, pdffonts) to read the PDFs the server makes. Installed when run as root; otherwise a
 * missing one stops the run with the command to install it, rather than tests skipping it.
 */
const DEBIAN_NEEDS = [
  { pkg: 'chromium', bin: '/usr/bin/chromium' },
  { pkg: 'poppler-utils', bin: '/usr/bin/pdftotext' },
  // A real PACS for apps/server/test/pacs and e2e/tests/pacs.test.ts (docs/pacs.md); dcmtk makes and checks DICOM files.
  { pkg: 'orthanc', bin: '/usr/sbin/Orthanc' },
  { pkg: 'orthanc-dicomweb', bin: '/usr/share/orthanc/plugins/libOrthancDicomWeb.so' },
  { pkg: 'dcmtk', bin: '/usr/bin/img2dcm' },
  // dciodvfy checks the DICOM objects Ceppro writes (apps/server/test/dicom-out, docs/dicom-out.md).
  { pkg: 'dicom3tools', bin: '/usr/bin/dciodvfy' },
];
function ensureDebianPackages() {
  const missing = DEBIAN_NEEDS.filter((n) => !existsSync(n.bin)).map((n) => n.pkg);
  if (missing.length === 0) return;
  if (!isRoot) {
    console.error(
      `The tests need ${missing.join(', ')}: run \`sudo apt-get install -y ${missing.join(' ')}\` ` +
        `(npm test installs them when run as root).`,
    );
    process.exit(1);
  }
  run(`install ${missing.join(' ')}`, 'sh', [
    '-c',
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
  ]);
}

// The training code's own tests (augmentations keep landmarks on the anatomy; skull-size scale)
// need Debian's PyTorch and OpenCV for /usr/bin/python3 (the python3 first on PATH may not see them).
const PY = process.env.CEPH_PYTHON ?? '/usr/bin/python3';
function ensurePythonMl() {
  const probe = spawnSync(PY, ['-c', 'import torch, cv2, numpy, onnx'], { encoding: 'utf8' });
  if (probe.status === 0) return;
  if (!isRoot) {
    console.error(
      `ML tests need PyTorch, OpenCV and ONNX for ${PY}: run \`sudo apt-get install ` +
        `-y python3-torch python3-opencv python3-onnx\` (npm test installs them ` +
        `when run as root).`,
    );
    process.exit(1);
  }
  run('install python3-torch python3-opencv python3-onnx', 'sh', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-torch python3-opencv python3-onnx',
  ]);
}

ensureDebianPackages();
ensurePythonMl();
// The two builds first (a few seconds of CPU each): the browser suite needs both, and the server tests that start
// real server processes run the server bundle when it is current (apps/server/test/support/server-command.ts).
const buildFailures = await runConcurrently([
  { label: 'build web', cmd: 'npm', args: ['run', 'build', '-w', 'apps/web'] },
  { label: 'build server', cmd: 'node', args: ['apps/server/build.mjs'] },
]);
if (buildFailures.length > 0) {
  console.error(`\nFAILED: ${buildFailures.join(', ')}`);
  process.exit(1);
}

// The static checks run one at a time beside vitest, which keeps only about one core of two busy (its server
// files wait on PostgreSQL, child processes and the disk): they fill the idle core instead of holding the tests
// up. The browser suite, which keeps both cores busy, starts only after them. A failing check stops the suites
// that are running and fails the run (docs/performance.md, "CI on a clean clone"). TEST_STATIC_FIRST=1 runs
// the checks first, two at a time, and the suites only when all of them have passed.
const staticFirst = process.env.TEST_STATIC_FIRST === '1';
const staticChecks = runConcurrently(
  [
    { label: 'import cycles between server folders', cmd: 'node', args: ['scripts/check-import-cycles.mjs'] },
    { label: 'engines: every locked package runs on Node 20', cmd: 'node', args: ['scripts/check-engines.mjs'] },
    { label: 'typecheck (tsc -b: ceph, contract, server, web, e2e, tools)', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
    { label: 'lint', cmd: 'npx', args: ['eslint', '.'] },
    { label: 'format (Prettier, 140-character lines)', cmd: 'npm', args: ['run', '--silent', 'format:check'] },
  ],
  staticFirst ? 2 : 1,
  (label) => {
    if (!suitesStopped && runningSuites.size > 0) console.error(`\n${label} FAILED: stopping the test suites`);
    stopSuites();
  },
).then((failed) => {
  if (failed.length === 0) return;
  printStepTimes();
  console.error(`\nFAILED: ${failed.join(', ')} (static checks; the test suites were stopped)`);
  process.exit(1);
});
if (staticFirst) await staticChecks;

mkdirSync('tmp', { recursive: true });
const report = 'tmp/vitest-report.json';
rmSync(report, { force: true });
// Vitest and the browser suite do not depend on each other, so by default they run side by side: vitest's server
// files wait on PostgreSQL, child processes and the disk, the browser suite on Chromium and its servers, and
// whatever CPU one leaves idle the other uses (docs/performance.md, "CI on a clean clone"). TEST_SUITES_SERIAL=1
// runs them one after another: vitest, the PGlite pass (CI), the ML tests, then the browser suite.
const serial = process.env.TEST_SUITES_SERIAL === '1';
const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
const mlArgs = ['-m', 'unittest', 'discover', '-s', 'ml/tests', '-v'];
const e2eLabel = 'browser tests (Playwright + Chromium)';
let pglite;
// CI (.ci/run) runs the server suites on PostgreSQL 15 (DATABASE_URL) and sets SERVER_TESTS_AGAIN_ON_PGLITE=1:
// the server files that open the embedded default (scripts/db-test-files.mjs --pglite) also run on PGlite,
// beside vitest, rather than after everything.
const pgliteAgain = process.env.SERVER_TESTS_AGAIN_ON_PGLITE === '1' && Boolean(process.env.DATABASE_URL);
const pgliteReport = 'tmp/vitest-pglite-report.json';
rmSync(pgliteReport, { force: true });
function runPgliteAgain() {
  const files = spawnSync('node', ['scripts/db-test-files.mjs', '--pglite'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const args = [
    'vitest',
    'run',
    '--project',
    'server',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${pgliteReport}`,
    ...files,
  ];
  return runAsync('server test files again on PGlite, the embedded default', 'pglite', 'npx', args, env);
}
// One chain is vitest, the PGlite pass (CI) and the ML tests; the other, the browser suite, after the static checks
// (and, with TEST_SUITES_SERIAL=1, after the first chain).
// The PGlite pass starts beside vitest: they share nothing (PGlite data directories against PostgreSQL
// databases, separate reports), and vitest leaves CPU idle.
const vitestChain = (async () => {
  const [unit, again] = await Promise.all([
    runAsync('unit, server and web tests (vitest)', 'vitest', 'npx', vitestArgs),
    pgliteAgain ? runPgliteAgain() : undefined,
  ]);
  pglite = again;
  const ml = await runAsync('ml tests (Python unittest)', 'ml', PY, mlArgs);
  return { unit, ml };
})();
const e2eChain = (async () => {
  await staticChecks;
  if (serial) await vitestChain;
  return runAsync(e2eLabel, 'e2e', 'node', ['e2e/run.mjs']);
})();
const [{ unit, ml }, e2e] = await Promise.all([vitestChain, e2eChain, staticChecks]);
const counts = { passed: 0, failed: 0, skipped: 0 };
for (const file of [report, ...(pgliteAgain ? [pgliteReport] : [])]) {
  if (!existsSync(file)) continue;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += j.numPassedTests;
  counts.failed += j.numFailedTests;
  counts.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
}
const mlRan = /Ran (\d+) tests?/.exec(ml.stdout ?? '');
const mlFailed = /FAILED \((?:failures=(\d+))?(?:, )?(?:errors=(\d+))?/.exec(ml.stdout ?? '');
const mlSkipped = /skipped=(\d+)/.exec(ml.stdout ?? '');
if (mlRan) {
  const bad = mlFailed ? Number(mlFailed[1] ?? 0) + Number(mlFailed[2] ?? 0) : 0;
  const skipped = Number(mlSkipped?.[1] ?? 0);
  counts.passed += Number(mlRan[1]) - bad - skipped;
  counts.failed += bad;
  counts.skipped += skipped;
}
// e2e/run.mjs (Playwright, e2e/src/summary-reporter.ts) ends with the line `N passed, N failed, N skipped`.
const m = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/m.exec(e2e.stdout ?? '');
if (m) {
  counts.passed += Number(m[1]);
  counts.failed += Number(m[2]);
  counts.skipped += Number(m[3] ?? 0);
}
const ok = unit.status === 0 && ml.status === 0 && mlRan && e2e.status === 0 && m && (!pgliteAgain || pglite?.status === 0);
printStepTimes();
printSlowestVitestTests(report);
console.log(`\ntotal: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
if (!ok) {
  if (!m) console.error('The browser suite printed no result line.');
  if (!mlRan) console.error('The ML tests printed no result line.');
  process.exit(1);
}
