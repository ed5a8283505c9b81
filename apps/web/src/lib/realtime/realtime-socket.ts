import { decodeServerMessage, encodeClientMessage, type ServerEventMap } from '@ceppro/contract';

/**
 * A small typed client of the real-time socket at `/ws` (docs/spec-points.md §7). `connect` opens the socket,
 * sends `{ type: 'jwt', token }` and resolves once the server answers `{ type: 'authenticated' }`;
 * after that, handlers registered with `on` receive the server's JSON events by type and its legacy
 * text lines (such as "DB thumbnail Saved") as `text`.
 */
export type RealtimeEventMap = ServerEventMap & {
  /** A frame that is not a JSON event: the legacy text lines. */
  text: { type: 'text'; text: string };
  /** The socket closed (by either side, or failed to open). */
  closed: { type: 'closed'; code: number; reason: string };
};

export type RealtimeEventType = keyof RealtimeEventMap;

type Handler<K extends RealtimeEventType> = (event: RealtimeEventMap[K]) => void;
type AnyHandler = (event: RealtimeEventMap[RealtimeEventType]) => void;

/** Why connecting failed: the socket did not open, closed early, or the server refused the token. */
export class RealtimeConnectError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'RealtimeConnectError';
    this.code = code;
  }
}

export interface ConnectOptions {
  /** Absolute ws:// or wss:// URL; defaults to `/ws` on the page's host. */
  url?: string;
  signal?: AbortSignal;
}

/** `/ws` on the host that served the page (the API is same-origin in production and behind the dev proxy). */
export function defaultSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

export class RealtimeSocket {
  private readonly handlers = new Map<RealtimeEventType, Set<AnyHandler>>();
  private closedByUs = false;

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (message: MessageEvent<unknown>) => {
      if (typeof message.data !== 'string') return;
      const decoded = decodeServerMessage(message.data);
      if (decoded.kind === 'text') this.emit('text', { type: 'text', text: decoded.text });
      else this.emit(decoded.event.type, decoded.event);
    });
    socket.addEventListener('close', (event: CloseEvent) => {
      this.emit('closed', { type: 'closed', code: event.code, reason: event.reason });
    });
  }

  /** Opens and authenticates. Rejects with RealtimeConnectError (or the signal's reason when aborted). */
  static connect(token: string, options: ConnectOptions = {}): Promise<RealtimeSocket> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const ws = new WebSocket(options.url ?? defaultSocketUrl());
    const client = new RealtimeSocket(ws);
    return new Promise<RealtimeSocket>((resolve, reject) => {
      const offs: Array<() => void> = [];
      const settle = (error: unknown) => {
        for (const off of offs) off();
        signal?.removeEventListener('abort', onAbort);
        if (error === null) {
          resolve(client);
          return;
        }
        client.close();
        reject(error);
      };
      const onAbort = () => settle(signal?.reason);
      signal?.addEventListener('abort', onAbort);
      ws.addEventListener('open', () => ws.send(encodeClientMessage({ type: 'jwt', token })), { once: true });
      offs.push(
        client.on('authenticated', () => settle(null)),
        client.on('error', (e) => settle(new RealtimeConnectError(e.code, e.message))),
        client.on('closed', (e) =>
          settle(new RealtimeConnectError('SOCKET_CLOSED', `The socket closed (${e.code}) before authenticating.`)),
        ),
      );
    });
  }

  /** Registers a handler; returns the function that removes it. */
  on<K extends RealtimeEventType>(type: K, handler: Handler<K>): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    const entry = handler as AnyHandler;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN && !this.closedByUs;
  }

  /** Closes the socket (idempotent). A `closed` event still reaches the handlers. */
  close(): void {
    if (this.closedByUs) return;
    this.closedByUs = true;
    if (this.socket.readyState === WebSocket.CONNECTING || this.socket.readyState === WebSocket.OPEN) this.socket.close(1000);
  }

  private emit<K extends RealtimeEventType>(type: K, event: RealtimeEventMap[K]): void {
    for (const handler of [...(this.handlers.get(type) ?? [])]) handler(event);
  }
}
