import { ZERO_VTO_MOVEMENT } from '@ceppro/ceph';
import { readVtoStoConfig, vtoStoConfigSchema } from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import { VTO_PRESETS, presetTable } from '../../../src/features/viewer/vto/lib/presets.ts';
import { DEFAULT_VTO_PLAN, cleanMovement, fromVtoDocument, toVtoDocument } from '../../../src/features/viewer/vto/lib/vto-config.ts';

describe('presets', () => {
  it.each([
    ['mandibularAdvancement', 'Pogonion', 5, 0],
    ['mandibularSetback', 'Pogonion', -5, 0],
    ['incisorRetraction', 'Mx1Crown', -4, 0],
    ['maxillaryImpaction', 'ANS', 0, 4],
  ] as const)('%s moves %s by (%s, %s) mm', (id, row, h, v) => {
    const table = presetTable(id)!;
    expect(table[row]).toEqual({ horizontal: h, vertical: v });
  });
  it('fills every row: rows the preset does not name are zero', () => {
    const table = presetTable('incisorRetraction')!;
    expect(Object.keys(table).sort()).toEqual(Object.keys(ZERO_VTO_MOVEMENT).sort());
    expect(table.Pogonion).toEqual({ horizontal: 0, vertical: 0 });
    expect(presetTable('nope')).toBeNull();
    expect(VTO_PRESETS).toHaveLength(4);
  });
});

describe('stored document', () => {
  const photo = {
    alignment: {
      method: 'manual' as const,
      chartDataId: 7,
      transform: { a: 1.2, b: 0.1, c: -0.1, d: 1.2, tx: 30, ty: -4 },
      residualPx: 2.5,
    },
    points: { photo: [{ x: 1, y: 2 }], film: [] },
    followView: false,
  };

  it('round-trips through the zod schema', () => {
    const plan = {
      ...DEFAULT_VTO_PLAN,
      movements: { ...ZERO_VTO_MOVEMENT, Pogonion: { horizontal: 5, vertical: -1 } },
      ratios: { ...DEFAULT_VTO_PLAN.ratios, chin: 0.95 },
      preset: null,
    };
    const doc = toVtoDocument(plan, photo);
    expect(vtoStoConfigSchema.parse(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
    const back = fromVtoDocument(readVtoStoConfig(doc)!);
    expect(back.plan.movements.Pogonion).toEqual({ horizontal: 5, vertical: -1 });
    expect(back.plan.ratios['chin']).toBe(0.95);
    expect(back.photo).toEqual(photo);
  });

  it('clamps stored ratios into their published range and ignores unknown shapes', () => {
    const doc = toVtoDocument(DEFAULT_VTO_PLAN, photo);
    const wild = { ...doc, data: { ...doc.data, ratios: { chin: 3 } } };
    expect(fromVtoDocument(readVtoStoConfig(wild)!).plan.ratios['chin']).toBe(1.1);
    expect(readVtoStoConfig({ version: 1, rows: [] })).toBeNull();
    expect(readVtoStoConfig({ ...doc, version: 2 })).toBeNull();
    expect(readVtoStoConfig(null)).toBeNull();
    expect(
      readVtoStoConfig({ ...doc, data: { ...doc.data, movements: { ...doc.data.movements, ANS: { horizontal: 99, vertical: 0 } } } }),
    ).toBeNull();
  });

  it('cleans typed movements', () => {
    expect([cleanMovement(2.345), cleanMovement(-40), cleanMovement(Number.NaN), cleanMovement(31)]).toEqual([2.3, -30, 0, 30]);
  });
});
