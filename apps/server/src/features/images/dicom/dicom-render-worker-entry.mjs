// Worker entry in plain JavaScript: registers tsx inside the worker thread (as the inference
// worker does), then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./dicom-render-worker.ts');
