import websocket from '@fastify/websocket';
import { decodeClientMessage, encodeServerEvent, WS_PATH, type ErrorCode, type ServerEvent } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Clock } from '../../clock';
import { AppError } from '../../errors/app-error';
import { sessionEndedFor, type EventBus } from '../../realtime/event-bus';
import type { SessionService } from '../auth/session.service';

/** Close code for "not authenticated" or "no longer" (4000-4999 are the application's); the reason is the error code. */
export const WS_CLOSE_UNAUTHENTICATED = 4401;
const AUTH_TIMEOUT_MS = 10_000;
/**
 * How often an open socket's session is checked again: catches what no event announces (an account
 * expired or disabled straight in the database, a lost bus message). Spec: "login check every 60 s".
 */
export const SESSION_CHECK_MS = 60_000;
// Clients send one small message; anything bigger is not a token.
const MAX_MESSAGE_BYTES = 16 * 1024;

interface WsDeps {
  sessions: SessionService;
  events: EventBus;
  clock: Clock;
}

function send(socket: WebSocket, frame: string): void {
  if (socket.readyState !== socket.OPEN) return;
  socket.send(frame);
}

/** Tells the client why (an error event), then closes with 4401 and the code as the reason. */
function refuse(socket: WebSocket, code: ErrorCode, message: string): void {
  const event: ServerEvent = { type: 'error', code, message };
  send(socket, encodeServerEvent(event));
  if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(WS_CLOSE_UNAUTHENTICATED, code);
}

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8');
}

/**
 * The real-time socket (docs/spec-points.md §7): the first message must be `{type:"jwt", token}` within
 * 10 s. A valid token gets `{type:"authenticated"}` and the socket then receives its user's events
 * only; anything else gets `{type:"error"}` and close code 4401. Later client messages are ignored.
 * The socket lives as long as the session it authenticated with: logout (J001), a newer login
 * (J005), the access token's expiry (J002) or the account's (K024) closes it the same way.
 */
export async function registerWsRoutes(app: FastifyInstance, deps: WsDeps): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  app.route({
    method: 'GET',
    url: WS_PATH,
    // A plain GET (no upgrade) gets the usual JSON 404 rather than the plugin's empty one.
    handler: async () => {
      throw new AppError('NOT_FOUND');
    },
    wsHandler: (socket) => handleSocket(socket, deps),
  });
}

function handleSocket(socket: WebSocket, deps: WsDeps): void {
  let unsubscribe: (() => void) | null = null;
  let cancelCheck: (() => void) | null = null;
  let cancelEndWatch: (() => void) | null = null;
  let watchedEnd: number | null = null;
  let answered = false;
  const cancelTimeout = deps.clock.schedule(AUTH_TIMEOUT_MS, () => {
    answered = true;
    refuse(socket, 'J001', 'Authenticate within 10 seconds of connecting.');
  });

  const stop = () => {
    cancelTimeout();
    cancelCheck?.();
    cancelCheck = null;
    cancelEndWatch?.();
    cancelEndWatch = null;
    unsubscribe?.();
    unsubscribe = null;
  };
  /** The session is over: nothing more is delivered, the client is told and the socket closed. */
  const end = (error: AppError) => {
    stop();
    refuse(socket, error.code, error.message);
  };
  const live = () => socket.readyState === socket.OPEN && unsubscribe !== null;
  /**
   * Asks the session store again. A refused session ends the socket; a failing database does not
   * (the next periodic check retries). A still-valid session re-arms the end watch, which moves
   * only when the end itself moved (an account's expiry changed).
   */
  const checkSession = (token: string): Promise<void> =>
    deps.sessions.authenticateConnection(token).then(
      (auth) => {
        if (live()) watchEnd(token, auth.endsAt);
      },
      (error: unknown) => {
        if (live() && error instanceof AppError) end(error);
      },
    );
  /**
   * A timer at the instant the session ends by itself (token or account expiry) that checks it
   * again there. Kept apart from the periodic check so a check still in flight at that instant
   * cannot push the end past it.
   */
  const watchEnd = (token: string, endsAt: number) => {
    if (endsAt === watchedEnd) return;
    cancelEndWatch?.();
    watchedEnd = endsAt;
    cancelEndWatch = deps.clock.schedule(endsAt - deps.clock.now(), () => {
      cancelEndWatch = null;
      watchedEnd = null;
      void checkSession(token);
    });
  };
  /** Every SESSION_CHECK_MS, counted from the end of the previous check. */
  const schedulePeriodicCheck = (token: string) => {
    cancelCheck = deps.clock.schedule(SESSION_CHECK_MS, () => {
      cancelCheck = null;
      void checkSession(token).then(() => {
        if (live()) schedulePeriodicCheck(token);
      });
    });
  };

  socket.on('message', (data, isBinary) => {
    if (answered) return;
    answered = true;
    cancelTimeout();
    const message = isBinary ? null : decodeClientMessage(text(data));
    if (!message) {
      refuse(socket, 'BAD_REQUEST', 'The first message must be {"type":"jwt","token":...}.');
      return;
    }
    deps.sessions.authenticateConnection(message.token).then(
      ({ context, endsAt }) => {
        // Closed while the token was being checked: nothing to register.
        if (socket.readyState !== socket.OPEN) return;
        unsubscribe = deps.events.subscribe(context.userId, (outbound) => {
          if (outbound.kind === 'session-ended') {
            if (sessionEndedFor(outbound.scope, context.sessionId)) end(new AppError(outbound.code));
            return;
          }
          send(socket, outbound.kind === 'text' ? outbound.text : encodeServerEvent(outbound.event));
        });
        send(socket, encodeServerEvent({ type: 'authenticated' }));
        watchEnd(message.token, endsAt);
        schedulePeriodicCheck(message.token);
      },
      (error: unknown) => {
        const known = error instanceof AppError ? error : new AppError('J001');
        refuse(socket, known.code, known.message);
      },
    );
  });
  socket.on('close', stop);
  socket.on('error', () => socket.terminate());
}
