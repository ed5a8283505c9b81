import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { REPO_ROOT } from '../../src/config/paths';
import { serverCommand } from '../support/server-command';

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
