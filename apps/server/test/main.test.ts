import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config/paths';
import { openDatabase } from '../src/db/database';
import { users } from '../src/db/schema/index';
import { signRequest } from '../src/storage/url-signer';
import { serverCommand } from './support/server-command';
import { createTestDataDir, type TestDataDir } from './support/test-data-dir';

interface Running {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

/**
 * Starts the server and waits for its URL line: the compiled bundle when current, else src/main.ts
 * in one node process with tsx's loader (support/server-command.ts). Not through the `tsx` command:
 * it relays a signal to its child and, when the child does not confirm within 30 ms (a loaded
 * machine), kills it and exits 143, which is tsx's behaviour, not the server's.
 */
async function startServer(env: Record<string, string>): Promise<Running> {
  const { command, args } = serverCommand();
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 45_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Ceppro is running at (http:\/\/localhost:\d+)\n/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exit.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output, exit };
}

function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function withDatabase<T>(dir: TestDataDir, use: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const handle = await openDatabase(
    dir.env.DATABASE_URL ? { driver: 'postgres', url: dir.env.DATABASE_URL } : { driver: 'pglite', dataDir: path.join(dir.dataDir, 'db') },
  );
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

describe('main: start, stop on a signal, start again on the same data', () => {
  let dir: TestDataDir;
  let env: Record<string, string>;
  beforeAll(async () => {
    dir = await createTestDataDir();
    env = { ...dir.env, PORT: '0', HOST: '127.0.0.1', WEB_DIST: path.join(dir.dataDir, 'no-dist'), LOG_LEVEL: 'info' };
  });
  afterAll(() => dir?.cleanup());

  const signedUrl = (base: string, secret: string, method: 'GET' | 'PUT', key: string, contentType: string) => {
    const exp = Math.floor(Date.now() / 1000) + 300;
    const sig = signRequest({ method, key, expiresAt: exp, contentType }, secret);
    return `${base}/files/${key}?exp=${exp}&sig=${sig}`;
  };

  it('runs, answers, and exits 0 on SIGINT', async () => {
    const server = await startServer(env);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok', storage: 'ok', migrations: 'applied' });

    const { urlSigning } = JSON.parse(await readFile(path.join(dir.dataDir, 'secrets.json'), 'utf8')) as { urlSigning: string };
    const put = await fetch(signedUrl(server.url, urlSigning, 'PUT', 'persist/check.txt', 'text/plain'), {
      method: 'PUT',
      body: 'kept across restarts',
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.status).toBe(200);

    server.child.kill('SIGINT');
    expect(await server.exit).toBe(0);
    const lines = logLines(server.output());
    expect(lines.some((l) => l.msg === 'generated secrets and saved them in secrets.json')).toBe(true);
    expect(lines.find((l) => l.msg === 'database migrations applied')?.applied).toBeGreaterThan(0);
    expect(lines.at(-1)?.msg).toBe('stopped');
    expect(existsSync(path.join(dir.dataDir, 'db.lock'))).toBe(false);

    // The database closed cleanly enough to open and write to between runs.
    await withDatabase(dir, async ({ db }) => {
      await db.insert(users).values({ email: 'kept@example.test', firstName: 'Kept', passwordHash: 'x', userTypeCd: '00001' });
    });
  });

  it('reuses secrets, migrations, objects and rows on the next start, and exits 0 on SIGTERM', async () => {
    const secretsBefore = await readFile(path.join(dir.dataDir, 'secrets.json'), 'utf8');
    const server = await startServer(env);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    const { urlSigning } = JSON.parse(secretsBefore) as { urlSigning: string };
    const get = await fetch(signedUrl(server.url, urlSigning, 'GET', 'persist/check.txt', ''));
    expect(await get.text()).toBe('kept across restarts');

    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
    const lines = logLines(server.output());
    expect(lines.some((l) => l.msg === 'generated secrets and saved them in secrets.json')).toBe(false);
    expect(lines.find((l) => l.msg === 'database migrations applied')?.applied).toBe(0);
    expect(await readFile(path.join(dir.dataDir, 'secrets.json'), 'utf8')).toBe(secretsBefore);

    const emails = await withDatabase(dir, async ({ db }) => (await db.select({ email: users.email }).from(users)).map((u) => u.email));
    expect(emails).toEqual(['kept@example.test']);
  });
});

describe('main when a dependency is not there', () => {
  const run = (env: Record<string, string>) => {
    const { command, args } = serverCommand();
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
  };

  it('exits 1 with one line when PostgreSQL cannot be reached', async () => {
    const dir = await createTestDataDir();
    try {
      const { code, stderr } = await run({ DATA_DIR: dir.dataDir, DATABASE_URL: 'postgres://nobody:x@127.0.0.1:1/none' });
      expect(code).toBe(1);
      expect(stderr).toBe('Ceppro failed to start: Cannot connect to PostgreSQL (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:1\n');
    } finally {
      await dir.cleanup();
    }
  });

  it('refuses a PGlite directory another live process holds', async () => {
    const dir = await createTestDataDir();
    try {
      await writeFile(path.join(dir.dataDir, 'db.lock'), String(process.pid));
      const env: Record<string, string> = { DATA_DIR: dir.dataDir, DATABASE_URL: '' };
      const { code, stderr } = await run(env);
      expect(code).toBe(1);
      expect(stderr).toBe(
        `Ceppro failed to start: The embedded database is in use by process ${process.pid} (${path.join(dir.dataDir, 'db.lock')}).\n`,
      );
    } finally {
      await dir.cleanup();
    }
  });
});
