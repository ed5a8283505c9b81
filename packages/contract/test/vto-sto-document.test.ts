import { DEFAULT_AUTOROTATION, ZERO_SURGICAL_PLAN } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import { readVtoStoConfig, surgicalChoicesOf } from '../src/index';
import { pogonionPlan } from './fixtures/vto-plan';

/** A document as stored before the surgical set-up existed (no mode, surgery or autorotation). */
const OLD = pogonionPlan(3, { ratios: { chin: 0.95 } });

describe('vto_sto_config with the surgical set-up', () => {
  it('an old document still parses and reads as an orthodontic VTO without surgery or autorotation', () => {
    const doc = readVtoStoConfig(OLD);
    expect(doc).not.toBeNull();
    expect(surgicalChoicesOf(doc!.data)).toEqual({
      mode: 'vto',
      surgery: ZERO_SURGICAL_PLAN,
      surgicalRatios: {},
      autorotation: DEFAULT_AUTOROTATION,
    });
  });

  it('keeps the STO choices and drops anything else (no predicted points are stored)', () => {
    const surgery = {
      ...ZERO_SURGICAL_PLAN,
      maxilla: { horizontal: 5, vertical: -2, rotation: 3, pivot: 'ANS' },
      ratios: { bssoSetbackChin: 1.1 },
    };
    const doc = readVtoStoConfig({
      ...OLD,
      data: {
        ...OLD.data,
        mode: 'sto',
        surgery,
        autorotation: { enabled: true, contact: 'incisor', verticalMm: 1.5 },
        predicted: { A: [1, 2] },
      },
    });
    expect(doc?.data.mode).toBe('sto');
    expect(doc?.data.surgery).toEqual(surgery);
    expect(doc?.data).not.toHaveProperty('predicted');
    expect(surgicalChoicesOf(doc!.data).surgicalRatios).toEqual({ bssoSetbackChin: 1.1 });
  });

  it.each([
    ['a pivot the segment does not offer', { maxilla: { horizontal: 0, vertical: 0, rotation: 0, pivot: 'Pog' } }],
    ['a rotation beyond 30°', { chin: { horizontal: 0, vertical: 0, rotation: 45, pivot: 'Pog' } }],
    ['a move beyond 30 mm', { mandible: { horizontal: 31, vertical: 0, rotation: 0, pivot: 'L1' } }],
  ])('refuses %s', (_, patch) => {
    const surgery = { ...ZERO_SURGICAL_PLAN, ...patch, ratios: {} };
    expect(readVtoStoConfig({ ...OLD, data: { ...OLD.data, mode: 'sto', surgery } })).toBeNull();
  });
});
