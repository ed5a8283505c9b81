import { describe, expect, it } from 'vitest';
import {
  calibrationFromDefaultPpm,
  calibrationFromPixelSpacing,
  freeMeasurementValue,
  UNCALIBRATED,
  type FreeMeasurementPoints,
} from '../src/index.ts';

const distance: FreeMeasurementPoints = {
  kind: 'distance',
  points: [
    { x: 0, y: 0 },
    { x: 30, y: 40 },
  ],
};
const angle = (a: { x: number; y: number }, vertex: { x: number; y: number }, b: { x: number; y: number }): FreeMeasurementPoints => ({
  kind: 'angle',
  points: [a, vertex, b],
});

describe('freeMeasurementValue (image px in)', () => {
  it.each([
    ['distance 3-4-5 at 10 px/mm: 50 px = 5 mm', distance, calibrationFromDefaultPpm(10), 5, 'mm'],
    ['distance uncalibrated: 50 px', distance, UNCALIBRATED, 50, 'px'],
    // 0.1 mm/px across, 0.2 mm/px down: (3 mm, 8 mm) -> √73 mm
    ['distance, anisotropic spacing', distance, calibrationFromPixelSpacing(0.2, 0.1), Math.sqrt(73), 'mm'],
    ['right angle', angle({ x: 10, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 10 }), UNCALIBRATED, 90, 'deg'],
    ['straight angle', angle({ x: -5, y: 0 }, { x: 0, y: 0 }, { x: 7, y: 0 }), UNCALIBRATED, 180, 'deg'],
    // 45° in px; in mm space (x·0.1, y·0.2) the arms are (1, 0) and (1, 2): atan2(2, 1) = 63.435°
    [
      'angle measured in mm space',
      angle({ x: 10, y: 0 }, { x: 0, y: 0 }, { x: 10, y: 10 }),
      calibrationFromPixelSpacing(0.2, 0.1),
      63.43494882,
      'deg',
    ],
  ] as const)('%s', (_name, item, cal, value, unit) => {
    const v = freeMeasurementValue(item, cal);
    expect(v?.unit).toBe(unit);
    expect(v?.value).toBeCloseTo(value, 6);
  });

  it('a zero-length arm has no angle', () => {
    expect(freeMeasurementValue(angle({ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 1, y: 1 }), UNCALIBRATED)).toBeNull();
  });
});
