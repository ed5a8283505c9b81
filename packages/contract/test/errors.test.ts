import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODES, SILENT_ERROR_CODES, errorCodeSchema, httpStatusOf, isErrorCode } from '../src/index';

const SPEC_CODES = ['J001', 'J002', 'J005', 'C001', 'C002', 'M003', 'M005', 'K006', 'K007', 'K013', 'K016', 'K017', 'K022', 'K024'];

describe('error catalogue', () => {
  it('holds every product code of the error catalogue (docs/spec-points.md §8)', () => {
    for (const code of SPEC_CODES) expect(ERROR_CODES).toContain(code);
  });

  it('marks exactly the codes the spec explains as specified', () => {
    const specified = ERROR_CODES.filter((code) => ERROR_CATALOGUE[code].specified).sort();
    expect(specified).toEqual(['J002', 'J005', 'K024']);
  });

  it.each([
    ['J002', 401],
    ['J005', 401],
    ['K024', 403],
    ['BAD_REQUEST', 400],
    ['NOT_FOUND', 404],
    ['PAYLOAD_TOO_LARGE', 413],
    ['UNSUPPORTED_MEDIA_TYPE', 415],
    ['INTERNAL', 500],
    ['SERVICE_UNAVAILABLE', 503],
  ] as const)('%s maps to HTTP %i', (code, status) => {
    expect(httpStatusOf(code)).toBe(status);
  });

  it('uses only 4xx and 5xx statuses and non-empty messages', () => {
    for (const code of ERROR_CODES) {
      const { status, message } = ERROR_CATALOGUE[code];
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
      expect(message.length).toBeGreaterThan(0);
    }
  });

  it('lists silent codes that all exist', () => {
    for (const code of SILENT_ERROR_CODES) expect(isErrorCode(code)).toBe(true);
  });

  it('rejects unknown codes', () => {
    expect(isErrorCode('Z999')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(errorCodeSchema.safeParse('Z999').success).toBe(false);
  });
});
