import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from './clock';
import type { AppConfig } from './config/config';
import type { Secrets } from './config/secrets';
import { openDatabase, type DatabaseHandle } from './db/database';
import { createAuditRepository } from './features/audit/audit.repository';
import { createAuditTargetRepository } from './features/audit/audit-targets.repository';
import { createAuditService, type AuditService } from './features/audit/audit.service';
import { currentRequestOrigin } from './http/request-origin';
import { InferencePool } from './inference/inference-pool';
import { defaultModelManifestPath } from './inference/model-path';
import { createMailer, type Mailer } from './mail/mailer';
import { LocalEventBus, type EventBus } from './realtime/event-bus';
import { PgEventBus } from './realtime/pg-event-bus';
import { createSmsProvider, type SmsProvider } from './sms/sms-provider';
import { createStorage } from './storage/create-storage';
import type { ObjectStorage } from './storage/object-storage';

/** Everything with a lifetime longer than a request. Built once by main (or a test), closed once. */
export interface Services {
  config: AppConfig;
  secrets: Secrets;
  database: DatabaseHandle;
  storage: ObjectStorage;
  mailer: Mailer;
  sms: SmsProvider;
  publicUrl: PublicUrl;
  /** Events for users' sockets; across processes through the database when it is PostgreSQL. */
  events: EventBus;
  /** Time for sessions and socket lifetimes; tests pass a clock they move. */
  clock: Clock;
  /** The audit trail (features/audit): every feature records its patient-data events through it. */
  audit: AuditService;
  /** The landmark model's worker thread: one per process, started on first use. */
  inference(): InferencePool;
  close(): Promise<void>;
}

/**
 * PUBLIC_URL; without it, the address the browser used for the request being answered when it names
 * this server (http/request-origin.ts: a clinic on http://192.168.0.10:8080 gets its links there), else
 * http://localhost:<port> once the port is bound (PORT=0 chooses one at listen).
 */
export class PublicUrl {
  private boundPort: number;

  constructor(
    private readonly configured: string | undefined,
    port: number,
  ) {
    this.boundPort = port;
  }

  bind(port: number): void {
    this.boundPort = port;
  }

  get(): string {
    return this.configured ?? currentRequestOrigin(this.boundPort) ?? `http://localhost:${this.boundPort}`;
  }
}

export async function createServices(
  config: AppConfig,
  secrets: Secrets,
  log: FastifyBaseLogger,
  options: { clock?: Clock } = {},
): Promise<Services> {
  const publicUrl = new PublicUrl(config.publicUrl, config.port);
  const database = await openDatabase(config.database);
  // Without PUBLIC_URL, the fs driver's presigned URLs are root-relative ("/files/..."): the browser
  // resolves them against the address it opened (localhost, 127.0.0.1 or a LAN name alike), so the
  // PUT is same-origin. A guessed http://localhost:<port> would be cross-origin from any other name.
  const storage = createStorage(config.storage, { urlSigningSecret: secrets.urlSigning, publicUrl: () => config.publicUrl ?? '' });
  const mailer = createMailer(config.mail, log);
  const sms = createSmsProvider(config.sms, log);
  const events = await createEventBus(config, database, log).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  let pool: InferencePool | null = null;
  const clock = options.clock ?? systemClock;
  return {
    config,
    secrets,
    database,
    storage,
    mailer,
    sms,
    publicUrl,
    events,
    clock,
    audit: createAuditService({
      repository: createAuditRepository(database.db),
      targets: createAuditTargetRepository(database.db),
      clock,
      log,
    }),
    inference() {
      // Loading the model takes a second or two and memory; processes that never detect skip it.
      pool ??= new InferencePool(defaultModelManifestPath());
      return pool;
    },
    async close() {
      // Database last: anything still finishing may need it.
      await Promise.allSettled([mailer.close(), storage.close(), events.close(), pool?.close()]);
      await database.close();
    },
  };
}

async function createEventBus(config: AppConfig, database: DatabaseHandle, log: FastifyBaseLogger): Promise<EventBus> {
  if (config.database.driver !== 'postgres') return new LocalEventBus();
  const bus = new PgEventBus(config.database.url, database.db, log);
  await bus.start();
  return bus;
}
