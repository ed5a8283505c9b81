import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type AppConfig } from './config/config';
import { loadSecrets } from './config/secrets';
import { createLogger } from './logging/logger';
import { describeRoles } from './roles';
import type { Services } from './services';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Start order: configuration, secrets, database and migrations, storage, then listen. Only a server
 * whose dependencies are ready accepts connections, and `/healthz` keeps checking them afterwards.
 */
async function main(): Promise<void> {
  const config = readConfigOrExit();
  // Redacts tokens, signatures and personal data (logging/logger.ts).
  const log = createLogger({ level: config.logLevel });

  const { secrets, generated } = await loadSecrets(config.dataDir, config.secretsFromEnv);
  if (generated.length > 0) log.info({ generated, dir: config.dataDir }, 'generated secrets and saved them in secrets.json');

  // Loaded only after the configuration is known to be valid: the database and storage drivers take
  // a second or two to import, and a typo in an env variable should be reported at once.
  const { createServices } = await import('./services');
  const { buildApp } = await import('./app');
  const services = await createServices(config, secrets, log);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    const { applied, status } = await services.database.migrate();
    log.info({ driver: services.database.driver, applied, total: status.appliedCount }, 'database migrations applied');
    await services.storage.ensureReady();
    log.info({ driver: services.storage.driver }, 'object storage ready');
    app = await buildApp({ services, logger: log });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close().catch(() => undefined);
    await services.close().catch(() => undefined);
    throw error;
  }

  const port = (app.server.address() as AddressInfo).port;
  services.publicUrl.bind(port);
  // CEPPRO_ROLE (roles.ts): `api` serves the product here; `worker` and `ai` answer /healthz only.
  log.info({ roles: describeRoles(config.roles), port }, 'process roles');
  console.log(`Ceppro is running at http://localhost:${port}`);
  handleShutdown(app, services, log);
}

function readConfigOrExit(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

function handleShutdown(app: { close(): Promise<unknown> }, services: Services, log: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // A hung close must not keep a half-stopped server around forever.
    setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    void (async () => {
      let code = 0;
      try {
        await app.close();
      } catch (error) {
        code = 1;
        log.error({ err: error }, 'closing the HTTP server failed');
      }
      try {
        // Always attempted: an unclosed PGlite directory is the one thing that can be left corrupt.
        await services.close();
      } catch (error) {
        code = 1;
        log.error({ err: error }, 'closing the database or storage failed');
      }
      if (code === 0) log.info('stopped');
      process.exit(code);
    })();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  // One readable line for the operator; the stack only when asked for (LOG_LEVEL=debug).
  const message = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0];
  // A broken secrets.json is a configuration problem and reads like one.
  console.error(error instanceof ConfigError ? message : `Ceppro failed to start: ${message}`);
  if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') console.error(error);
  process.exit(1);
});
