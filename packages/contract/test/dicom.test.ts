import { describe, expect, it } from 'vitest';
import { resolveCalibration } from '../src/calibration';
import { dicomDateToIso, dicomPersonName, isDicomBytes, transferSyntaxLabel, type DicomCalibration } from '../src/dicom';

describe('DICOM helpers', () => {
  it('recognises the Part 10 magic at byte 128 only', () => {
    const file = new Uint8Array(200);
    file.set([0x44, 0x49, 0x43, 0x4d], 128);
    expect(isDicomBytes(file)).toBe(true);
    expect(isDicomBytes(file.subarray(0, 131))).toBe(false);
    const shifted = new Uint8Array(200);
    shifted.set([0x44, 0x49, 0x43, 0x4d], 0);
    expect(isDicomBytes(shifted)).toBe(false);
  });

  it.each([
    ['1.2.840.10008.1.2.4.50', 'JPEG Baseline (Process 1) (1.2.840.10008.1.2.4.50)'],
    ['1.2.840.10008.1.2.4.91', 'JPEG 2000 (1.2.840.10008.1.2.4.91)'],
    ['1.2.3.4', '1.2.3.4'],
  ])('names the transfer syntax %s', (uid, label) => {
    expect(transferSyntaxLabel(uid)).toBe(label);
  });

  it.each([
    ['19900506', '1990-05-06'],
    ['20240230', null],
    ['1990-05-06', null],
    ['', null],
  ])('DA %j is %j', (da, iso) => {
    expect(dicomDateToIso(da)).toBe(iso);
  });

  it.each([
    ['홍^길동', '홍길동'],
    ['山田^太郎', '山田太郎'],
    ['Nguyen^Van Duc', 'Nguyen Van Duc'],
    ['Smith^John^Q^Dr', 'Smith John Q'],
    ['Yamada^Tarou=山田^太郎', 'Yamada Tarou'],
    ['^', null],
    ['', null],
  ])('PN %j reads %j', (pn, name) => {
    expect(dicomPersonName(pn)).toBe(name);
  });
});

describe('resolveCalibration with a DICOM spacing', () => {
  const dicom: DicomCalibration = { row_spacing_mm: 0.125, column_spacing_mm: 0.1, tag: 'pixel-spacing', magnification: null };
  const ruler = { version: 2 as const, p1: { x: 0, y: 0 }, p2: { x: 70, y: 0 }, length_mm: 10 };

  it('ruler beats DICOM, DICOM beats the default PPM', () => {
    expect(resolveCalibration(ruler, 10, dicom)).toMatchObject({ origin: 'ruler', ppm: 7 });
    expect(resolveCalibration(null, 12, dicom)).toMatchObject({
      origin: 'dicom',
      ppm: 10,
      calibration: { kind: 'calibrated', pxPerMmX: 10, pxPerMmY: 8, source: 'pixel-spacing' },
    });
    expect(resolveCalibration(null, 12, null)).toMatchObject({ origin: 'default-ppm', ppm: 12 });
  });

  it('names the source: Imager Pixel Spacing as is, or corrected by the magnification factor', () => {
    const imager: DicomCalibration = { row_spacing_mm: 0.1, column_spacing_mm: 0.1, tag: 'imager-pixel-spacing', magnification: null };
    expect(resolveCalibration(null, null, imager).calibration).toMatchObject({ source: 'imager-pixel-spacing', pxPerMmX: 10 });
    expect(resolveCalibration(null, null, { ...imager, magnification: 1.1 }).calibration).toMatchObject({ source: 'ermf', pxPerMmX: 10 });
  });
});
