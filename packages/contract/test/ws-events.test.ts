import { describe, expect, it } from 'vitest';
import {
  THUMBNAIL_SAVED_TEXT,
  decodeClientMessage,
  decodeServerMessage,
  encodeClientMessage,
  encodeServerEvent,
  type ServerEvent,
} from '../src/index';

const chartUuid = '3f1c7f5e-8a3b-4c55-9a51-2f0d9a1e7b10';

describe('websocket messages', () => {
  it('round-trips the jwt message', () => {
    expect(decodeClientMessage(encodeClientMessage({ type: 'jwt', token: 'abc' }))).toEqual({ type: 'jwt', token: 'abc' });
  });

  it.each(['', 'not json', '{"type":"jwt"}', '{"type":"jwt","token":""}', '{"type":"other","token":"x"}', 'null'])(
    'rejects client frame %j',
    (raw) => {
      expect(decodeClientMessage(raw)).toBeNull();
    },
  );

  it('reads the legacy thumbnail line as text', () => {
    expect(decodeServerMessage(THUMBNAIL_SAVED_TEXT)).toEqual({ kind: 'text', text: 'DB thumbnail Saved' });
  });

  it.each<ServerEvent>([
    { type: 'authenticated' },
    { type: 'job.progress', jobId: 'j1', job: 'thumbnail', chartUuid, progress: 0.5 },
    { type: 'job.completed', jobId: 'j1', job: 'landmark-detection', chartUuid },
    { type: 'job.failed', jobId: 'j1', job: 'landmark-detection', chartUuid, code: 'INTERNAL', message: 'x' },
  ])('round-trips server event $type', (event) => {
    expect(decodeServerMessage(encodeServerEvent(event))).toEqual({ kind: 'event', event });
  });

  it('refuses to encode an invalid event', () => {
    const bad = { type: 'job.progress', jobId: 'j1', job: 'thumbnail', chartUuid, progress: 2 } as ServerEvent;
    expect(() => encodeServerEvent(bad)).toThrow();
  });
});
