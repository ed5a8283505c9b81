import { describe, expect, it } from 'vitest';
import { storedPercentiles, toDisplay8bit } from '../../src/features/images/dicom/dicom-voi';

/** Table tests of the display pipeline with hand-computed values (PS3.3 C.11.2.1.2.1). */
const identity = { slope: 1, intercept: 0 };

describe('toDisplay8bit', () => {
  it.each([
    // center 2048, width 4096: low edge 2047.5 - 2047.5 = 0, high edge 4095
    [0, 0],
    [1, 0], // ((1 - 2047.5) / 4095 + 0.5) * 255 = 0.09 -> 0
    [2048, 128], // ((0.5) / 4095 + 0.5) * 255 = 127.53 -> 128
    [4095, 255],
    [5000, 255],
  ])('window 2048/4096 maps %i to %i', (stored, display) => {
    expect(toDisplay8bit([stored], identity, { kind: 'window', center: 2048, width: 4096 }, false)[0]).toBe(display);
  });

  it('applies the Modality LUT before the window: stored 1000 * 2 - 1024 = 976 in window 1000/100 -> below the low edge', () => {
    // low edge 1000 - 0.5 - 49.5 = 950: 976 lies inside: ((976 - 999.5) / 99 + 0.5) * 255 = 67.0 -> 67
    expect(toDisplay8bit([1000], { slope: 2, intercept: -1024 }, { kind: 'window', center: 1000, width: 100 }, false)[0]).toBe(67);
  });

  it('inverts MONOCHROME1 after the VOI', () => {
    expect(Array.from(toDisplay8bit([0, 255], identity, { kind: 'window', center: 128, width: 256 }, true))).toEqual([255, 0]);
  });

  it('clamps a VOI LUT at its first and last entries and scales its output bits to 0..255', () => {
    const lut = { firstMapped: 10, bits: 12, data: [0, 4095, 2048] };
    expect(Array.from(toDisplay8bit([5, 10, 11, 12, 99], identity, { kind: 'lut', lut }, false))).toEqual([0, 0, 255, 128, 128]);
  });

  it('spans the 0.1..99.9 percentile range when the file gives no VOI (one hot pixel does not set the contrast)', () => {
    const values = Array.from({ length: 10_000 }, (_, i) => 100 + (i % 101));
    values[0] = 60_000;
    expect(storedPercentiles(values)).toEqual({ low: 100, high: 200 });
    const out = toDisplay8bit([100, 150, 200, 60_000], identity, { kind: 'percentile' }, false);
    expect(Array.from(out)).toEqual([0, 128, 255, 255]);
  });
});
