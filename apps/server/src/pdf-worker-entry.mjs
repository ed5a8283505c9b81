// Worker entry in plain JavaScript: registers tsx inside the worker thread (as the DICOM render
// worker does), then loads the TypeScript worker. The production build replaces it with the bundled
// worker (apps/server/build.mjs, WORKERS).
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
