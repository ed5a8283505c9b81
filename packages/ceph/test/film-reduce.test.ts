import { describe, expect, it } from 'vitest';
import {
  FILM_TRACING_SIDE,
  findRamusPoints,
  gradientMagnitude,
  readFilm,
  reduceFilm,
  reducedFilmSize,
  traceFilmContours,
  type DecodedFilm,
  type LandmarkMap,
  type Vec2,
} from '../src/index.ts';

/*
 * contours/film-reduce.ts: the one reduction the viewer's worker and the report's tracing both trace
 * (issue 28: the same R1-R4 in the viewer and in print). Hand-computed blocks and sizes; a film handed in
 * as one grey channel or as RGBA (the browser's canvas) reads the same.
 */

describe('reducedFilmSize', () => {
  it.each([
    [
      { width: 1935, height: 2400 },
      { width: 361, height: 448 },
    ], // 1935 · 448/2400 = 361.2
    [
      { width: 968, height: 1200 },
      { width: 361, height: 448 },
    ], // 968 · 0.37333 = 361.4
    [
      { width: 2400, height: 1935 },
      { width: 448, height: 361 },
    ],
    [
      { width: 300, height: 200 },
      { width: 300, height: 200 },
    ], // never enlarged
    [
      { width: 4000, height: 3 },
      { width: 448, height: 1 },
    ], // at least 1 px
  ])('%o -> %o', (space, size) => {
    expect(reducedFilmSize(space)).toEqual(size);
  });
  it('uses the viewer and report side, 448 px', () => {
    expect(FILM_TRACING_SIDE).toBe(448);
  });
});

describe('reduceFilm', () => {
  // 4 x 2 grey film: [10 20 30 40 / 50 60 70 80].
  const grey: DecodedFilm = { width: 4, height: 2, channels: 1, data: [10, 20, 30, 40, 50, 60, 70, 80] };

  it('averages each 2 x 2 block', () => {
    // (10+20+50+60)/4 = 35, (30+40+70+80)/4 = 55.
    expect(Array.from(reduceFilm(grey, { width: 2, height: 1 }).data)).toEqual([35, 55]);
  });

  it('averages uneven blocks by floor(x·W/w) .. floor((x+1)·W/w)', () => {
    // Columns 0 | 1 | 2-3 of 4 into 3: blocks [0,1), [1,2), [2,4); one row of the two averaged.
    // (10+50)/2 = 30, (20+60)/2 = 40, (30+40+70+80)/4 = 55.
    expect(Array.from(reduceFilm(grey, { width: 3, height: 1 }).data)).toEqual([30, 40, 55]);
  });

  it('reads R = G = B as that value and other colours as Rec. 601 luma, ignoring alpha', () => {
    const rgba: DecodedFilm = { width: 2, height: 1, channels: 4, data: [90, 90, 90, 255, 100, 200, 50, 0] };
    // 0.299·100 + 0.587·200 + 0.114·50 = 153.0
    expect(Array.from(reduceFilm(rgba, { width: 2, height: 1 }).data)).toEqual([90, 153]);
  });

  it('repeats pixels when the target is larger than the film', () => {
    const one: DecodedFilm = { width: 1, height: 1, channels: 1, data: [7] };
    expect(Array.from(reduceFilm(one, { width: 2, height: 2 }).data)).toEqual([7, 7, 7, 7]);
  });
});

describe('readFilm', () => {
  // A 600 x 600 ramus (bright bone on dark), landmarks as ramus-points.test.ts scaled by 3.
  const W = 600;
  const anterior = (y: number) => 375 + 0.0033 * (y - 300) ** 2;
  const top = (x: number) => Math.max(120, 225 - 0.01 * (x - 300) ** 2);
  const isBone = (x: number, y: number) =>
    x >= 180 && y <= 480 && ((y >= 420 && x <= 570) || (x <= anterior(y) && y >= top(x)) || (x <= 225 && y >= 120));
  const greyData = new Uint8Array(W * W);
  const rgbaData = new Uint8Array(W * W * 4);
  for (let y = 0; y < W; y++)
    for (let x = 0; x < W; x++) {
      const v = isBone(x, y) ? 200 : 60;
      greyData[y * W + x] = v;
      rgbaData.set([v, v, v, 255], (y * W + x) * 4);
    }
  const positions: LandmarkMap<Vec2> = {
    Ar: { x: 180, y: 150 },
    Go: { x: 180, y: 480 },
    Co: { x: 195, y: 120 },
    Me: { x: 570, y: 480 },
    Po: { x: 60, y: 60 },
    Or: { x: 540, y: 60 },
  };
  const space = { width: W, height: W };

  it('gives the same contours and R1-R4 for one grey channel and for RGBA', () => {
    const fromGrey = readFilm({ width: W, height: W, channels: 1, data: greyData }, space, positions);
    const fromRgba = readFilm({ width: W, height: W, channels: 4, data: rgbaData }, space, positions);
    expect(fromRgba).toEqual(fromGrey);
    expect(fromGrey.ramus?.source.R1).toBe('image');
  }, 60_000);

  it('is traceFilmContours and findRamusPoints on the reduced film, in px of the space', () => {
    const reduced = reduceFilm({ width: W, height: W, channels: 1, data: greyData }, reducedFilmSize(space));
    expect(reduced.width).toBe(448);
    const scale = 448 / W;
    const grad = gradientMagnitude(reduced);
    expect(readFilm({ width: W, height: W, channels: 1, data: greyData }, space, positions)).toEqual({
      contours: traceFilmContours(reduced, positions, scale, grad),
      ramus: findRamusPoints(reduced, positions, scale, grad),
    });
  }, 60_000);
});
