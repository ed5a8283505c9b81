import { describe, expect, it } from 'vitest';
import {
  ADAPTATION_RULES,
  EMPTY_PROFILE,
  NOMINAL_SN_MM,
  applyProfile,
  buildProfile,
  fromSkullOffset,
  learnFromFilm,
  shiftInMm,
  skullFrame,
  toSkullOffset,
  type FilmCorrection,
  type LandmarkId,
  type LandmarkMap,
  type Vec2,
} from '../src/index.ts';

const close = (a: number, b: number, digits = 9) => expect(a).toBeCloseTo(b, digits);

describe('skull frame (hand-computed)', () => {
  it.each([
    // S, N, displacement (image px), expected (u anterior, v inferior) in S-N units
    ['right-facing, level', { x: 0, y: 0 }, { x: 100, y: 0 }, { x: 10, y: 20 }, { u: 0.1, v: 0.2 }],
    ['left-facing, level: anterior is -x, inferior still +y', { x: 0, y: 0 }, { x: -100, y: 0 }, { x: -10, y: 20 }, { u: 0.1, v: 0.2 }],
    ['right-facing, S-N turned 90° (N below S)', { x: 0, y: 0 }, { x: 0, y: 50 }, { x: 0, y: 5 }, { u: 0.1, v: 0 }],
    [
      'right-facing, 3-4-5 tilt',
      { x: 10, y: 10 },
      { x: 50, y: 40 },
      { x: 3, y: 4 },
      { u: (3 * 0.8 + 4 * 0.6) / 50, v: (-3 * 0.6 + 4 * 0.8) / 50 },
    ],
  ])('%s', (_name, s, n, d, expected) => {
    const f = skullFrame(s, n)!;
    const o = toSkullOffset(f, d);
    close(o.u, expected.u);
    close(o.v, expected.v);
    const back = fromSkullOffset(f, o);
    close(back.x, d.x);
    close(back.y, d.y);
  });

  it('has no frame when S and N coincide', () => {
    expect(skullFrame({ x: 5, y: 5 }, { x: 5, y: 5 })).toBeNull();
  });

  it('the same anatomical shift on a film and its mirror image is the same offset', () => {
    const f = skullFrame({ x: 300, y: 200 }, { x: 400, y: 190 })!;
    const m = skullFrame({ x: 700, y: 200 }, { x: 600, y: 190 })!; // mirrored about x = 500
    const a = toSkullOffset(f, { x: -7, y: 3 });
    const b = toSkullOffset(m, { x: 7, y: 3 });
    close(a.u, b.u);
    close(a.v, b.v);
  });
});

/** A right-facing film: S at (100, 100), N 200 px in front; Po behind and below S. */
function film(shift = { x: 0, y: 0 }, scale = 1): LandmarkMap<Vec2> {
  const base: Record<string, Vec2> = {
    S: { x: 100, y: 100 },
    N: { x: 300, y: 100 },
    Po: { x: 40, y: 140 },
    Me: { x: 260, y: 380 },
    B: { x: 280, y: 320 },
    Go: { x: 90, y: 300 },
  };
  return Object.fromEntries(
    Object.entries(base).map(([k, p]) => [k, { x: p.x * scale + shift.x, y: p.y * scale + shift.y }]),
  ) as LandmarkMap<Vec2>;
}

describe('learnFromFilm', () => {
  it('learns each moved landmark as edited - raw in S-N units', () => {
    const raw = film();
    const edited = { ...raw, Po: { x: 30, y: 120 } }; // 10 px posterior, 20 px superior on a 200 px S-N
    const out = learnFromFilm(raw, raw, edited, 70);
    expect(out.status).toBe('learned');
    if (out.status !== 'learned') return;
    expect(out.corrected).toBe(1);
    expect(Object.keys(out.correction.offsets)).toEqual(['Po']);
    close(out.correction.offsets.Po!.u, -0.05);
    close(out.correction.offsets.Po!.v, -0.1);
    expect(out.correction.snMm).toBe(70);
  });

  it('a film whose points were not moved teaches nothing', () => {
    const raw = film();
    expect(learnFromFilm(raw, raw, { ...raw })).toEqual({ status: 'ignored', reason: 'no-corrections' });
    // moved less than movedMin (0.25 mm of a 71 mm S-N is 0.7 px here)
    expect(learnFromFilm(raw, raw, { ...raw, Po: { x: 40.5, y: 140 } })).toEqual({ status: 'ignored', reason: 'no-corrections' });
  });

  it('measures "moved" from the shown (adapted) point but learns from the raw one', () => {
    const raw = film();
    const shown = { ...raw, Po: { x: 30, y: 120 } };
    expect(learnFromFilm(raw, shown, { ...shown }).status).toBe('ignored');
    const out = learnFromFilm(raw, shown, { ...shown, Po: { x: 28, y: 120 } });
    if (out.status !== 'learned') throw new Error(out.reason);
    close(out.correction.offsets.Po!.u, -0.06);
  });

  it.each([
    ['shifted', film({ x: 30, y: -20 })],
    ['scaled', film({ x: 0, y: 0 }, 1.2)],
  ])('a film whose every point moved together (%s) is not learned from', (_n, edited) => {
    expect(learnFromFilm(film(), film(), edited)).toEqual({ status: 'ignored', reason: 'whole-film' });
  });

  it('cuts a correction longer than the clip (a mis-click) to the clip', () => {
    const raw = film();
    const out = learnFromFilm(raw, raw, { ...raw, Po: { x: 40 - 400, y: 140 } });
    if (out.status !== 'learned') throw new Error(out.reason);
    close(Math.hypot(out.correction.offsets.Po!.u, out.correction.offsets.Po!.v), ADAPTATION_RULES.clip);
  });

  it('needs Sella and Nasion of the raw points', () => {
    const { S: _s, ...raw } = film();
    expect(learnFromFilm(raw, raw, { ...raw, Po: { x: 0, y: 0 } })).toEqual({ status: 'ignored', reason: 'no-frame' });
  });
});

const corr = (offsets: Record<string, { u: number; v: number }>, snMm: number | null = null): FilmCorrection => ({
  offsets: offsets as LandmarkMap<{ u: number; v: number }>,
  snMm,
});

describe('buildProfile', () => {
  it('one film moves a landmark at most half way', () => {
    const p = buildProfile([corr({ Po: { u: -0.06, v: 0 } })]);
    // n = 1 < 3: film SD 2 mm against prior SD 2.5 mm -> k = max(1, 0.64) = 1 -> weight 1/2
    close(p.landmarks.Po!.u, -0.03);
    expect(p.landmarks.Po!.films).toBe(1);
    expect(p.films).toBe(1);
  });

  it('ten consistent films: the Huber centre, shrunk by n / (n + k) with k = max(1, (floor / prior)^2)', () => {
    const p = buildProfile(Array.from({ length: 10 }, () => corr({ Po: { u: -0.05, v: -0.03 } })));
    // spread 0 -> floored at 0.8 mm; (0.8 / 2.5)^2 = 0.1024 < 1 -> k = 1 -> weight 10/11
    close(p.landmarks.Po!.u, (-0.05 * 10) / 11);
    close(p.landmarks.Po!.v, (-0.03 * 10) / 11);
  });

  it('one odd film among ten barely moves it', () => {
    const nine = Array.from({ length: 9 }, (_, i) => corr({ B: { u: 0, v: -0.03 + (i % 3) * 0.001 } }));
    const calm = buildProfile(nine);
    const odd = buildProfile([corr({ B: { u: 0.2, v: 0.2 } }), ...nine]);
    const moved = Math.hypot(odd.landmarks.B!.u - calm.landmarks.B!.u, odd.landmarks.B!.v - calm.landmarks.B!.v);
    expect(moved * NOMINAL_SN_MM).toBeLessThan(0.35); // a plain mean would move it by 2 mm
  });

  it('a landmark the clinic never corrects stays untouched', () => {
    const p = buildProfile([corr({ Po: { u: -0.05, v: 0 } }), corr({ Po: { u: -0.05, v: 0 } })]);
    expect(Object.keys(p.landmarks)).toEqual(['Po']);
  });

  it('only the newest maxFilms films count', () => {
    const old = Array.from({ length: ADAPTATION_RULES.maxFilms }, () => corr({ Po: { u: 0.05, v: 0 } }));
    const p = buildProfile([corr({ Me: { u: 0.01, v: 0 } }), ...old]);
    expect(p.films).toBe(ADAPTATION_RULES.maxFilms);
    expect(p.landmarks.Po!.films).toBe(ADAPTATION_RULES.maxFilms - 1);
  });

  it('keeps the median S-N of the calibrated films for display', () => {
    const p = buildProfile([
      corr({ Po: { u: 0, v: 0.01 } }, 68),
      corr({ Po: { u: 0, v: 0.01 } }, null),
      corr({ Po: { u: 0, v: 0.01 } }, 74),
    ]);
    expect(p.snMm).toBe(71);
    expect(buildProfile([corr({ Po: { u: 0, v: 0.01 } })]).snMm).toBeNull();
  });
});

describe('applyProfile', () => {
  it("adds each learned shift in the film's own S-N frame, and leaves the rest alone", () => {
    const profile = { ...EMPTY_PROFILE, films: 3, landmarks: { Po: { u: -0.05, v: -0.1, films: 3, spread: 0 } } };
    // a left-facing film with S-N of 100 px: anterior is -x
    const raw: LandmarkMap<Vec2> = { S: { x: 500, y: 100 }, N: { x: 400, y: 100 }, Po: { x: 560, y: 140 }, Me: { x: 420, y: 380 } };
    const out = applyProfile(profile, raw);
    close(out.Po!.point.x, 565); // 5 px posterior = +x on a left-facing film
    close(out.Po!.point.y, 130); // 10 px superior
    expect(out.Po!.shift).toBeDefined();
    expect(out.Me).toEqual({ point: { x: 420, y: 380 } });
    expect(out.S!.shift).toBeUndefined();
  });

  it('changes nothing without Sella and Nasion or with an empty profile', () => {
    const raw: LandmarkMap<Vec2> = { Po: { x: 1, y: 2 } };
    const profile = { ...EMPTY_PROFILE, landmarks: { Po: { u: 0.1, v: 0, films: 5, spread: 0 } } };
    expect(applyProfile(profile, raw)).toEqual({ Po: { point: { x: 1, y: 2 } } });
    expect(applyProfile(EMPTY_PROFILE, film()).Po).toEqual({ point: { x: 40, y: 140 } });
  });

  it('maps other keys through idOf (model output names)', () => {
    const profile = { ...EMPTY_PROFILE, landmarks: { Po: { u: 0.1, v: 0, films: 5, spread: 0 } } };
    const ids: Record<string, LandmarkId> = { Sella: 'S', Nasion: 'N', Porion: 'Po' };
    const out = applyProfile(
      profile,
      { Sella: { x: 0, y: 0 }, Nasion: { x: 100, y: 0 }, Porion: { x: -50, y: 40 } },
      (k) => ids[k] ?? null,
    );
    close(out.Porion!.point.x, -40);
  });

  it('learn -> build -> apply recovers a constant convention shift on new films', () => {
    const films = Array.from({ length: 12 }, (_, i) => film({ x: i * 7, y: -i * 3 }, 1 + i * 0.02));
    const corrections = films.map((f) => {
      const fr = skullFrame(f.S!, f.N!)!;
      const d = fromSkullOffset(fr, { u: -0.04, v: -0.03 });
      const out = learnFromFilm(f, f, { ...f, Po: { x: f.Po!.x + d.x, y: f.Po!.y + d.y } });
      if (out.status !== 'learned') throw new Error(out.reason);
      return out.correction;
    });
    const profile = buildProfile(corrections.reverse());
    const next = film({ x: 40, y: 10 }, 1.3);
    const adapted = applyProfile(profile, next).Po!.point;
    const fr = skullFrame(next.S!, next.N!)!;
    const got = toSkullOffset(fr, { x: adapted.x - next.Po!.x, y: adapted.y - next.Po!.y });
    close(got.u, (-0.04 * 12) / 13, 6);
    close(got.v, (-0.03 * 12) / 13, 6);
  });
});

describe('shiftInMm', () => {
  it.each([
    [null, { u: 0.1, v: -0.05 }, { anterior: 7.1, inferior: -3.55 }],
    [60, { u: -0.05, v: 0 }, { anterior: -3, inferior: 0 }],
  ])('S-N %s mm', (snMm, shift, expected) => {
    const out = shiftInMm({ ...EMPTY_PROFILE, snMm }, shift);
    close(out.anterior, expected.anterior);
    close(out.inferior, expected.inferior);
    close(out.length, Math.hypot(expected.anterior, expected.inferior));
  });
});
