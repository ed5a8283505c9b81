import { errorEnvelopeSchema } from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/errors/app-error';
import { createTestApp, type TestApp } from './support/test-app';

const bodySchema = z.object({ name: z.string().min(1).max(30) });

describe('bad input gets a JSON error with a stable code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      routes(app) {
        // Stand-ins for real endpoints: a JSON one, a form one, and ones that throw. Not under /api:
        // every /api route requires a bearer token (features/auth), which these tests are not about.
        app.post('/test/echo', async (request) => ({ success: true, data: bodySchema.parse(request.body) }));
        app.post('/public/echo', async (request) => ({ success: true, data: bodySchema.parse(request.body) }));
        app.get('/test/expired', async () => {
          throw new AppError('K024');
        });
        app.get('/test/crash', async () => {
          throw new Error("select * from patients where name = 'Kim' failed at /srv/ceppro/secret");
        });
      },
    });
  });
  afterAll(() => t?.close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: string | Buffer, contentType?: string) =>
    t.app.inject({ method, url, payload, headers: contentType ? { 'content-type': contentType } : {} });

  it('accepts a good JSON body and a good form body', async () => {
    expect((await send('POST', '/test/echo', '{"name":"Kim"}', 'application/json')).json()).toEqual({
      success: true,
      data: { name: 'Kim' },
    });
    expect((await send('POST', '/public/echo', 'name=Kim', 'application/x-www-form-urlencoded')).json()).toEqual({
      success: true,
      data: { name: 'Kim' },
    });
  });

  const JSON_TYPE = 'application/json';
  const big = `{"name":"${'x'.repeat(1024 * 1024 + 10)}"}`;

  it.each([
    ['malformed JSON', 'POST', '/test/echo', '{"name":', JSON_TYPE, 400, 'BAD_REQUEST'],
    ['empty JSON body', 'POST', '/test/echo', '', JSON_TYPE, 400, 'BAD_REQUEST'],
    ['__proto__ in JSON', 'POST', '/test/echo', '{"__proto__":{"x":1},"name":"a"}', JSON_TYPE, 400, 'BAD_REQUEST'],
    ['JSON failing validation', 'POST', '/test/echo', '{"name":""}', JSON_TYPE, 400, 'VALIDATION_FAILED'],
    ['JSON over 1 MB', 'POST', '/test/echo', big, JSON_TYPE, 413, 'PAYLOAD_TOO_LARGE'],
    [
      'form over 1 MB',
      'POST',
      '/public/echo',
      `name=${'x'.repeat(1024 * 1024 + 10)}`,
      'application/x-www-form-urlencoded',
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    ['text/plain body', 'POST', '/test/echo', 'name', 'text/plain', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['XML body', 'POST', '/test/echo', '<name/>', 'application/xml', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['unknown /api route', 'GET', '/api/nothing-here', undefined, undefined, 404, 'NOT_FOUND'],
    ['unknown /api POST', 'POST', '/api/nothing-here', '{}', JSON_TYPE, 404, 'NOT_FOUND'],
    ['wrong method on a route', 'DELETE', '/test/echo', undefined, undefined, 404, 'NOT_FOUND'],
    ['unknown /public route', 'POST', '/public/login-nope', 'a=b', 'application/x-www-form-urlencoded', 404, 'NOT_FOUND'],
    ['unknown /minio route', 'GET', '/minio/download', undefined, undefined, 404, 'NOT_FOUND'],
    // The AI endpoint exists now: without a bearer token it answers like /api (401 J001).
    ['/ai route without a token', 'POST', '/ai/ceppro/ceph-landmark', 'chart_id=1', 'application/x-www-form-urlencoded', 401, 'J001'],
    ['unknown /ai_api route', 'POST', '/ai_api/no-such-route', '{}', JSON_TYPE, 404, 'NOT_FOUND'],
    // The planning endpoint exists now: without a bearer token it answers like /api (401 J001).
    ['/ai_api/superimposition without a token', 'POST', '/ai_api/superimposition', '{}', JSON_TYPE, 401, 'J001'],
    // The graph service exists now: without a bearer token it answers like /api (401 J001).
    ['/graphql without a token', 'POST', '/graphql', '{"query":"{a}"}', JSON_TYPE, 401, 'J001'],
    ['/ws without a WebSocket upgrade', 'GET', '/ws', undefined, undefined, 404, 'NOT_FOUND'],
    ['under /healthz', 'GET', '/healthz/deep', undefined, undefined, 404, 'NOT_FOUND'],
    ['POST to a page route', 'POST', '/list/0', '{}', JSON_TYPE, 404, 'NOT_FOUND'],
    ['bad percent-encoding', 'GET', '/api/%E0%A4%A', undefined, undefined, 400, 'BAD_REQUEST'],
    ['a product error', 'GET', '/test/expired', undefined, undefined, 403, 'K024'],
  ] as const)('%s', async (_name, method, url, payload, contentType, status, code) => {
    const response = await send(method, url, payload, contentType);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = errorEnvelopeSchema.parse(response.json());
    expect(body.code).toBe(code);
  });

  it('turns an unknown error into a 500 that leaks nothing', async () => {
    const response = await send('GET', '/test/crash');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, code: 'INTERNAL', message: 'An unexpected error occurred.' });
    expect(response.body).not.toMatch(/Kim|select|srv|stack/i);
  });

  it('marks responses nosniff', async () => {
    expect((await send('GET', '/api/nothing-here')).headers['x-content-type-options']).toBe('nosniff');
  });
});
