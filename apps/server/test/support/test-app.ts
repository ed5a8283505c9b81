import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config/config';
import { loadSecrets } from '../../src/config/secrets';
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
}

/** The app as main builds it, on a throwaway DATA_DIR (and database), not listening. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ready = options.ready ?? true;
  const dir = await createTestDataDir({ migrated: ready });
  const base = loadConfig({ WEB_DIST: `${dir.dataDir}/no-web-dist`, ...dir.env, ...options.env });
  const config = options.adjustConfig ? options.adjustConfig(base) : base;
  const { secrets } = await loadSecrets(config.dataDir, config.secretsFromEnv);
  const services = await createServices(config, secrets, pino({ level: 'silent' }));
  if (ready) {
    await services.database.migrate();
    await services.storage.ensureReady();
  }
  const app = await buildApp({ services });
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
