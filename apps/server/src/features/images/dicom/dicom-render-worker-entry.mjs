// Worker entry in plain JavaScript for the DICOM render worker (dicom-render-worker.ts) when the server runs
// from its sources; the production build replaces it with the bundled worker (apps/server/build.mjs, WORKERS).
import { loadWorker } from '../../../worker-source.mjs';

await loadWorker('dicom-render-worker', new URL('./dicom-render-worker.ts', import.meta.url));
