import { calibrationFromDefaultPpm, freeMeasurementValue, UNCALIBRATED } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import { formatFreeMeasurement, measurementsPatch, readMeasurements, type FreeMeasurement } from '../src/viewer-documents/measurements';

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

// The values themselves are packages/ceph's `freeMeasurementValue` (packages/ceph/test/free-measurement.test.ts).
describe('formatFreeMeasurement', () => {
  it('formats to one decimal', () => {
    expect(formatFreeMeasurement({ value: 12.345, unit: 'mm' })).toBe('12.3 mm');
    expect(formatFreeMeasurement({ value: 45, unit: 'deg' })).toBe('45.0\u00b0');
  });
  it('a value that cannot be measured prints a dash', () => {
    expect(formatFreeMeasurement(null)).toBe('-');
  });
  it('formats the value packages/ceph measures on a stored item', () => {
    expect(formatFreeMeasurement(freeMeasurementValue(distance, calibrationFromDefaultPpm(10)))).toBe('5.0 mm');
    expect(formatFreeMeasurement(freeMeasurementValue(angle, UNCALIBRATED))).toBe('90.0\u00b0');
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
