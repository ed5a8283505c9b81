// Worker entry in plain JavaScript: registers tsx inside the worker thread (loader flags given
// through execArgv do not reach workers started from every host, e.g. vitest), then loads the
// TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./inference-worker.ts');
