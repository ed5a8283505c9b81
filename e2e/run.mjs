// Entry point for `npm run test:e2e` (`node e2e/run.mjs [name filter]`).
// The suite is TypeScript; this shim runs it under tsx and passes the exit code through.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('./src/main.ts', import.meta.url));
const child = spawn(process.execPath, ['--import', 'tsx', main, ...process.argv.slice(2)], { stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
