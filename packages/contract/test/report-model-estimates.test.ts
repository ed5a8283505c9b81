import { UNCALIBRATED, calibrationFromDefaultPpm, imagePoint } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import { constructedPointsNote, growthChoicePatch, reportLabels, reportLandmarks } from '../src/index';
import { growthForReport } from '../src/report-model/report-growth';
import { film300InferResult, FILM_300_SIZE } from './fixtures/film-300';

/*
 * Issue 28, the printed report: a constructed point that is a population estimate is marked so (and a
 * point built from one, Xi from R1-R4), the film's note names them in the report's language, and the
 * growth forecast carries its drawing over today's tracing when it applies.
 */

const found = { R1: imagePoint(480, 700), R2: imagePoint(360, 700), R3: imagePoint(450, 640), R4: imagePoint(450, 900) };
const withCondyle = {
  ...film300InferResult(),
  landmarks: [...film300InferResult().landmarks, { cname: 24, name: 'Condylion', x: 345, y: 600, confidence: 0.9 }],
};

describe('estimates among the constructed points', () => {
  it('marks the estimated R points and Xi built from them, not the points found on the film', () => {
    const landmarks = reportLandmarks(withCondyle, null, 'en', found, ['R1', 'R2']);
    const flag = (id: string) => landmarks.find((l) => l.id === id);
    expect(flag('R1')).toMatchObject({ constructed: true, estimate: true });
    expect(flag('R2')).toMatchObject({ constructed: true, estimate: true });
    expect(flag('R3')?.constructed).toBe(true);
    expect(flag('R3')?.estimate).toBeUndefined();
    // Xi is the centre of the R1-R4 rectangle: half of it is estimated.
    expect(flag('Xi')).toMatchObject({ constructed: true, estimate: true });
    expect(flag('S')?.estimate).toBeUndefined();
  });

  it('never marks a point the user placed, even when the film search gave an estimate there', () => {
    const edited = { version: 1, landmarks: [{ cname: 150, name: 'R1', x: 470, y: 705 }] };
    const r1 = reportLandmarks(withCondyle, edited, 'en', found, ['R1']).find((l) => l.id === 'R1');
    expect(r1).toMatchObject({ x: 470, y: 705, edited: true });
    expect(r1?.estimate).toBeUndefined();
  });

  it('names the constructed points and the estimates in the report language, nothing when none', () => {
    const landmarks = [
      { label: 'S' },
      { label: 'DC', constructed: true },
      { label: 'R1', constructed: true, estimate: true },
      { label: 'Xi', constructed: true, estimate: true },
    ];
    expect(constructedPointsNote(landmarks, reportLabels('en'))).toEqual([
      'Constructed from other points, not placed by the AI or the user (check them on the film): DC.',
      'Population estimates, not found on this film (check them and place them by hand): R1, Xi.',
    ]);
    expect(constructedPointsNote(landmarks, reportLabels('vi'))?.[1]).toBe(
      'Ước lượng theo quần thể, không tìm thấy trên phim này (hãy kiểm tra và đặt bằng tay): R1, Xi.',
    );
    for (const lang of ['ko', 'ja', 'zh'] as const) {
      const lines = constructedPointsNote(landmarks, reportLabels(lang)) ?? [];
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('R1, Xi');
      expect(lines[1]).not.toContain('Population');
    }
    expect(constructedPointsNote([{ label: 'S' }], reportLabels('en'))).toBeNull();
  });
});

describe('the growth forecast drawing', () => {
  const positions = Object.fromEntries(
    film300InferResult().landmarks.flatMap((l) => {
      const id = { Sella: 'S', Nasion: 'N', 'Anterior nasal spine': 'ANS', Menton: 'Me', Gonion: 'Go' }[l.name];
      return id ? [[id, imagePoint(l.x, l.y)]] : [];
    }),
  );
  const drawingResult = growthChoicePatch({ years: 3, shown: true });
  const calibrated = calibrationFromDefaultPpm(5);

  it('moves the forecast points from today, with their SD in px, and captions the age in the language', () => {
    const growth = growthForReport(drawingResult, positions, calibrated, 10, 'male', reportLabels('en'), FILM_300_SIZE);
    const drawing = growth?.drawing;
    expect(drawing?.filmSize).toEqual(FILM_300_SIZE);
    const me = drawing?.points.find((p) => p.label === 'Me');
    expect(me?.from).toEqual({ x: 646, y: 969 });
    expect(me?.to.y).toBeGreaterThan(969);
    // The SD is in mm in the standards: at 5 px/mm, px = 5 · mm (isotropic).
    expect(me?.sdX).toBeCloseTo(me?.sdY ?? 0, 6);
    expect(drawing?.forecastCaption).toBe('Forecast at age 13 (blue, dashed)');
    expect(drawing?.legend).toContain('children of age 13');
    expect(
      growthForReport(drawingResult, positions, calibrated, 10, 'male', reportLabels('ja'), FILM_300_SIZE)?.drawing?.forecastCaption,
    ).toBe('13歳の予測（青・破線）');
  });

  it('draws nothing on an uncalibrated film, for an adult, or without the film size', () => {
    const labels = reportLabels('en');
    expect(growthForReport(drawingResult, positions, UNCALIBRATED, 10, 'male', labels, FILM_300_SIZE)?.drawing).toBeNull();
    expect(growthForReport(drawingResult, positions, calibrated, 30, 'male', labels, FILM_300_SIZE)?.drawing).toBeNull();
    expect(growthForReport(drawingResult, positions, calibrated, 10, 'male', labels, null)?.drawing).toBeNull();
  });
});
