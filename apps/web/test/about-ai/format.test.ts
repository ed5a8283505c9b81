import { describe, expect, it } from 'vitest';
import {
  formatMm,
  formatPercent,
  formatPx,
  formatScore,
  formatShare,
  formatSignedMm,
  formatSpacing,
  sdrRadii,
} from '../../src/features/about-ai/lib/format.ts';

describe('model card formatting', () => {
  it.each([
    [formatMm, 1.1506, '1.15 mm'],
    [formatMm, 0.725, '0.73 mm'], // the card's half rounds up, not its binary value down
    [formatMm, -0.004, '0.00 mm'],
    [formatSignedMm, -0.875, '−0.88'],
    [formatSignedMm, 1.97, '+1.97'],
    [formatSignedMm, 0.001, '0.00'],
    [formatPx, 13.18, '13.2 px'],
    [formatPercent, 90.35, '90.4%'],
    [formatPercent, 100, '100.0%'],
    [formatShare, 0.137, '13.7%'],
    [formatScore, 0.8425, '0.84'],
    [formatSpacing, 0.122, '0.122 mm/px'],
    [formatSpacing, 0.2, '0.2 mm/px'],
  ] as const)('%o(%d) -> %s', (format, value, text) => {
    expect(format(value)).toBe(text);
  });

  it('orders SDR radii by value, not as text', () => {
    expect(sdrRadii({ '4': 1, '10': 1, '2.5': 1, '2': 1, '3': 1 })).toEqual(['2', '2.5', '3', '4', '10']);
  });
});
