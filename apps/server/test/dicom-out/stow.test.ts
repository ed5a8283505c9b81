import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/app-error';
import { boundaryOf, parseMultipartRelated } from '../../src/features/pacs/multipart-related';
import { readStowAnswer, StowRefusedError, stowBody, stowRs } from '../../src/features/pacs/stow';

/**
 * The STOW-RS client's reading of the answers a real Orthanc does not give on demand (store-back.test.ts
 * covers Orthanc's own): a 202 with a Failed SOP Sequence, a 200 that leaves one instance out, a 5xx, no
 * answer in time. A local HTTP server answers as such a PACS would, after reading the whole request.
 */

type Handler = (request: IncomingMessage, body: Buffer, response: ServerResponse) => void;
let handler: Handler = (_q, _b, response) => response.end();
let server: Server;
let url: string;
let received: { contentType: string; body: Buffer; path: string } | null = null;

const A = '2.25.1001';
const B = '2.25.1002';
const instances = [
  { sopInstanceUid: A, bytes: Buffer.from('DICOM-A') },
  { sopInstanceUid: B, bytes: Buffer.from('DICOM-B\r\n--not-a-boundary') },
];
const pacs = () => ({ id: 'test', name: 'Test PACS', url, auth: null, timeoutMs: 2_000 });
const item = (uid: string, reason?: number) => ({
  '00081155': { vr: 'UI', Value: [uid] },
  ...(reason !== undefined && { '00081197': { vr: 'US', Value: [reason] } }),
});

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received = { contentType: String(request.headers['content-type']), body: Buffer.concat(chunks), path: request.url ?? '' };
      handler(request, received.body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dicom-web`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('STOW-RS client', () => {
  it('posts one multipart/related body of application/dicom parts to /studies/{uid}', async () => {
    handler = (_q, _b, response) => {
      response.writeHead(200, { 'content-type': 'application/dicom+json' });
      response.end(JSON.stringify({ '00081199': { vr: 'SQ', Value: [item(A), item(B)] } }));
    };
    await stowRs(pacs(), '1.2.3', instances);
    expect(received?.path).toBe('/dicom-web/studies/1.2.3');
    expect(received?.contentType).toMatch(/^multipart\/related; type="application\/dicom"; boundary=/);
    const parts = parseMultipartRelated(received!.body, boundaryOf(received!.contentType)!);
    expect(parts.map((p) => p.headers['content-type'])).toEqual(['application/dicom', 'application/dicom']);
    expect(parts.map((p) => p.body.toString())).toEqual(['DICOM-A', 'DICOM-B\r\n--not-a-boundary']);
    expect(stowBody(instances, 'x').toString('latin1').endsWith('--x--\r\n')).toBe(true);
  });

  it('refuses with the Failed SOP Sequence of a 202, and when a 200 leaves an instance out', async () => {
    handler = (_q, _b, response) => {
      response.writeHead(202, { 'content-type': 'application/dicom+json' });
      response.end(JSON.stringify({ '00081198': { vr: 'SQ', Value: [item(B, 0xa700)] }, '00081199': { vr: 'SQ', Value: [item(A)] } }));
    };
    const partial = await stowRs(pacs(), '1.2.3', instances).catch((e: unknown) => e);
    expect(partial).toBeInstanceOf(StowRefusedError);
    expect((partial as StowRefusedError).refused).toEqual([{ sopInstanceUid: B, reason: 0xa700 }]);
    expect((partial as StowRefusedError).message).toContain('0xA700');

    handler = (_q, _b, response) => {
      response.writeHead(200, { 'content-type': 'application/dicom+json' });
      response.end(JSON.stringify({ '00081199': { vr: 'SQ', Value: [item(A)] } }));
    };
    const missing = await stowRs(pacs(), '1.2.3', instances).catch((e: unknown) => e);
    expect((missing as StowRefusedError).refused.map((r) => r.sopInstanceUid)).toEqual([B]);
  });

  it('maps 5xx to PACS_UNAVAILABLE, another status to PACS_BAD_ANSWER, and no answer in time to PACS_TIMEOUT', async () => {
    const codeOf = async () => ((await stowRs(pacs(), '1.2.3', instances).catch((e: unknown) => e)) as AppError).code;
    handler = (_q, _b, response) => {
      response.writeHead(500);
      response.end();
    };
    expect(await codeOf()).toBe('PACS_UNAVAILABLE');
    handler = (_q, _b, response) => {
      response.writeHead(400);
      response.end();
    };
    expect(await codeOf()).toBe('PACS_BAD_ANSWER');
    handler = () => undefined; // never answers
    expect(await codeOf()).toBe('PACS_TIMEOUT');
  });

  it('reads the response module whether or not it is wrapped in an array, and nothing from a body that is not one', () => {
    const module = { '00081198': { vr: 'SQ', Value: [item(A, 0xc122)] } };
    expect(readStowAnswer(JSON.stringify(module))).toEqual({ refused: [{ sopInstanceUid: A, reason: 0xc122 }], stored: [] });
    expect(readStowAnswer(JSON.stringify([module]))?.refused).toHaveLength(1);
    expect(readStowAnswer('<NativeDicomModel/>')).toBeNull();
  });
});
