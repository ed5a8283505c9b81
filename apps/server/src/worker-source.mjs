// How a worker entry (*-worker-entry.mjs) loads its worker when the server runs from its TypeScript sources
// (vitest, tsx). The production build replaces the entries with the bundled workers (apps/server/build.mjs,
// WORKERS) and never loads this file.
import { pathToFileURL } from 'node:url';
import path from 'node:path';

/**
 * CEPPRO_WORKER_BUNDLE names a folder holding the bundled workers of these same sources (apps/server/dist):
 * the server tests set it when that bundle is current (apps/server/test/support/server-command.ts), so each
 * worker thread a test starts loads plain JavaScript instead of compiling TypeScript (about 0.4-0.6 s less
 * CPU a thread). Otherwise tsx is registered inside the thread (loader flags given through execArgv do not
 * reach workers started from every host, e.g. vitest) and the TypeScript worker is loaded.
 */
export async function loadWorker(bundledName, source) {
  const bundle = process.env.CEPPRO_WORKER_BUNDLE;
  if (bundle) {
    await import(pathToFileURL(path.join(bundle, `${bundledName}.js`)).href);
    return;
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
}
