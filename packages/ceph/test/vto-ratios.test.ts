import { describe, expect, it } from 'vitest';
import { DEFAULT_SOFT_TISSUE_RULES, SOFT_TISSUE_RATIO_GROUPS, chosenRatio, softTissueRulesWithRatios } from '../src/index.ts';

const group = (id: string) => SOFT_TISSUE_RATIO_GROUPS.find((g) => g.id === id)!;

describe('soft-tissue ratio groups', () => {
  it('every group default lies in its range and every default rule belongs to a group', () => {
    for (const g of SOFT_TISSUE_RATIO_GROUPS) {
      expect(g.defaultRatio).toBeGreaterThanOrEqual(g.min);
      expect(g.defaultRatio).toBeLessThanOrEqual(g.max);
    }
    for (const r of DEFAULT_SOFT_TISSUE_RULES) expect(SOFT_TISSUE_RATIO_GROUPS.some((g) => g.soft.includes(r.soft))).toBe(true);
  });
  it.each([
    ['chin', 0.95, 0.95],
    ['chin', 2, 1.1],
    ['chin', 0.1, 0.9],
    ['chin', undefined, 1],
    ['chin', Number.NaN, 1],
    ['upperLip', 0.5, 0.5],
    ['noseTip', 0.5, 0.17],
  ] as const)('%s chosen %s -> %s', (id, chosen, expected) => {
    expect(chosenRatio(group(id), chosen === undefined ? {} : { [id]: chosen })).toBe(expected);
  });
  it('replaces both axes of every rule of a group with the chosen ratio', () => {
    const rules = softTissueRulesWithRatios({ chin: 0.9, lowerLip: 0.6 });
    const of = (soft: string) => rules.find((r) => r.soft === soft)!;
    expect([of('stPog').horizontal, of('stPog').vertical, of('stMe').horizontal]).toEqual([0.9, 0.9, 0.9]);
    expect([of('Li').horizontal, of('Stmi').vertical]).toEqual([0.6, 0.6]);
    expect(of('Ls').horizontal).toBe(0.33);
    expect(of('stPog').driver).toBe('Pog');
  });
});

describe('chosen ratios in a VTO', () => {
  it('Pogonion 5 mm forward moves soft-tissue pogonion by the chosen chin ratio', async () => {
    const { simulateVto, ZERO_VTO_MOVEMENT } = await import('../src/index.ts');
    const { FACE, FACE_CALIBRATION } = await import('./fixtures.ts');
    const plan = { ...ZERO_VTO_MOVEMENT, Pogonion: { horizontal: 5, vertical: 0 } };
    for (const [ratio, expected] of [
      [0.9, 4.5],
      [0.95, 4.75],
      [1.1, 5.5],
    ] as const) {
      const run = simulateVto(FACE, FACE_CALIBRATION, plan, softTissueRulesWithRatios({ chin: ratio }));
      if (!run.ok) throw new Error(run.error);
      expect(run.result.displacementsMm.stPog?.x).toBeCloseTo(expected, 9);
      // Right-facing film at 10 px/mm: anterior is +x in the image.
      expect(run.result.landmarks.stPog!.x - FACE.stPog!.x).toBeCloseTo(expected * 10, 6);
    }
  });
});
