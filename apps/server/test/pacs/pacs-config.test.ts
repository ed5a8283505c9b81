import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';
import { parsePacsServers, pacsAuthHeaders } from '../../src/features/pacs/pacs-config';
import { boundaryOf, parseMultipartRelated } from '../../src/features/pacs/multipart-related';

/** PACS_SERVERS parsing (what the server refuses to start with) and the WADO-RS multipart framing. */
describe('PACS_SERVERS', () => {
  it('is empty when unset and fills defaults (no auth, 15 s) when given', () => {
    expect(parsePacsServers({})).toEqual([]);
    expect(parsePacsServers({ PACS_SERVERS: ' ' })).toEqual([]);
    expect(parsePacsServers({ PACS_SERVERS: '[{"id":"main","name":"Clinic PACS","url":"http://127.0.0.1:8042/dicom-web/"}]' })).toEqual([
      { id: 'main', name: 'Clinic PACS', url: 'http://127.0.0.1:8042/dicom-web', auth: null, timeoutMs: 15_000 },
    ]);
  });

  it.each([
    ['not JSON', '[{id:main}]', /PACS_SERVERS must be a JSON array/],
    ['not an array', '{"id":"main"}', /PACS_SERVERS\. .*expected array/],
    ['a bad URL', '[{"id":"a","name":"A","url":"ftp://x"}]', /PACS_SERVERS\.0\.url must be an http\(s\) URL/],
    ['an unknown auth type', '[{"id":"a","name":"A","url":"http://x","auth":{"type":"digest"}}]', /PACS_SERVERS\.0\.auth/],
    ['a timeout under 1 s', '[{"id":"a","name":"A","url":"http://x","timeoutMs":10}]', /PACS_SERVERS\.0\.timeoutMs/],
    ['an id twice', '[{"id":"a","name":"A","url":"http://x"},{"id":"a","name":"B","url":"http://y"}]', /the id a twice/],
  ])('refuses %s with one line naming the problem', (_name, value, message) => {
    expect(() => parsePacsServers({ PACS_SERVERS: value })).toThrow(ConfigError);
    expect(() => parsePacsServers({ PACS_SERVERS: value })).toThrow(message);
  });

  it('never puts a password into the error', () => {
    const value = '[{"id":"a","name":"A","url":"http://x","auth":{"type":"basic","username":"u","password":"s3cret","extra":1}}]';
    expect(() => parsePacsServers({ PACS_SERVERS: value })).toThrow(ConfigError);
    try {
      parsePacsServers({ PACS_SERVERS: value });
    } catch (error) {
      expect(String(error)).not.toContain('s3cret');
    }
  });

  it('is part of the server configuration, and a bad value stops it', () => {
    const servers = '[{"id":"main","name":"PACS","url":"https://pacs.example/dicom-web","auth":{"type":"bearer","token":"t"}}]';
    expect(loadConfig({ PACS_SERVERS: servers }).pacs.servers[0]?.auth).toEqual({ type: 'bearer', token: 't' });
    expect(() => loadConfig({ PACS_SERVERS: 'nope' })).toThrow(ConfigError);
  });

  it('builds the Authorization header of each kind', () => {
    const base = { id: 'a', name: 'A', url: 'http://x', timeoutMs: 15_000 };
    expect(pacsAuthHeaders({ ...base, auth: null })).toEqual({});
    expect(pacsAuthHeaders({ ...base, auth: { type: 'bearer', token: 'abc' } })).toEqual({ authorization: 'Bearer abc' });
    expect(pacsAuthHeaders({ ...base, auth: { type: 'basic', username: 'u', password: 'p:w' } })).toEqual({
      authorization: `Basic ${Buffer.from('u:p:w').toString('base64')}`,
    });
  });
});

describe('multipart/related', () => {
  it('reads the boundary, quoted or not', () => {
    expect(boundaryOf('multipart/related; type="application/dicom"; boundary=abc-123')).toBe('abc-123');
    expect(boundaryOf('multipart/related; boundary="a b"; type="application/dicom"')).toBe('a b');
    expect(boundaryOf('multipart/related; type="application/dicom"')).toBeNull();
  });

  it('splits binary parts exactly, CRLF and dashes inside a part included', () => {
    const one = Buffer.from([0, 1, 2, 0x0d, 0x0a, 0x2d, 0x2d, 255]);
    const two = Buffer.from('second\r\n--not-the-boundary');
    const body = Buffer.concat([
      Buffer.from('preamble\r\n--XyZ\r\nContent-Type: application/dicom\r\nContent-Length: 8\r\n\r\n'),
      one,
      Buffer.from('\r\n--XyZ  \r\ncontent-type: application/dicom\r\n\r\n'),
      two,
      Buffer.from('\r\n--XyZ--\r\n'),
    ]);
    const parts = parseMultipartRelated(body, 'XyZ');
    expect(parts).toHaveLength(2);
    expect(parts[0]?.headers['content-type']).toBe('application/dicom');
    expect(parts[0]?.body.equals(one)).toBe(true);
    expect(parts[1]?.body.equals(two)).toBe(true);
  });

  it('refuses a body without its boundary or with an unclosed part', () => {
    expect(() => parseMultipartRelated(Buffer.from('nothing here'), 'XyZ')).toThrow(/without its boundary/);
    expect(() => parseMultipartRelated(Buffer.from('--XyZ\r\nA: b\r\n\r\ndata without end'), 'XyZ')).toThrow(/closing delimiter/);
  });
});
