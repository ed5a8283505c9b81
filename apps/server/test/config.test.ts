import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config';
import { REPO_ROOT } from '../src/config/paths';
import { loadSecrets } from '../src/config/secrets';
import { serverCommand } from './support/server-command';

const S3_ENV = {
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_BUCKET: 'ceppro',
  S3_ACCESS_KEY: 'key',
  S3_SECRET_KEY: 'secret',
  S3_REGION: 'us-east-1',
};

describe('loadConfig', () => {
  it('has working defaults for an embedded install', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(config.database).toEqual({ driver: 'pglite', dataDir: path.join(REPO_ROOT, 'data', 'db') });
    expect(config.storage).toEqual({ driver: 'fs', root: path.join(REPO_ROOT, 'data', 'objects') });
    expect(config.mail.transport).toEqual({ driver: 'outbox', dir: path.join(REPO_ROOT, 'data', 'outbox') });
    expect(config.webDist).toBe(path.join(REPO_ROOT, 'apps', 'web', 'dist'));
    expect(config.publicUrl).toBeUndefined();
    expect(config.secretsFromEnv).toEqual({});
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/ceppro',
      DATABASE_URL: 'postgres://u:p@db:5432/ceppro',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://ceppro.example/',
      ACCESS_TOKEN_SECRET: 'a'.repeat(32),
      REFRESH_TOKEN_SECRET: 'r'.repeat(32),
      URL_SIGNING_SECRET: 'u'.repeat(32),
      WEB_DIST: '/srv/web',
      ...S3_ENV,
    });
    expect(config.port).toBe(9000);
    expect(config.database).toEqual({ driver: 'postgres', url: 'postgres://u:p@db:5432/ceppro' });
    expect(config.storage).toMatchObject({ driver: 's3', bucket: 'ceppro', region: 'us-east-1' });
    expect(config.mail.transport).toEqual({ driver: 'smtp', url: 'smtp://mail:25' });
    expect(config.publicUrl).toBe('https://ceppro.example');
    expect(config.webDist).toBe('/srv/web');
    expect(config.secretsFromEnv).toEqual({ accessToken: 'a'.repeat(32), refreshToken: 'r'.repeat(32), urlSigning: 'u'.repeat(32) });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ' }).database.driver).toBe('pglite');
  });

  it('polls the job queue every 250 ms on PostgreSQL (other processes queue jobs), every 2 s on PGlite, or as JOBS_POLL_MS says', () => {
    expect(loadConfig({}).jobs.pollMs).toBe(2_000);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db/ceppro' }).jobs.pollMs).toBe(250);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db/ceppro', JOBS_POLL_MS: '1000' }).jobs.pollMs).toBe(1_000);
    const tooShort = new ConfigError('Invalid configuration: JOBS_POLL_MS must be an integer 20-60000');
    expect(() => loadConfig({ JOBS_POLL_MS: '5' })).toThrow(tooShort);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be an integer 0-65535'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be an integer 0-65535'],
    [{ PORT: '-1' }, 'Invalid configuration: PORT must be an integer 0-65535'],
    [{ STORAGE_DRIVER: 'ftp' }, 'Invalid configuration: STORAGE_DRIVER must be fs or s3'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ SMTP_URL: 'mail.example' }, 'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ PUBLIC_URL: 'ceppro.example' }, 'Invalid configuration: PUBLIC_URL must be an http(s) URL'],
    [{ URL_SIGNING_SECRET: 'short' }, 'Invalid configuration: URL_SIGNING_SECRET must be at least 32 characters'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ ...S3_ENV, S3_BUCKET: undefined }, 'Invalid configuration: S3_BUCKET is required when STORAGE_DRIVER=s3'],
  ])('rejects %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it('lists several problems on the same line', () => {
    expect(() => loadConfig({ PORT: 'x', STORAGE_DRIVER: 's3' })).toThrow(
      new RegExp(
        '^Invalid configuration: PORT must be an integer 0-65535; S3_ENDPOINT is required when STORAGE_DRIVER=s3; ' +
          '.*S3_REGION is required when STORAGE_DRIVER=s3$',
      ),
    );
  });
});

describe('loadSecrets', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ceppro-secrets-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('generates missing secrets once and reuses them', async () => {
    const first = await loadSecrets(dir, {});
    expect(first.generated).toEqual(['accessToken', 'refreshToken', 'urlSigning']);
    const second = await loadSecrets(dir, {});
    expect(second.generated).toEqual([]);
    expect(second.secrets).toEqual(first.secrets);
    const onDisk: unknown = JSON.parse(await readFile(path.join(dir, 'secrets.json'), 'utf8'));
    expect(onDisk).toEqual(first.secrets);
  });

  it('gives processes starting at once on a fresh DATA_DIR the same secrets', async () => {
    const fresh = path.join(dir, 'fresh');
    const copies = await Promise.all(Array.from({ length: 8 }, () => loadSecrets(fresh, {})));
    for (const copy of copies) expect(copy.secrets).toEqual(copies[0]?.secrets);
    expect(copies.filter((c) => c.generated.length > 0)).toHaveLength(1);
    const onDisk: unknown = JSON.parse(await readFile(path.join(fresh, 'secrets.json'), 'utf8'));
    expect(onDisk).toEqual(copies[0]?.secrets);
    expect((await readdir(fresh)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('lets the environment win over the file', async () => {
    const { secrets } = await loadSecrets(dir, { urlSigning: 'e'.repeat(32) });
    expect(secrets.urlSigning).toBe('e'.repeat(32));
  });
});

describe('main with a bad variable', () => {
  it('prints one line and exits 1', async () => {
    const { command, args } = serverCommand();
    const child = spawn(command, args, {
      env: { ...process.env, PORT: 'abc', DATA_DIR: path.join(os.tmpdir(), 'ceppro-never-created') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe('Invalid configuration: PORT must be an integer 0-65535\n');
  });
});
