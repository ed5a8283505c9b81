import { calibrationFromDefaultPpm, UNCALIBRATED } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import {
  formatFreeMeasurement,
  freeMeasurementValue,
  measurementsPatch,
  readMeasurements,
  type FreeMeasurement,
} from '../src/viewer-documents/measurements';

const distance: FreeMeasurement = {
  id: 'd1',
  name: 'A',
  kind: 'distance',
  points: [
    { x: 0, y: 0 },
    { x: 30, y: 40 },
  ],
};
const angle: FreeMeasurement = {
  id: 'a1',
  name: '',
  kind: 'angle',
  points: [
    { x: 10, y: 0 },
    { x: 0, y: 0 },
    { x: 0, y: 10 },
  ],
};

describe('freeMeasurementValue', () => {
  it.each([
    ['distance, 10 px/mm', distance, calibrationFromDefaultPpm(10), 5, 'mm'],
    ['distance, uncalibrated', distance, UNCALIBRATED, 50, 'px'],
    ['right angle', angle, UNCALIBRATED, 90, 'deg'],
    [
      'straight angle',
      {
        ...angle,
        points: [
          { x: -5, y: 0 },
          { x: 0, y: 0 },
          { x: 7, y: 0 },
        ],
      } as FreeMeasurement,
      UNCALIBRATED,
      180,
      'deg',
    ],
  ])('%s', (_name, item, cal, value, unit) => {
    const v = freeMeasurementValue(item, cal);
    expect(v?.unit).toBe(unit);
    expect(v?.value).toBeCloseTo(value, 9);
  });
  it('a zero-length arm has no angle', () => {
    expect(
      freeMeasurementValue(
        {
          ...angle,
          points: [
            { x: 0, y: 0 },
            { x: 0, y: 0 },
            { x: 1, y: 1 },
          ],
        },
        UNCALIBRATED,
      ),
    ).toBeNull();
    expect(formatFreeMeasurement(null)).toBe('-');
  });
  it('formats to one decimal', () => {
    expect(formatFreeMeasurement({ value: 12.345, unit: 'mm' })).toBe('12.3 mm');
    expect(formatFreeMeasurement({ value: 45, unit: 'deg' })).toBe('45.0\u00b0');
  });
});

describe('measurements inside drawing_result', () => {
  it('patches only the measurements key, which reads back', () => {
    const stored = { version: 1, coords: [{ id: 'x' }], superimpositionCoords: [] };
    const patch = measurementsPatch([distance]);
    expect(Object.keys(patch)).toEqual(['measurements']);
    expect(readMeasurements({ ...stored, ...patch })).toEqual([distance]);
  });
  it('ignores unknown shapes', () => {
    expect(readMeasurements({ version: 1, measurements: { version: 9, items: [] } })).toEqual([]);
    expect(readMeasurements('x')).toEqual([]);
  });
});
