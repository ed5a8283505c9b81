import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../apps/server/test/support/free-port.ts';
import { copyPgliteTemplate } from '../../apps/server/test/support/pglite-template.ts';
import { E2E_SERVER_BUILD } from './global-setup.ts';
import { e2eModelCardPath } from './model-card.ts';

/**
 * Access tokens short enough that the long flows (the manual's walks) meet a refresh, long enough
 * that a test on a busy machine is not refreshed between two of its own steps (a 5 s lifetime was:
 * the duplicate-login tests then met J002 before J005). The refresh test starts a server with a
 * shorter one. Client IPs come from X-Forwarded-For, so a browser context can pose as another
 * address (new-IP approval, and separate rate-limit buckets per test).
 */
export const E2E_ACCESS_TOKEN_TTL_S = 30;

/**
 * Starts the product for the browser tests: the real server, compiled as `npm start` runs it
 * (global-setup.ts builds it into tmp/e2e-server), on a free port with a throw-away DATA_DIR,
 * serving apps/web/dist. With CEPPRO_E2E_SERVER=preview, `vite preview` serves the same dist
 * instead, and the run says so.
 */
export interface RunningServer {
  baseUrl: string;
  /** The throw-away DATA_DIR; mail and SMS land in `<dataDir>/outbox`. */
  dataDir: string;
  kind: 'server' | 'vite-preview';
  log: () => string;
  stop: () => Promise<void>;
}

async function waitForOk(url: string, child: ChildProcess, timeoutMs: number, log: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited early (code ${child.exitCode ?? child.signalCode}):\n${log()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs} ms:\n${log()}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

type ServerOptions = { prepare?: (dataDir: string) => void; env?: NodeJS.ProcessEnv };

/** How many times a server whose port was taken before it listened (EADDRINUSE) is started again on another. */
const PORT_TRIES = 3;

/**
 * `prepare` runs on the new DATA_DIR (its database already migrated) before the server starts (a
 * test seeding it with a CLI); `env` overrides the server's settings (`ACCESS_TOKEN_TTL_S`).
 */
export async function startServer(root: string, options: ServerOptions = {}): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(root, options);
    } catch (error) {
      if (attempt >= PORT_TRIES || !String(error).includes('EADDRINUSE')) throw error;
      console.warn(`e2e server: its port was taken before it listened; starting again (try ${attempt + 1} of ${PORT_TRIES})`);
    }
  }
}

async function startServerOnce(root: string, options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ceppro-e2e-data-'));
  // The embedded database already created and migrated: a copy of the server tests' PGlite template
  // opens in a fraction of initdb's seconds. The server's own first start (initdb, migrations) is
  // apps/server/test/main.test.ts's.
  await copyPgliteTemplate(join(dataDir, 'db'), { migrated: true });
  options.prepare?.(dataDir);
  // The compiled server global-setup.ts built (plain JavaScript, as `npm start` runs it).
  const serverEntry = join(E2E_SERVER_BUILD, 'main.js');
  // CEPPRO_E2E_SERVER=preview forces vite preview, to tell a web bug from a server bug.
  const real = existsSync(serverEntry) && process.env.CEPPRO_E2E_SERVER !== 'preview';

  const [command, args, cwd, readyPath] = real
    ? [process.execPath, ['--enable-source-maps', serverEntry], root, '/healthz']
    : [
        process.execPath,
        [join(root, 'node_modules/vite/bin/vite.js'), 'preview', '--port', String(port), '--strictPort'],
        join(root, 'apps/web'),
        '/',
      ];

  let output = '';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    TRUST_PROXY: 'true',
    ACCESS_TOKEN_TTL_S: String(E2E_ACCESS_TOKEN_TTL_S),
    // Cheap password hashes (argon2id at 1 MiB, one pass): every test signs accounts up and in.
    PASSWORD_HASH_PROFILE: 'test',
    // The served model may have no card yet; then the page shows the server tests' fixture.
    MODEL_CARD_PATH: e2eModelCardPath(root),
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    ...options.env,
  };
  delete env.SMTP_URL; // mail must land in the outbox, where the tests read it
  delete env.DATABASE_URL; // PGlite under DATA_DIR, as `npm start` runs it (e2e/run.mjs removes it too)
  delete env.PUBLIC_URL; // links must point at this server
  const child = spawn(command, args, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // E2E_SERVER_LOG=<file> keeps the whole server log for debugging (the summary shows only the tail).
  const logFile = process.env.E2E_SERVER_LOG;
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (logFile) appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const log = () => output;

  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForOk(`${baseUrl}${readyPath}`, child, 180_000, log);
  } catch (error) {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  return {
    baseUrl,
    dataDir,
    kind: real ? 'server' : 'vite-preview',
    log,
    stop: async () => {
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
