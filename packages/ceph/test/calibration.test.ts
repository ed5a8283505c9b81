import { describe, expect, it } from 'vitest';
import {
  CalibrationError,
  UNCALIBRATED,
  calibrationFromDefaultPpm,
  calibrationFromPixelSpacing,
  calibrationFromRuler,
  imagePoint,
  imageVectorToMm,
  isIsotropic,
  measureLength,
  mm,
  mmPerPx,
  mmToPx,
  px,
  pxToMm,
} from '../src/index.ts';

describe('calibration sources', () => {
  it('default PPM (pixels per mm)', () => {
    const c = calibrationFromDefaultPpm(10);
    expect(c).toEqual({ kind: 'calibrated', pxPerMmX: 10, pxPerMmY: 10, source: 'default-ppm' });
    expect(mmPerPx(c)).toEqual({ x: 0.1, y: 0.1 });
  });
  it('ruler: 3-4-5 triangle of 50 px is 10 mm → 5 px/mm', () => {
    const c = calibrationFromRuler(imagePoint(10, 10), imagePoint(40, 50), mm(10));
    expect(c.pxPerMmX).toBe(5);
    expect(c.source).toBe('ruler');
  });
  it('DICOM pixel spacing is [row (y), column (x)]', () => {
    const c = calibrationFromPixelSpacing(0.2, 0.1);
    expect(c.pxPerMmX).toBe(10);
    expect(c.pxPerMmY).toBe(5);
    expect(isIsotropic(c)).toBe(false);
    expect(c.source).toBe('pixel-spacing');
  });
  it('imager spacing divided by ERMF gives the object-plane spacing', () => {
    const c = calibrationFromPixelSpacing(0.11, 0.11, { source: 'imager-pixel-spacing', ermf: 1.1 });
    expect(c.pxPerMmX).toBeCloseTo(10, 12);
    expect(c.source).toBe('ermf');
    expect(calibrationFromPixelSpacing(0.1, 0.1, { source: 'imager-pixel-spacing' }).source).toBe('imager-pixel-spacing');
  });
  it.each([
    () => calibrationFromDefaultPpm(0),
    () => calibrationFromDefaultPpm(Number.NaN),
    () => calibrationFromRuler(imagePoint(1, 1), imagePoint(1, 1), mm(10)),
    () => calibrationFromRuler(imagePoint(0, 0), imagePoint(1, 1), mm(-1)),
    () => calibrationFromPixelSpacing(0, 0.1),
  ])('rejects impossible input %#', (f) => {
    expect(f).toThrow(CalibrationError);
  });
});

describe('round trips', () => {
  it.each([1, 7.3, 10, 11.811, 0.5])('mm → px → mm at %s px/mm', (ppm) => {
    const c = calibrationFromDefaultPpm(ppm);
    for (const v of [0, 1, 12.5, 71.25, 400]) expect(pxToMm(mmToPx(mm(v), c), c)).toBeCloseTo(v, 12);
    for (const v of [0, 3, 999.5]) expect(mmToPx(pxToMm(px(v), c), c)).toBeCloseTo(v, 12);
  });
  it('a ruler calibration measures its own ruler as the known distance', () => {
    const p1 = imagePoint(123.4, 567.8);
    const p2 = imagePoint(321.5, 600.25);
    const c = calibrationFromRuler(p1, p2, mm(20));
    const l = measureLength(p1, p2, c);
    expect(l.unit).toBe('mm');
    expect(l.value).toBeCloseTo(20, 12);
  });
  it('pixel spacing → ppm → spacing', () => {
    const c = calibrationFromPixelSpacing(0.096, 0.125);
    expect(mmPerPx(c)?.y).toBeCloseTo(0.096, 15);
    expect(mmPerPx(c)?.x).toBeCloseTo(0.125, 15);
  });
  it('anisotropic lengths are converted per axis; plain length conversion refuses', () => {
    const c = calibrationFromPixelSpacing(0.2, 0.1);
    expect(measureLength(imagePoint(0, 0), imagePoint(30, 20), c).value).toBeCloseTo(5, 12);
    expect(imageVectorToMm({ x: 30, y: 20 }, c)).toEqual({ x: 3, y: 4 });
    expect(() => pxToMm(px(10), c)).toThrow(CalibrationError);
  });
});

describe('uncalibrated', () => {
  it('lengths are in px and flagged', () => {
    expect(measureLength(imagePoint(0, 0), imagePoint(3, 4), UNCALIBRATED)).toEqual({ value: 5, unit: 'px', uncalibrated: true });
    expect(mmPerPx(UNCALIBRATED)).toBeNull();
  });
});
