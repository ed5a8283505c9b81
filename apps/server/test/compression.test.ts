import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from '../src/http/compression';

// A large JSON answer (an analysis, a patient list) and the kinds of body that must stay as they are.
const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `patient ${i}`, note: 'within norm' }));
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 7)]);

describe('response compression', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await registerCompression(app);
    app.get('/json', async () => ({ rows }));
    app.get('/small', async () => ({ ok: true }));
    app.get('/pdf', async (_request, reply) => reply.type('application/pdf').send(pdf));
    app.get('/film', async (_request, reply) => reply.type('application/octet-stream').send(pdf));
    app.get('/png', async (_request, reply) => reply.type('image/png').send(pdf));
    app.get('/events', async (_request, reply) => reply.type('text/event-stream').send('data: x\n\n'.repeat(300)));
    await app.ready();
  });
  afterAll(() => app?.close());

  it('answers large JSON with brotli when the client accepts it', async () => {
    const response = await app.inject({ method: 'GET', url: '/json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify({ rows }).length / 4);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual({ rows });
  });

  it('falls back to gzip, and sends plain JSON to a client that accepts neither', async () => {
    const gz = await app.inject({ method: 'GET', url: '/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual({ rows });
    const plain = await app.inject({ method: 'GET', url: '/json', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ rows });
  });

  it('leaves small answers alone', async () => {
    const response = await app.inject({ method: 'GET', url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it.each(['/pdf', '/film', '/png', '/events'])('does not compress %s (already compressed, or a stream)', async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
