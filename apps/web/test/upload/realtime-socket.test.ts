import { afterEach, describe, expect, it, vi } from 'vitest';
import { RealtimeConnectError, RealtimeSocket, defaultSocketUrl } from '../../src/lib/realtime/realtime-socket.ts';
import { FakeSocket } from './fake-backend.ts';

afterEach(() => vi.unstubAllGlobals());

describe('RealtimeSocket', () => {
  it('authenticates, then routes JSON events by type and legacy lines as text', async () => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const socket = await RealtimeSocket.connect('tok', { url: 'ws://x/ws' });
    const fake = FakeSocket.instances[0];
    expect(fake?.sent).toEqual([JSON.stringify({ type: 'jwt', token: 'tok' })]);

    const texts: string[] = [];
    const progress: number[] = [];
    socket.on('text', (e) => texts.push(e.text));
    const off = socket.on('job.progress', (e) => progress.push(e.progress));
    fake?.serverSends('DB thumbnail Saved');
    fake?.serverSends(
      JSON.stringify({
        type: 'job.progress',
        jobId: 'j',
        job: 'thumbnail',
        chartUuid: '6f1c1e9e-8c56-4a5b-9a3c-2d8e4b1f0a11',
        progress: 0.5,
      }),
    );
    off();
    fake?.serverSends(
      JSON.stringify({
        type: 'job.progress',
        jobId: 'j',
        job: 'thumbnail',
        chartUuid: '6f1c1e9e-8c56-4a5b-9a3c-2d8e4b1f0a11',
        progress: 0.9,
      }),
    );
    expect(texts).toEqual(['DB thumbnail Saved']);
    expect(progress).toEqual([0.5]);
    socket.close();
    expect(fake?.closedByClient).toBe(true);
  });

  it('rejects when the server refuses the token', async () => {
    class Refusing extends FakeSocket {
      override send(data: string) {
        this.sent.push(data);
        setTimeout(() => this.serverSends(JSON.stringify({ type: 'error', code: 'J001', message: 'bad token' })), 0);
      }
    }
    vi.stubGlobal('WebSocket', Refusing);
    const error = await RealtimeSocket.connect('tok', { url: 'ws://x/ws' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RealtimeConnectError);
    expect((error as RealtimeConnectError).code).toBe('J001');
  });

  it('builds the socket URL from the page location', () => {
    expect(defaultSocketUrl({ protocol: 'https:', host: 'app.example:8443' })).toBe('wss://app.example:8443/ws');
    expect(defaultSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
  });
});
