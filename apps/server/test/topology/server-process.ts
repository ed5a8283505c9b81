import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config/paths';

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

export interface ServerProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcessWithoutNullStreams;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
}

const started = new Set<ChildProcessWithoutNullStreams>();

/** Kills every process this file started that is still alive (a failed start included). */
export function killAllStarted(): void {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  started.clear();
}

/** Starts one server process (CEPPRO_ROLE in `env`) and resolves once it has bound its port. */
export async function startServerProcess(name: string, env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  const { command, args } = serverCommand();
  const fullEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env };
  const child = spawn(command, args, { cwd: REPO_ROOT, env: fullEnv, stdio: ['pipe', 'pipe', 'pipe'] });
  started.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Ceppro is running at http:\/\/localhost:(\d+)\n/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output}`));
    });
  });
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
