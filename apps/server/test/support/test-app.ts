import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../../src/app';
import type { Clock } from '../../src/clock';
import { loadConfig, type AppConfig } from '../../src/config/config';
import { loadSecrets } from '../../src/config/secrets';
import { createLogger, type LogDestination } from '../../src/logging/logger';
import { createServices, type Services } from '../../src/services';
import { createTestDataDir, type TestDataDir } from './test-data-dir';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  config: AppConfig;
  dir: TestDataDir;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Run migrations and prepare storage, as main does before listening. Default true. */
  ready?: boolean;
  adjustConfig?: (config: AppConfig) => AppConfig;
  /** Extra routes for tests that need a handler (e.g. a JSON endpoint to send bad bodies to). */
  routes?: (app: FastifyInstance) => void;
  /** Time for sessions and sockets; the real clock when omitted. */
  clock?: Clock;
  /** Log everything (level trace) with the production logger into this stream; silent when omitted. */
  logDestination?: LogDestination;
}

/** The app as main builds it, on a throwaway DATA_DIR (and database), not listening. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ready = options.ready ?? true;
  const dir = await createTestDataDir({ migrated: ready });
  const loaded = loadConfig({ WEB_DIST: `${dir.dataDir}/no-web-dist`, ...dir.env, ...options.env });
  // The test profile's cheap password hashes (features/auth/password-hash.ts): the server tests sign up and
  // in about a thousand times a run. The configuration takes PASSWORD_HASH_PROFILE=test only with NODE_ENV=test,
  // which these apps do not set (they run on the production defaults), so it is set here (config.test.ts
  // checks the guard, password-hash.test.ts the production profile).
  const base = { ...loaded, auth: { ...loaded.auth, passwordHashProfile: 'test' as const } };
  const config = options.adjustConfig ? options.adjustConfig(base) : base;
  const { secrets } = await loadSecrets(config.dataDir, config.secretsFromEnv);
  const logger = options.logDestination ? createLogger({ level: 'trace', destination: options.logDestination }) : undefined;
  const services = await createServices(config, secrets, logger ?? pino({ level: 'silent' }), {
    ...(options.clock && { clock: options.clock }),
  });
  if (ready) {
    await services.database.migrate();
    await services.storage.ensureReady();
  }
  const app = await buildApp({ services, ...(logger && { logger }) });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    services,
    config,
    dir,
    async close() {
      await app.close();
      await services.close();
      await dir.cleanup();
    },
  };
}
