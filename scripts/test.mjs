// `npm test`: every check, in the order a failure is cheapest to find. Installs the Debian
// packages npm cannot (chromium) when run as root; fails loudly when something is missing.
// Ends with one line `total: N passed, N failed, N skipped` over vitest and the browser suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSlowestVitestTests, printStepTimes, recordStep, runConcurrently } from './test-steps.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function run(label, cmd, args, opts = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, {
    stdio: opts.capture ? ['inherit', 'pipe', opts.stderrToStdout ? 'pipe' : 'inherit'] : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, ...opts.env },
  });
  if (opts.stderrToStdout) r.stdout = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (opts.capture && r.stdout) process.stdout.write(r.stdout);
  recordStep(label, Date.now() - started, r.status === 0);
  if (r.status !== 0) {
    console.error(`\n${label} FAILED (exit ${r.status ?? r.signal})`);
    if (!opts.soft) process.exit(1);
  }
  return r;
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
// The static checks and the builds do not depend on each other: they run side by side, the
// slowest (ESLint with type information, the web's typecheck) first.
const tsProjects = ['apps/web', 'apps/server', 'e2e', 'tools', 'packages/contract', 'packages/ceph'];
const staticFailures = await runConcurrently([
  { label: 'lint', cmd: 'npx', args: ['eslint', '.'] },
  { label: 'import cycles between server folders', cmd: 'node', args: ['scripts/check-import-cycles.mjs'] },
  { label: 'engines: every locked package runs on Node 20', cmd: 'node', args: ['scripts/check-engines.mjs'] },
  ...tsProjects.map((p) => ({ label: `typecheck ${p}`, cmd: 'npx', args: ['tsc', '-p', p] })),
  { label: 'format (Prettier, 140-character lines)', cmd: 'npm', args: ['run', '--silent', 'format:check'] },
  { label: 'build web', cmd: 'npm', args: ['run', 'build', '-w', 'apps/web'] },
  // The server tests that start real server processes run this bundle when it is current (test/support/server-command.ts).
  { label: 'build server', cmd: 'node', args: ['apps/server/build.mjs'] },
]);
if (staticFailures.length > 0) {
  console.error(`\nFAILED: ${staticFailures.join(', ')}`);
  process.exit(1);
}

mkdirSync('tmp', { recursive: true });
const report = 'tmp/vitest-report.json';
rmSync(report, { force: true });
const unit = run(
  'unit, server and web tests (vitest)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  { soft: true },
);
const counts = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(report)) {
  const j = JSON.parse(readFileSync(report, 'utf8'));
  counts.passed += j.numPassedTests;
  counts.failed += j.numFailedTests;
  counts.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
}
const ml = run('ml tests (Python unittest)', PY, ['-m', 'unittest', 'discover', '-s', 'ml/tests', '-v'], {
  soft: true,
  capture: true,
  stderrToStdout: true,
});
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
const e2e = run('browser tests (Playwright + Chromium)', 'node', ['e2e/run.mjs'], { soft: true, capture: true });
const m = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/m.exec(e2e.stdout ?? '');
if (m) {
  counts.passed += Number(m[1]);
  counts.failed += Number(m[2]);
  counts.skipped += Number(m[3] ?? 0);
}
const ok = unit.status === 0 && ml.status === 0 && mlRan && e2e.status === 0 && m;
printStepTimes();
printSlowestVitestTests(report);
console.log(`\ntotal: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
if (!ok) {
  if (!m) console.error('The browser suite printed no result line.');
  if (!mlRan) console.error('The ML tests printed no result line.');
  process.exit(1);
}
