import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The server as `npm start` runs it (apps/server/build.mjs), built fresh for every run; e2e/src/server.ts starts it.
 * E2E_SERVER_BUILD=<absolute dir> puts it elsewhere, so that side-by-side runs do not rebuild each other's server.
 */
export const E2E_SERVER_BUILD = process.env.E2E_SERVER_BUILD ?? join(root, 'tmp/e2e-server');

/**
 * Before any worker starts: the server and the test seed (seed-account.js) are bundled into E2E_SERVER_BUILD
 * (esbuild, under a second).
 * E2E_WEB_DIST=<absolute dir> builds the web app there (always) and the servers serve it, so several
 * checkouts' work can run browser tests side by side without sharing apps/web/dist; otherwise
 * apps/web/dist is built when missing.
 */
export default function globalSetup(): void {
  // The test seed (seed-account.ts) is bundled beside the server, so a test runs it as plain JavaScript.
  const seed = `seed-account=${join(root, 'e2e/src/seed-account.ts')}`;
  execFileSync(process.execPath, [join(root, 'apps/server/build.mjs'), E2E_SERVER_BUILD, seed], { cwd: root, stdio: 'inherit' });
  const webDist = process.env.E2E_WEB_DIST;
  if (webDist !== undefined && webDist !== '') {
    console.log(`building the web app into ${webDist}`);
    execFileSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir'], { cwd: join(root, 'apps/web'), stdio: 'inherit' });
  } else if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    console.log('apps/web/dist is missing: building the web app first');
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  }
}
