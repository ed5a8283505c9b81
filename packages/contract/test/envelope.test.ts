import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeSchema, errorEnvelopeSchema, fail, ok } from '../src/index';

describe('envelope', () => {
  const schema = envelopeSchema(z.object({ id: z.number() }));

  it('accepts a success with data', () => {
    expect(schema.parse(ok({ id: 1 }))).toEqual({ success: true, data: { id: 1 } });
  });

  it('accepts a failure with a catalogue code', () => {
    expect(schema.parse(fail('J002', 'expired'))).toEqual({ success: false, code: 'J002', message: 'expired' });
  });

  it('rejects a failure with an unknown code', () => {
    expect(errorEnvelopeSchema.safeParse({ success: false, code: 'NOPE', message: 'x' }).success).toBe(false);
  });

  it('rejects a success whose data does not match', () => {
    expect(schema.safeParse({ success: true, data: { id: 'x' } }).success).toBe(false);
  });
});
