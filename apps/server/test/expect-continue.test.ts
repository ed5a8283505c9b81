import { LICENSE_UPLOAD } from '@ceppro/contract';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES_ROUTE_PREFIX } from '../src/storage/fs-storage';
import { createTestApp, type TestApp } from './support/test-app';

const MB = 1024 * 1024;

interface Exchange {
  /** Every status line the server sent, interim (100) ones included, in order. */
  statusLines: string[];
  /** The final response's body. */
  body: string;
  /** Whether the server closed the connection after answering. */
  closedByServer: boolean;
}

/**
 * One raw HTTP/1.1 request with `Expect: 100-continue` and only its head sent, as curl and most
 * HTTP clients do with a large body: the body (if given) goes out only after `100 Continue`. The
 * request asks to close the connection, so the exchange ends when the server closes it.
 */
function exchange(port: number, head: string[], body?: Buffer): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let sentBody = false;
    let closedByServer = false;
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (!sentBody && body && received.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) {
        sentBody = true;
        socket.write(body);
      }
    });
    socket.on('end', () => {
      closedByServer = true;
      socket.end();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const statusLines = [...received.matchAll(/^HTTP\/1\.1 \d{3}[^\r]*/gm)].map((m) => m[0]);
      const last = received.lastIndexOf('\r\n\r\n');
      resolve({ statusLines, body: last === -1 ? '' : received.slice(last + 4), closedByServer });
    });
    socket.write([...head, 'Host: 127.0.0.1', 'Expect: 100-continue', 'Connection: close', '', ''].join('\r\n'));
  });
}

/** A declared body over the limit gets 413 before `100 Continue`, never a reset halfway through. */
describe('Expect: 100-continue', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  it.each([
    ['application/json', '/public/login'],
    ['application/x-www-form-urlencoded', '/public/login'],
    ['application/json; charset=utf-8', '/public/check-email-exist'],
  ])('answers a declared 20 MB %s body to %s with 413 and no 100 Continue', async (type, path) => {
    const reply = await exchange(port, [`POST ${path} HTTP/1.1`, `Content-Type: ${type}`, `Content-Length: ${20 * MB}`]);
    expect(reply.statusLines).toEqual(['HTTP/1.1 413 Payload Too Large']);
    expect(JSON.parse(reply.body)).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    expect(reply.closedByServer).toBe(true);
  });

  it('answers a multipart licence upload declared over its own limit with 413 before 100 Continue', async () => {
    const head = ['POST /public/license-upload HTTP/1.1', 'Content-Type: multipart/form-data; boundary=x'];
    const tooBig = await exchange(port, [...head, `Content-Length: ${LICENSE_UPLOAD.maxBytes + MB}`]);
    expect(tooBig.statusLines).toEqual(['HTTP/1.1 413 Payload Too Large']);
  });

  it('sends 100 Continue for a body within the limit and then answers it as usual', async () => {
    const body = Buffer.from('{}');
    const reply = await exchange(
      port,
      ['POST /public/login HTTP/1.1', 'Content-Type: application/json', `Content-Length: ${body.length}`],
      body,
    );
    expect(reply.statusLines).toEqual(['HTTP/1.1 100 Continue', 'HTTP/1.1 400 Bad Request']);
    expect(JSON.parse(reply.body)).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('asks for the body of a raw upload, whose handler enforces its own (larger) limit', async () => {
    const head = [`PUT ${FILES_ROUTE_PREFIX}/uploads/film.png HTTP/1.1`, 'Content-Type: image/png', `Content-Length: ${20 * MB}`];
    const reply = await exchange(port, head);
    expect(reply.statusLines[0]).toBe('HTTP/1.1 100 Continue');
  });

  it('refuses an unauthenticated /api body with 401 before asking for it', async () => {
    const reply = await exchange(port, ['POST /api/check HTTP/1.1', 'Content-Type: application/json', `Content-Length: ${20 * MB}`]);
    expect(reply.statusLines).toEqual(['HTTP/1.1 401 Unauthorized']);
    expect(reply.closedByServer).toBe(true);
  });
});
