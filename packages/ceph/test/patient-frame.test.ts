import { describe, expect, it } from 'vitest';
import {
  UNCALIBRATED,
  applyAffine,
  calibrationFromPixelSpacing,
  detectFacing,
  imagePoint,
  imageToPatient,
  makePatientFrame,
  patientFrameAffine,
  patientPoint,
  patientToImage,
} from '../src/index.ts';

describe('facing detection (reference §5.1)', () => {
  it.each([
    [{ S: imagePoint(100, 100), N: imagePoint(200, 90) }, 1, 'S-N'],
    [{ S: imagePoint(200, 100), N: imagePoint(100, 90) }, -1, 'S-N'],
    [{ Go: imagePoint(300, 100), Pog: imagePoint(100, 90) }, -1, 'Go-Pog'],
    [{ S: imagePoint(100, 100), N: imagePoint(100, 50), Po: imagePoint(10, 0), Prn: imagePoint(90, 0) }, 1, 'Po-Prn'],
    [{}, 1, 'default'],
  ])('%o → %s via %s', (lm, facing, source) => {
    expect(detectFacing(lm)).toEqual({ facing, source });
  });
});

describe('patient frame (reference §5.2)', () => {
  const cal = calibrationFromPixelSpacing(0.2, 0.1); // rows 0.2 mm, columns 0.1 mm
  it('right-facing: x anterior = image right, y superior = image up, per-axis mm', () => {
    const f = makePatientFrame({ S: imagePoint(0, 0), N: imagePoint(10, 0) }, cal, imagePoint(100, 200));
    expect(imageToPatient(f, imagePoint(110, 190))).toEqual({ x: 1, y: 2 });
    expect(f.unit).toBe('mm');
  });
  it('left-facing films are mirrored so anterior stays +x', () => {
    const f = makePatientFrame({ S: imagePoint(10, 0), N: imagePoint(0, 0) }, cal, imagePoint(100, 200));
    expect(imageToPatient(f, imagePoint(90, 190))).toEqual({ x: 1, y: 2 });
  });
  it('uncalibrated frames are in px', () => {
    const f = makePatientFrame({}, UNCALIBRATED);
    expect(f.unit).toBe('px');
    expect(imageToPatient(f, imagePoint(3, 4))).toEqual({ x: 3, y: -4 });
  });
  it.each([1, -1])('image → patient → image round trip (facing %s), and the affine form agrees', (facing) => {
    const lm = facing === 1 ? { S: imagePoint(0, 0), N: imagePoint(5, 0) } : { S: imagePoint(5, 0), N: imagePoint(0, 0) };
    const f = makePatientFrame(lm, cal, imagePoint(12.5, -3));
    for (const [x, y] of [
      [0, 0],
      [123.25, 456.5],
      [-7, 9.75],
    ] as const) {
      const p = imagePoint(x, y);
      const q = imageToPatient(f, p);
      const back = patientToImage(f, q);
      expect(back.x).toBeCloseTo(x, 10);
      expect(back.y).toBeCloseTo(y, 10);
      const viaAffine = applyAffine(patientFrameAffine(f), p);
      expect(viaAffine.x).toBeCloseTo(q.x, 10);
      expect(viaAffine.y).toBeCloseTo(q.y, 10);
    }
    expect(patientToImage(f, patientPoint(0, 0))).toEqual({ x: 12.5, y: -3 });
  });
});
