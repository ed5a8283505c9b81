import { errorCodeSchema, serverEventSchema, type ErrorCode, type ServerEvent } from '@ceppro/contract';
import { z } from 'zod';

/**
 * Which of a user's sessions ended: one (logout, a stolen refresh token), or all but one (a newer
 * login keeps its own, a password change keeps the caller's; null keeps none).
 */
export type SessionScope = { session: string } | { allBut: string | null };

/**
 * What reaches a user's socket handlers: a typed JSON event or a legacy text line such as
 * THUMBNAIL_SAVED_TEXT (the web flow counts those), both sent on as they are; or the news that
 * sessions ended, on which the handlers close the sockets of those sessions with `code`.
 */
export type OutboundMessage =
  | { kind: 'event'; event: ServerEvent }
  | { kind: 'text'; text: string }
  | { kind: 'session-ended'; code: ErrorCode; scope: SessionScope };

/** Whether `sessionId` is one of the sessions a session-ended message names. */
export function sessionEndedFor(scope: SessionScope, sessionId: string): boolean {
  return 'session' in scope ? scope.session === sessionId : scope.allBut !== sessionId;
}

export type Listener = (message: OutboundMessage) => void;

/** Delivers messages to the sockets of one user only; `publish` may cross processes (pg-event-bus.ts). */
export interface EventBus {
  publish(userId: number, message: OutboundMessage): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(userId: number, listener: Listener): () => void;
  /** Listeners of one user, or of everyone. */
  listenerCount(userId?: number): number;
  close(): Promise<void>;
}

export const busEnvelopeSchema = z.object({
  userId: z.number().int(),
  message: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('event'), event: serverEventSchema }),
    z.object({ kind: z.literal('text'), text: z.string() }),
    z.object({
      kind: z.literal('session-ended'),
      code: errorCodeSchema,
      scope: z.union([z.object({ session: z.string() }), z.object({ allBut: z.string().nullable() })]),
    }),
  ]),
});

/** One process: listeners kept in memory by user id. */
export class LocalEventBus implements EventBus {
  private readonly listeners = new Map<number, Set<Listener>>();

  async publish(userId: number, message: OutboundMessage): Promise<void> {
    this.deliver(userId, message);
  }

  /** Hands a message to this process's listeners of `userId`; one failing listener does not stop the rest. */
  deliver(userId: number, message: OutboundMessage): void {
    for (const listener of this.listeners.get(userId) ?? []) {
      try {
        listener(message);
      } catch {
        // A socket that fails to send is closed by its own error handler; the others still get it.
      }
    }
  }

  subscribe(userId: number, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(userId);
      current?.delete(listener);
      if (current?.size === 0) this.listeners.delete(userId);
    };
  }

  listenerCount(userId?: number): number {
    if (userId !== undefined) return this.listeners.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
