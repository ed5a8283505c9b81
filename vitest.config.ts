import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { workerBundleEnv } from './apps/server/test/support/server-command.ts';

const WEB_ROOT = 'apps/web';
/**
 * The web test files that replace a module (`vi.mock`): they run isolated, each with its own module
 * registry. The others share one jsdom and one import of React and the app per worker (`isolate:
 * false`): a fresh environment and module graph per file cost three times the tests' own time.
 */
const webTests = readdirSync(path.join(WEB_ROOT, 'test'), { recursive: true })
  .map((f) => `test/${String(f).split(path.sep).join('/')}`)
  .filter((f) => /\.test\.tsx?$/.test(f));
const webMocking = webTests.filter((f) => readFileSync(path.join(WEB_ROOT, f), 'utf8').includes('vi.mock('));
/**
 * The worker threads the server and tools tests start (PDFs, detection, DICOM rendering) load the bundled
 * workers when `npm test` has just built a current apps/server/dist, else compile their TypeScript as before.
 */
const workerBundle = workerBundleEnv();

// One vitest run, several projects: `unit` is pure and fast, `server` talks to a real database
// (PGlite by default, PostgreSQL when DATABASE_URL is set), `web` runs React components in jsdom.
export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: ONE on a 2-core machine, so every file of every
    // project ran after the other. Server files wait on the disk, child processes and PostgreSQL for
    // much of their time; a worker per core, at least two, keeps both busy (VITEST_MAX_WORKERS overrides).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 0) || Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts'],
          environment: 'node',
          // Pure functions of packages/ceph and packages/contract: no test mocks a module, stubs a global
          // or changes process.env, and neither package keeps module state, so a worker imports them once
          // for all the files: a quarter of the CPU of a fresh module graph per file (30.5 -> 7.4 s for
          // 60 files on 2026-11-28), the same tests passing in any order (`--sequence.shuffle`).
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          env: workerBundle,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file has its own data directory and database, so files run side by side. Not isolated:
          // a worker imports the server (Fastify, GraphQL, drizzle, sharp, the ONNX runtime) once for all
          // its files instead of once per file; no server test mocks a module or changes process.env.
          isolate: false,
        },
      },
      {
        test: {
          // tools/: benches, probes, landmark evaluation and model calibration (they import the product).
          name: 'tools',
          include: ['tools/test/**/*.test.ts'],
          environment: 'node',
          env: workerBundle,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Like the server's: no tools test mocks a module or changes process.env, so a worker imports the
          // product once for all of them.
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: webMocking,
          environment: 'jsdom',
          setupFiles: ['./test/setup-dialog.ts', './test/setup-shared-env.ts'],
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web-mocking',
          root: './apps/web',
          include: webMocking,
          environment: 'jsdom',
          setupFiles: ['./test/setup-dialog.ts'],
        },
      },
    ],
  },
});
