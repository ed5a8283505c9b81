import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (as src/config/paths.ts has it; not imported, so vitest.config.ts can load this file as it is). */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The compiled server (`npm run build -w apps/server`, apps/server/build.mjs) and what it is built from. */
const BUNDLE = path.join(REPO_ROOT, 'apps/server/dist/main.js');
const SOURCES = ['apps/server/src', 'packages/contract/src', 'packages/ceph/src'].map((dir) => path.join(REPO_ROOT, dir));

/** Whether `bundle` exists and is no older than every source file it is built from. */
export function bundleIsCurrent(bundle = BUNDLE, sources = SOURCES): boolean {
  let built: number;
  try {
    built = statSync(bundle).mtimeMs;
  } catch {
    return false;
  }
  for (const dir of sources) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && statSync(path.join(entry.parentPath, entry.name)).mtimeMs > built) return false;
    }
  }
  return true;
}

/**
 * The environment that makes the worker threads a test starts (PDFs, landmark detection, DICOM rendering)
 * load the bundled workers of apps/server/dist instead of compiling their TypeScript (src/worker-source.mjs):
 * only while that bundle is current, as for `serverCommand`. vitest.config.ts gives it to the server and
 * tools projects.
 */
export function workerBundleEnv(bundle = BUNDLE, sources = SOURCES): Record<string, string> {
  return bundleIsCurrent(bundle, sources) ? { CEPPRO_WORKER_BUNDLE: path.dirname(bundle) } : {};
}

/**
 * How a test starts the real server entry: the compiled bundle when it is built and current (what
 * `npm start` runs, and it starts faster than compiling TypeScript on the fly), else the TypeScript
 * entry through tsx, so a stale bundle never stands in for the code under test. One node process
 * (tsx as a loader, not its CLI, which would put a wrapper process in between): the test's signals
 * (SIGKILL, SIGSTOP) reach the server. NODE_ENV stays the test's (start.js would set production).
 */
export function serverCommand(): { command: string; args: string[] } {
  if (bundleIsCurrent()) return { command: process.execPath, args: ['--enable-source-maps', BUNDLE] };
  return { command: process.execPath, args: ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')] };
}

/**
 * How a test runs one of the server's commands (`src/cli/<name>.ts`, bundled as `dist/<name>.js`): the
 * bundle when it is current, else the TypeScript entry through tsx as a loader (one node process, no
 * tsx CLI in between). A bundled command starts in a fraction of the CPU of compiling its imports.
 */
export function cliCommand(name: string): { command: string; args: string[] } {
  const bundled = path.join(path.dirname(BUNDLE), `${name}.js`);
  if (bundleIsCurrent()) return { command: process.execPath, args: ['--enable-source-maps', bundled] };
  return { command: process.execPath, args: ['--import', 'tsx', path.join(REPO_ROOT, `apps/server/src/cli/${name}.ts`)] };
}
