import { THUMBNAIL_SAVED_TEXT } from '@ceppro/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { loadSecrets } from '../../src/config/secrets';
import { LocalEventBus, type OutboundMessage } from '../../src/realtime/event-bus';
import { createServices } from '../../src/services';
import { ManualClock } from '../support/manual-clock';
import { createImageHarness, plainImage, type ImageHarness } from './image-harness';
import { connect, connectAs, isEvent, listen } from './ws-client';

/** The /ws socket: first-message authentication, per-user delivery, and the event bus. */
let t: ImageHarness;
let port: number;
let token: string;

beforeAll(async () => {
  t = await createImageHarness();
  token = await t.signIn('sock');
  port = await listen(t.h.app);
});
afterAll(async () => {
  await t?.close();
});

describe('authentication by the first message', () => {
  it.each([
    ['bad JSON', 'not json', 'BAD_REQUEST'],
    ['a first message of another type', JSON.stringify({ type: 'hello', token: 'x' }), 'BAD_REQUEST'],
    ['a jwt message without a token', JSON.stringify({ type: 'jwt' }), 'BAD_REQUEST'],
    ['a token that is not valid', JSON.stringify({ type: 'jwt', token: 'eyJhbGciOiJIUzI1NiJ9.e30.bad' }), 'J001'],
  ])('answers %s with an error event and closes with 4401', async (_label, first, code) => {
    const socket = await connect(port);
    socket.ws.send(first);
    const closed = await socket.closed;
    expect(closed.code).toBe(4401);
    expect(socket.frames).toHaveLength(1);
    expect(JSON.parse(socket.frames[0] ?? '{}')).toMatchObject({ type: 'error', code });
  });

  it('closes a socket that sends nothing within 10 seconds (on the injected clock)', async () => {
    const clock = new ManualClock();
    const timed = await createImageHarness({}, { clock });
    try {
      const before = clock.pending();
      const socket = await connect(await listen(timed.h.app));
      await vi.waitFor(() => expect(clock.pending()).toBe(before + 1));
      clock.advance(9_999);
      expect(clock.pending()).toBe(before + 1);
      clock.advance(1);
      const closed = await socket.closed;
      expect(closed.code).toBe(4401);
      expect(JSON.parse(socket.frames[0] ?? '{}')).toMatchObject({ type: 'error', code: 'J001' });
    } finally {
      await timed.close();
    }
  });

  it('authenticates a valid token, ignores later messages, and forgets the socket once closed', async () => {
    const socket = await connectAs(port, token);
    socket.ws.send(JSON.stringify({ type: 'jwt', token: 'again' }));
    // The server reads a socket's frames in order: once it answers a ping sent after the message, it has handled the message.
    await new Promise((resolve) => {
      socket.ws.once('pong', resolve);
      socket.ws.ping();
    });
    expect(socket.frames).toEqual(['{"type":"authenticated"}']);
    expect(t.h.services.events.listenerCount()).toBeGreaterThanOrEqual(1);
    await socket.close();
    await vi.waitFor(() => expect(t.h.services.events.listenerCount()).toBe(0));
  });
});

describe('delivery', () => {
  it('sends the thumbnail line and job events of an upload to every socket of its owner', async () => {
    const first = await connectAs(port, token);
    const second = await connectAs(port, token);
    const chart = await t.chart(token, { draft: true });
    expect((await t.uploadImage(token, chart.chartId, await plainImage())).status).toBe(200);
    for (const socket of [first, second]) {
      await socket.waitFor((f) => f === THUMBNAIL_SAVED_TEXT);
      const done = JSON.parse(await socket.waitFor(isEvent('job.completed'))) as Record<string, unknown>;
      expect(done).toMatchObject({ job: 'thumbnail', chartUuid: chart.uuid });
      expect(typeof done['jobId']).toBe('string');
      expect(socket.frames.some(isEvent('job.progress'))).toBe(true);
    }
    await first.close();
    await second.close();
  });
});

describe('LocalEventBus', () => {
  it("delivers to one user's listeners only, survives a failing listener, and unsubscribes", async () => {
    const bus = new LocalEventBus();
    const got: Array<[string, OutboundMessage]> = [];
    const offA = bus.subscribe(1, (m) => got.push(['a', m]));
    bus.subscribe(1, () => {
      throw new Error('broken socket');
    });
    bus.subscribe(1, (m) => got.push(['a2', m]));
    bus.subscribe(2, (m) => got.push(['b', m]));
    await bus.publish(1, { kind: 'text', text: 'hello' });
    expect(got.map(([who]) => who)).toEqual(['a', 'a2']);
    offA();
    expect(bus.listenerCount(1)).toBe(2);
    await bus.publish(2, { kind: 'event', event: { type: 'authenticated' } });
    expect(got.map(([who]) => who)).toEqual(['a', 'a2', 'b']);
    await bus.close();
    expect(bus.listenerCount()).toBe(0);
  });
});

// Two server processes on one PostgreSQL: the job runs in the second, the socket is held by the first.
describe.skipIf(!process.env.DATABASE_URL)('across two app instances (PostgreSQL: LISTEN/NOTIFY)', () => {
  it('delivers a thumbnail made by the other instance to the socket held here', async () => {
    const config = loadConfig({ ...t.h.dir.env, WEB_DIST: `${t.h.dir.dataDir}/no-web-dist`, PUBLIC_URL: 'http://ceppro.test' });
    const { secrets } = await loadSecrets(config.dataDir, config.secretsFromEnv);
    const services = await createServices(config, secrets, pino({ level: 'silent' }));
    const worker = await buildApp({ services });
    await worker.ready();
    // This instance stops running jobs, so only the other one can make the thumbnail.
    await t.h.app.background.runner.stop();
    try {
      const socket = await connectAs(port, token);
      const chart = await t.chart(token, { draft: true });
      expect((await t.uploadImage(token, chart.chartId, await plainImage())).status).toBe(200);
      await socket.waitFor((f) => f === THUMBNAIL_SAVED_TEXT);
      await socket.close();
    } finally {
      await worker.close();
      await services.close();
      t.h.app.background.runner.start();
    }
  });
});
