// Worker entry in plain JavaScript for the PDF worker (src/pdf-worker.ts) when the server runs from its
// sources; the production build replaces it with the bundled worker (apps/server/build.mjs, WORKERS).
import { loadWorker } from './worker-source.mjs';

await loadWorker('pdf-worker', new URL('./pdf-worker.ts', import.meta.url));
