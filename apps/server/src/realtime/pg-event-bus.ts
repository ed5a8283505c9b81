import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { AppDatabase } from '../db/database';
import { busEnvelopeSchema, LocalEventBus, type EventBus, type Listener, type OutboundMessage } from './event-bus';

const CHANNEL = 'ceppro_events';
const RECONNECT_MS = 1_000;

/**
 * Events across server processes sharing one PostgreSQL: `publish` is a NOTIFY, and every process
 * (this one included) LISTENs on a connection of its own and hands what arrives to its local
 * sockets. So a thumbnail finished by a worker in another process reaches the socket held here.
 * NOTIFY payloads are limited to 8000 bytes; events are a few hundred.
 */
export class PgEventBus implements EventBus {
  private readonly local = new LocalEventBus();
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly db: AppDatabase,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Connects the listening connection; resolves once LISTEN is in place. */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (note) => this.receive(note.payload));
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'event listener connection failed; reconnecting');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    this.client = client;
  }

  async publish(userId: number, message: OutboundMessage): Promise<void> {
    await this.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ userId, message })})`);
  }

  subscribe(userId: number, listener: Listener): () => void {
    return this.local.subscribe(userId, listener);
  }

  listenerCount(userId?: number): number {
    return this.local.listenerCount(userId);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
    await this.local.close();
  }

  private receive(payload: string | undefined): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload ?? '');
    } catch {
      return;
    }
    const envelope = busEnvelopeSchema.safeParse(parsed);
    if (envelope.success) this.local.deliver(envelope.data.userId, envelope.data.message);
  }

  private reconnect(broken: pg.Client): void {
    if (this.closed || this.client !== broken) return;
    this.client = null;
    broken.end().catch(() => undefined);
    this.scheduleConnect();
  }

  /** Events published while the listener is down are lost; sockets get later ones once it is back. */
  private scheduleConnect(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start().catch((error: unknown) => {
        this.log.warn({ err: error }, 'event listener reconnect failed');
        this.scheduleConnect();
      });
    }, RECONNECT_MS);
  }
}
