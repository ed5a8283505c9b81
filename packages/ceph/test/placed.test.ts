import { describe, expect, it } from 'vitest';
import { imagePoint, mergePositions, type AiLandmark } from '../src/index.ts';

const ai = (x: number, y: number, confidence: number | null = 0.9): AiLandmark => ({ point: imagePoint(x, y), confidence, name: 'n' });

describe('mergePositions (edited ?? ai, image px)', () => {
  it.each([
    ['nothing placed', {}, {}, {}],
    ['model only', { S: ai(1, 2), N: ai(3, 4) }, {}, { S: { x: 1, y: 2 }, N: { x: 3, y: 4 } }],
    ['user only', {}, { Pm: imagePoint(5, 6) }, { Pm: { x: 5, y: 6 } }],
    ['user wins over the model', { S: ai(1, 2), N: ai(3, 4) }, { N: imagePoint(30, 40) }, { S: { x: 1, y: 2 }, N: { x: 30, y: 40 } }],
    ['confidence does not matter', { A: ai(1, 1, null) }, { B: imagePoint(2, 2) }, { A: { x: 1, y: 1 }, B: { x: 2, y: 2 } }],
  ] as const)('%s', (_, model, edited, expected) => {
    expect(mergePositions(model, edited)).toEqual(expected);
  });

  it("keeps the model's order, then the user's additions", () => {
    expect(Object.keys(mergePositions({ N: ai(0, 0), S: ai(0, 0) }, { Pm: imagePoint(0, 0), S: imagePoint(1, 1) }))).toEqual([
      'N',
      'S',
      'Pm',
    ]);
  });
});
