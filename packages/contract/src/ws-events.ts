import { z } from 'zod';
import { errorCodeSchema } from './errors';

/**
 * The real-time socket at `/ws` (docs/spec-points.md §7). The client's first message authenticates; the server
 * then sends the legacy plain-text line "DB thumbnail Saved" once per stored image (the web flow
 * counts these) and typed JSON events for background jobs.
 */
export const THUMBNAIL_SAVED_TEXT = 'DB thumbnail Saved';

/** The socket's path (same origin as the web app). */
export const WS_PATH = '/ws';

export const clientMessageSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('jwt'), token: z.string().min(1) })]);

export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const jobKindSchema = z.enum(['thumbnail', 'landmark-detection', 'billing']);

export type JobKind = z.infer<typeof jobKindSchema>;

const jobFields = {
  jobId: z.string().min(1),
  job: jobKindSchema,
  chartUuid: z.uuid(),
};

export const serverEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('authenticated') }),
  z.object({ type: z.literal('job.progress'), ...jobFields, progress: z.number().min(0).max(1) }),
  z.object({ type: z.literal('job.completed'), ...jobFields }),
  z.object({ type: z.literal('job.failed'), ...jobFields, code: errorCodeSchema, message: z.string() }),
  z.object({ type: z.literal('error'), code: errorCodeSchema, message: z.string() }),
  /** A batch measurement export (contract exports.ts): charts written so far of `total`. */
  z.object({ type: z.literal('export.progress'), exportId: z.uuid(), done: z.number().int().min(0), total: z.number().int().min(0) }),
]);

export type ServerEvent = z.infer<typeof serverEventSchema>;

export type ServerEventType = ServerEvent['type'];

/** Lookup by event type, for typed handlers: `on<K extends ServerEventType>(k, (e: ServerEventMap[K]) => ...)`. */
export type ServerEventMap = { [E in ServerEvent as E['type']]: E };

export type DecodedServerMessage = { kind: 'text'; text: string } | { kind: 'event'; event: ServerEvent };

export function encodeClientMessage(message: ClientMessage): string {
  return JSON.stringify(clientMessageSchema.parse(message));
}

/** Returns null for anything that is not a valid client message (the server then closes the socket). */
export function decodeClientMessage(raw: string): ClientMessage | null {
  const parsed = clientMessageSchema.safeParse(parseJson(raw));
  return parsed.success ? parsed.data : null;
}

export function encodeServerEvent(event: ServerEvent): string {
  return JSON.stringify(serverEventSchema.parse(event));
}

/** Frames that are not a valid JSON event are legacy text lines such as THUMBNAIL_SAVED_TEXT. */
export function decodeServerMessage(raw: string): DecodedServerMessage {
  const parsed = serverEventSchema.safeParse(parseJson(raw));
  return parsed.success ? { kind: 'event', event: parsed.data } : { kind: 'text', text: raw };
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
