import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, SERVER_ROOT } from '../src/config/paths';
import { createTestDataDir, type TestDataDir } from './support/test-data-dir';

/**
 * `npm start` runs the esbuild bundle (apps/server/build.mjs) with plain node: this builds one into a
 * folder of its own (inside apps/server, so the external packages resolve from node_modules), starts
 * it from another working directory and checks what it serves.
 */
const SCRIPT = 'console.log("ceppro");'.repeat(100);

describe('production build', () => {
  let outDir: string;
  let webDist: string;
  let data: TestDataDir;
  let child: ChildProcessWithoutNullStreams | undefined;
  let output = '';
  let url = '';

  beforeAll(async () => {
    await mkdir(path.join(SERVER_ROOT, 'dist'), { recursive: true });
    outDir = await mkdtemp(path.join(SERVER_ROOT, 'dist', '.test-'));
    const built = spawnSync(process.execPath, [path.join(SERVER_ROOT, 'build.mjs'), outDir], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);

    webDist = await mkdtemp(path.join(os.tmpdir(), 'ceppro-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Ceppro SPA</title>');
    await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), SCRIPT);
    await writeFile(path.join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
    data = await createTestDataDir({ migrated: true });

    const env: NodeJS.ProcessEnv = { ...process.env, ...data.env, PORT: '0', HOST: '127.0.0.1', WEB_DIST: webDist, CEPPRO_ROLE: 'api' };
    delete env.NODE_ENV; // vitest sets `test`; start.js must make it production
    child = spawn(process.execPath, [path.join(outDir, 'start.js')], { cwd: os.tmpdir(), env, stdio: ['pipe', 'pipe', 'pipe'] });
    const port = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Ceppro is running at http:\/\/localhost:(\d+)\n/.exec(output);
        if (match?.[1]) resolve(match[1]);
      };
      child?.stdout.on('data', onData);
      child?.stderr.on('data', onData);
      child?.on('exit', (code) => reject(new Error(`the built server exited with ${code}:\n${output}`)));
    });
    url = `http://127.0.0.1:${port}`;
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all([
      outDir && rm(outDir, { recursive: true, force: true }),
      webDist && rm(webDist, { recursive: true, force: true }),
      data?.cleanup(),
    ]);
  });

  it('is plain JavaScript: no TypeScript file, no tsx loader, and npm start runs it with node', async () => {
    const files = (await readdir(outDir)).filter((f) => f.endsWith('.js'));
    expect(files).toEqual(
      expect.arrayContaining(['start.js', 'main.js', 'inference-worker.js', 'dicom-render-worker.js', 'pdf-worker.js']),
    );
    for (const file of files) {
      const text = await readFile(path.join(outDir, file), 'utf8');
      expect(text, file).not.toMatch(/(?:from\s*|import\()\s*["'][^"']*\.tsx?["']|["']tsx(?:\/[\w/]*)?["']/);
    }
    const root = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const server = JSON.parse(await readFile(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(root.scripts.start).toMatch(/node apps\/server\/dist\/start\.js$/);
    expect(server.scripts.start).toBe('node dist/start.js');
  });

  it('starts from another working directory, migrates and answers /healthz', async () => {
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', db: 'ok', migrations: 'applied' });
    expect(output).toContain('"roles":"api"');
  });

  it('serves the web app: index.html not cached, hashed assets brotli-compressed and cached for a year', async () => {
    const page = await fetch(`${url}/list/0`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('Ceppro SPA');
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      // fetch() would decode the body; read the bytes as sent.
      import('node:http').then(({ get }) => {
        get(`${url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      }, reject);
    });
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(raw.body).toString()).toBe(SCRIPT);
  });

  it('runs in production mode (no GraphiQL) and stops cleanly on SIGTERM', async () => {
    const graphiql = await fetch(`${url}/graphql`, { headers: { accept: 'text/html' } });
    expect(graphiql.status).toBe(404); // development serves GraphiQL here (graphql/transport.test.ts)
    expect(await graphiql.text()).not.toMatch(/graphiql/i);
    const exited = new Promise<number | null>((resolve) => child?.on('exit', (code) => resolve(code)));
    child?.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
