import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/config';
import type { Secrets } from './config/secrets';
import { openDatabase, type DatabaseHandle } from './db/database';
import { createMailer, type Mailer } from './mail/mailer';
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
  close(): Promise<void>;
}

/** PUBLIC_URL, or http://localhost:<port> once the port is bound (PORT=0 chooses one at listen). */
export class PublicUrl {
  private boundPort: number;

  constructor(private readonly configured: string | undefined, port: number) {
    this.boundPort = port;
  }

  bind(port: number): void {
    this.boundPort = port;
  }

  get(): string {
    return this.configured ?? `http://localhost:${this.boundPort}`;
  }
}

export async function createServices(config: AppConfig, secrets: Secrets, log: FastifyBaseLogger): Promise<Services> {
  const publicUrl = new PublicUrl(config.publicUrl, config.port);
  const database = await openDatabase(config.database);
  const storage = createStorage(config.storage, { urlSigningSecret: secrets.urlSigning, publicUrl: () => publicUrl.get() });
  const mailer = createMailer(config.mail, log);
  const sms = createSmsProvider(config.sms, log);
  return {
    config,
    secrets,
    database,
    storage,
    mailer,
    sms,
    publicUrl,
    async close() {
      // Database last: anything still finishing may need it.
      await Promise.allSettled([mailer.close(), storage.close()]);
      await database.close();
    },
  };
}
