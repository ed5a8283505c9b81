import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { runTests } from './harness.ts';
import { setOutboxDir } from './outbox.ts';
import { startServer, type RunningServer } from './server.ts';
import '../tests/about-ai.test.ts';
import '../tests/admin.test.ts';
import '../tests/audit.test.ts';
import '../tests/chrome.test.ts';
import '../tests/clinical-vocabulary.test.ts';
import '../tests/dicom.test.ts';
import '../tests/drawing.test.ts';
import '../tests/exports.test.ts';
import '../tests/gate.test.ts';
import '../tests/language.test.ts';
import '../tests/manual.test.ts';
import '../tests/membership.test.ts';
import '../tests/patients.test.ts';
import '../tests/profilogram.test.ts';
import '../tests/popup.test.ts';
import '../tests/recovery.test.ts';
import '../tests/report-model.test.ts';
import '../tests/routes.test.ts';
import '../tests/session.test.ts';
import '../tests/session-security.test.ts';
import '../tests/settings.test.ts';
import '../tests/sign-in.test.ts';
import '../tests/sign-up.test.ts';
import '../tests/superimposition.test.ts';
import '../tests/toast.test.ts';
import '../tests/viewer.test.ts';
import '../tests/viewer-polish.test.ts';
import '../tests/vto.test.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Debian's Chromium, headless, with nothing that reaches out to the network on its own.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function main(): Promise<number> {
  const filter = process.argv[2];
  // E2E_WEB_DIST=<absolute dir> builds the web app there (always) and serves it, so several
  // checkouts' work can run browser tests side by side without sharing apps/web/dist.
  const webDist = process.env.E2E_WEB_DIST;
  if (webDist !== undefined && webDist !== '') {
    console.log(`building the web app into ${webDist}`);
    execFileSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir'], { cwd: join(root, 'apps/web'), stdio: 'inherit' });
  } else if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    console.log('apps/web/dist is missing: building the web app first');
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  }

  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const shutdown = async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void shutdown().finally(() => process.exit(130)));
  }

  try {
    server = await startServer(root);
    setOutboxDir(server.dataDir);
    console.log(
      server.kind === 'server'
        ? `e2e: real server at ${server.baseUrl}`
        : `e2e: NOT the real server (missing apps/server/src/main.ts or CEPPRO_E2E_SERVER=preview): vite preview at ${server.baseUrl}`,
    );
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
    console.log(`e2e: Chromium ${browser.version()}`);

    const summary = await runTests({
      browser,
      baseUrl: server.baseUrl,
      screensDir: process.env.E2E_SCREENS_DIR ?? join(root, 'tmp/screens'),
      ...(filter ? { filter } : {}),
    });
    console.log(`\n${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
    if (summary.failed > 0 && server.kind === 'server') {
      console.log(`\nserver log (tail):\n${server.log().slice(-3000)}`);
    }
    return summary.failed === 0 && summary.passed > 0 ? 0 : 1;
  } finally {
    await shutdown();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log('\n0 passed, 1 failed (the run could not start)');
    process.exit(1);
  },
);
