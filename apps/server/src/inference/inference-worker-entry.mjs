// Worker entry in plain JavaScript for the landmark detector (inference-worker.ts) when the server runs
// from its sources; the production build replaces it with the bundled worker (apps/server/build.mjs, WORKERS).
import { loadWorker } from '../worker-source.mjs';

await loadWorker('inference-worker', new URL('./inference-worker.ts', import.meta.url));
