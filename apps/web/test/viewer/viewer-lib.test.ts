import { LANDMARKS, imagePoint, polylinePath, splinePath, type ImagePoint, type LandmarkMap } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import { matchesShortcut } from '../../src/features/viewer/commands.ts';
import { createFrameScheduler } from '../../src/features/viewer/lib/frame-scheduler.ts';
import { hitTestLandmark } from '../../src/features/viewer/lib/hit-test.ts';
import { clipToImage, planeSegments } from '../../src/features/viewer/lib/reference-planes.ts';
import {
  filmReviewThresholdOf,
  landmarksForReview,
  missingLandmarks,
  reviewOf,
  reviewThresholdOf,
} from '../../src/features/viewer/lib/review.ts';
import { tracingPaths } from '../../src/features/viewer/lib/tracing-paths.ts';

const p = (x: number, y: number) => imagePoint(x, y);

describe('tracing paths', () => {
  it('draws straight outlines as polylines and skips missing landmarks', () => {
    const paths = tracingPaths({ Ba: p(0, 10), N: p(100, 0), Po: p(5, 5) });
    expect(paths).toEqual([{ id: 'cranial-base', d: 'M0 10 L100 0', tissue: 'hard' }]);
  });

  it('passes a spline exactly through every landmark', () => {
    const pts = [p(0, 0), p(10, 10), p(20, 0)];
    const d = splinePath(pts);
    expect(d.startsWith('M0 0 C')).toBe(true);
    // Each cubic ends on the next point: the curve goes through the user's landmarks.
    expect(d.match(/ (-?[\d.]+ -?[\d.]+)(?= C|$)/g)?.map((s) => s.trim())).toEqual(['10 10', '20 0']);
    // Evenly spaced (the first end mirrored to (-10,-10)): c1 = p1 + (p2 - p0)/6, as uniform Catmull-Rom.
    expect(d).toContain('C3.3 3.3');
    expect(polylinePath(pts)).toBe('M0 0 L10 10 L20 0');
  });

  it('does not loop past a near landmark after a far one (PNS far from ANS, A close below it)', () => {
    const d = splinePath([p(0, 0), p(100, 0), p(95, 20)]);
    // Second segment ANS -> A: its first control point, by hand, (9500 + 100 * 356.8) / 436.2 = 103.6.
    const second = d.split(' C')[2]?.split(' ').map(Number) ?? [];
    expect(second[0]).toBeCloseTo(103.6, 1);
    expect(second[0]).toBeLessThan(105);
  });
});

describe('reference planes', () => {
  const size = { width: 1000, height: 1000 };

  it('extends a plane by a quarter of its length past both points', () => {
    const sn = planeSegments({ S: p(200, 300), N: p(600, 300) }, size).find((s) => s.id === 'sn');
    expect(sn).toEqual({ id: 'sn', label: 'SN', from: { x: 100, y: 300 }, to: { x: 700, y: 300 } });
  });

  it('clips at the image edge without changing the direction', () => {
    const sn = planeSegments({ S: p(20, 100), N: p(420, 300) }, size).find((s) => s.id === 'sn');
    // Extended start (-80, 50) is outside; the line (slope 1/2 through S) meets x = 0 at y = 90.
    expect(sn?.from.x).toBeCloseTo(0, 9);
    expect(sn?.from.y).toBeCloseTo(90, 9);
    expect(clipToImage({ x: -10, y: -10 }, { x: -5, y: 50 }, size)).toBeNull();
  });

  it('uses the bisected occlusal plane (molar and incisor midpoints), else the functional one', () => {
    const bop = planeSegments({ U6: p(400, 500), L6: p(400, 520), U1: p(600, 500), L1: p(600, 520) }, size).find(
      (s) => s.id === 'occlusal',
    );
    expect(bop?.from).toEqual({ x: 350, y: 510 });
    const fop = planeSegments({ U6: p(400, 500), L6: p(400, 520), UPM: p(500, 500), LPM: p(500, 520) }, size).find(
      (s) => s.id === 'occlusal',
    );
    expect(fop?.to).toEqual({ x: 525, y: 510 });
    expect(planeSegments({ U6: p(400, 500) }, size)).toEqual([]);
  });
});

describe('hit testing', () => {
  const view = { scale: 0.5, translateX: 10, translateY: 20 };
  const positions = { S: p(100, 100), N: p(120, 100) };

  it('finds the nearest marker within the radius, in screen px', () => {
    // S at screen (60, 70), N at (70, 70).
    expect(hitTestLandmark(positions, { x: 61, y: 70 }, view)).toBe('S');
    expect(hitTestLandmark(positions, { x: 68, y: 71 }, view)).toBe('N');
    expect(hitTestLandmark(positions, { x: 60, y: 81 }, view)).toBeNull();
  });
});

describe('shortcuts', () => {
  it.each<[string, { key: string; ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean }, boolean]>([
    ['Mod+Z', { key: 'z', ctrlKey: true }, true],
    ['Mod+Z', { key: 'z', metaKey: true }, true],
    ['Mod+Z', { key: 'Z', ctrlKey: true, shiftKey: true }, false],
    ['Mod+Shift+Z', { key: 'Z', ctrlKey: true, shiftKey: true }, true],
    ['Mod+Y', { key: 'y', ctrlKey: true }, true],
    ['F', { key: 'f' }, true],
    ['F', { key: 'f', ctrlKey: true }, false],
    ['+', { key: '+', shiftKey: true }, true],
    ['R', { key: 'r' }, true],
  ])('%s matches %o: %s', (shortcut, key, expected) => {
    expect(matchesShortcut(shortcut, key)).toBe(expected);
  });
});

describe('review and placement lists', () => {
  it('lists landmarks below the threshold, least sure first; no confidence is not a review', () => {
    const ai = {
      S: { point: p(0, 0), confidence: 0.9, name: 'Sella' },
      Po: { point: p(0, 0), confidence: 0.1, name: 'Porion' },
      Ba: { point: p(0, 0), confidence: 0.25, name: 'Basion' },
      N: { point: p(0, 0), confidence: null, name: 'Nasion' },
    };
    expect(landmarksForReview(ai, 0.3)).toEqual(['Po', 'Ba']);
    expect(landmarksForReview(ai, 0.95)).toEqual(['Po', 'Ba', 'S']);
    expect(landmarksForReview(ai, null)).toEqual([]);
  });

  it('takes the review threshold from the stored result (its model manifest), legacy 1.1.0 results 0.3', () => {
    const base = { version: 1 as const, landmarks: [] };
    expect(reviewThresholdOf({ ...base, model: { id: 'ceph-landmarks-v2', version: '2.0.0', review_threshold: 0.42 } })).toBe(0.42);
    expect(reviewThresholdOf({ ...base, model: { id: 'ceph-landmarks-v1', version: '1.1.0' } })).toBe(0.3);
    expect(reviewThresholdOf({ ...base, model: { id: 'unknown', version: '9' } })).toBeNull();
    expect(reviewThresholdOf(null)).toBeNull();
  });

  it('asks for the whole film instead of a list when the mean confidence is under the film threshold', () => {
    const ai = {
      S: { point: p(0, 0), confidence: 0.9, name: 'Sella' },
      Po: { point: p(0, 0), confidence: 0.2, name: 'Porion' },
      N: { point: p(0, 0), confidence: null, name: 'Nasion' },
    };
    // mean of the known confidences: 0.55
    expect(reviewOf(ai, 0.5, 0.6)).toEqual({ wholeFilm: true, ids: [] });
    expect(reviewOf(ai, 0.5, 0.55)).toEqual({ wholeFilm: false, ids: ['Po'] });
    expect(reviewOf(ai, 0.5, null)).toEqual({ wholeFilm: false, ids: ['Po'] });
    expect(reviewOf({}, 0.5, 0.6)).toEqual({ wholeFilm: false, ids: [] });
    const base = { version: 1 as const, landmarks: [] };
    expect(filmReviewThresholdOf({ ...base, model: { id: 'm', version: '2.1.0', film_review_threshold: 0.61 } })).toBe(0.61);
    expect(filmReviewThresholdOf({ ...base, model: { id: 'm', version: '2.0.0' } })).toBeNull();
  });

  it('offers every unplaced landmark except the derived Xi', () => {
    const all = Object.fromEntries(LANDMARKS.map((l) => [l.id, p(0, 0)])) as LandmarkMap<ImagePoint>;
    delete all.Pm;
    delete all.Xi;
    expect(missingLandmarks(all)).toEqual(['Pm']);
  });
});

describe('frame scheduler', () => {
  it('runs only the last job per key once per frame, and flushes on demand', () => {
    const frames: (() => void)[] = [];
    const scheduler = createFrameScheduler(
      (cb) => frames.push(cb),
      () => undefined,
    );
    const ran: string[] = [];
    scheduler.schedule('drag', () => ran.push('a'));
    scheduler.schedule('drag', () => ran.push('b'));
    scheduler.schedule('hover', () => ran.push('h'));
    expect(frames).toHaveLength(1);
    frames[0]?.();
    expect(ran).toEqual(['b', 'h']);
    scheduler.schedule('drag', () => ran.push('c'));
    scheduler.flush();
    expect(ran).toEqual(['b', 'h', 'c']);
  });
});
