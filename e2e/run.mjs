// Entry point for `npm run test:e2e` (`node e2e/run.mjs [name filter]`): a thin wrapper around
// `playwright test -c e2e/playwright.config.ts`. The filter keeps its old meaning, a plain piece of
// a test's name (escaped into a --grep pattern). Exit code: Playwright's (non-zero on any failure).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const config = fileURLToPath(new URL('./playwright.config.ts', import.meta.url));
const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const filter = process.argv[2];
const grep = filter ? ['--grep', filter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')] : [];
// The browser suite runs the product as `npm start` does, on PGlite under each server's DATA_DIR, and
// the CLIs it runs (seed-account, admin, notices) write there: CI's DATABASE_URL is for the server suites.
const env = { ...process.env };
delete env.DATABASE_URL;
const child = spawn(process.execPath, [cli, 'test', '-c', config, ...grep, ...process.argv.slice(3)], { stdio: 'inherit', env });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
