import websocket from '@fastify/websocket';
import { decodeClientMessage, encodeServerEvent, type ErrorCode, type ServerEvent } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { AppError } from '../../errors/app-error';
import type { EventBus, OutboundMessage } from '../../realtime/event-bus';
import type { SessionService } from '../auth/session.service';

export const WS_PATH = '/ws';
/** Close code for "not authenticated" (4000-4999 are the application's). */
export const WS_CLOSE_UNAUTHENTICATED = 4401;
const AUTH_TIMEOUT_MS = 10_000;
// Clients send one small message; anything bigger is not a token.
const MAX_MESSAGE_BYTES = 16 * 1024;

function send(socket: WebSocket, message: OutboundMessage): void {
  if (socket.readyState !== socket.OPEN) return;
  socket.send(message.kind === 'text' ? message.text : encodeServerEvent(message.event));
}

function refuse(socket: WebSocket, code: ErrorCode, message: string): void {
  const event: ServerEvent = { type: 'error', code, message };
  send(socket, { kind: 'event', event });
  socket.close(WS_CLOSE_UNAUTHENTICATED, 'unauthenticated');
}

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8');
}

/**
 * The real-time socket (spec point 7): the first message must be `{type:"jwt", token}` within
 * 10 s. A valid token gets `{type:"authenticated"}` and the socket then receives its user's events
 * only; anything else gets `{type:"error"}` and close code 4401. Later client messages are ignored.
 */
export async function registerWsRoutes(app: FastifyInstance, deps: { sessions: SessionService; events: EventBus }): Promise<void> {
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

function handleSocket(socket: WebSocket, deps: { sessions: SessionService; events: EventBus }): void {
  let unsubscribe: (() => void) | null = null;
  let answered = false;
  const timer = setTimeout(() => {
    answered = true;
    refuse(socket, 'J001', 'Authenticate within 10 seconds of connecting.');
  }, AUTH_TIMEOUT_MS);

  socket.on('message', (data, isBinary) => {
    if (answered) return;
    answered = true;
    clearTimeout(timer);
    const message = isBinary ? null : decodeClientMessage(text(data));
    if (!message) {
      refuse(socket, 'BAD_REQUEST', 'The first message must be {"type":"jwt","token":...}.');
      return;
    }
    deps.sessions.authenticate(message.token).then(
      (auth) => {
        // Closed while the token was being checked: nothing to register.
        if (socket.readyState !== socket.OPEN) return;
        unsubscribe = deps.events.subscribe(auth.userId, (outbound) => send(socket, outbound));
        send(socket, { kind: 'event', event: { type: 'authenticated' } });
      },
      (error: unknown) => {
        const known = error instanceof AppError ? error : new AppError('J001');
        refuse(socket, known.code, known.message);
      },
    );
  });
  socket.on('close', () => {
    clearTimeout(timer);
    unsubscribe?.();
    unsubscribe = null;
  });
  socket.on('error', () => socket.terminate());
}
