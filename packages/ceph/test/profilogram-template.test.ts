import { describe, expect, it } from 'vitest';
import {
  bjorkPolygon,
  calibrationFromDefaultPpm,
  computeProfilogramResult,
  imagePoint,
  UNCALIBRATED,
  type ImagePoint,
  type LandmarkMap,
} from '../src/index.ts';

const MEANS = { sn: 71, sar: 32, saddle: 123, articular: 143, argo: 44, gonial: 130, gome: 71 };
const deg = Math.PI / 180;

/** Template points (mm, SN frame, y up) as image px at 10 px/mm, S at (500, 500), face to the right. */
function filmFrom(points: Record<string, { x: number; y: number }>, ppm = 10): LandmarkMap<ImagePoint> {
  const out: LandmarkMap<ImagePoint> = {};
  for (const [id, p] of Object.entries(points)) (out as Record<string, ImagePoint>)[id] = imagePoint(500 + p.x * ppm, 500 - p.y * ppm);
  return out;
}

describe('Björk polygon template (reference §3.6 norms)', () => {
  const t = bjorkPolygon(MEANS);
  it('places Ar, Go, Me by hand-computed sides and turns', () => {
    // Ar = 32·(cos −123°, sin −123°); Go = Ar + 44·(cos −86°, sin −86°); Me = Go + 71·(cos −36°, sin −36°)
    expect(t.Ar.x).toBeCloseTo(-17.428, 2);
    expect(t.Ar.y).toBeCloseTo(-26.837, 2);
    expect(t.Go.x).toBeCloseTo(-14.359, 2);
    expect(t.Go.y).toBeCloseTo(-70.73, 2);
    expect(t.Me.x).toBeCloseTo(43.081, 2);
    expect(t.Me.y).toBeCloseTo(-112.463, 2);
  });
  it('closes as the Björk sum says: SN–GoMe = 396 − 360 = 36°', () => {
    const angle = Math.atan2(-(t.Me.y - t.Go.y), t.Me.x - t.Go.x) / deg;
    expect(angle).toBeCloseTo(36, 6);
  });
});

describe('computeProfilogramResult', () => {
  const cal = calibrationFromDefaultPpm(10);
  const template = bjorkPolygon(MEANS);

  it('a film drawn from the template deviates by nothing', () => {
    const r = computeProfilogramResult(filmFrom(template), cal, { standardLine: 'SN', point: 'S', scale: 100, rotate: 0 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.result.unit).toBe('mm');
    expect(r.result.deviations.map((d) => d.id)).toEqual(['N', 'S', 'Ar', 'Go', 'Me']);
    for (const d of r.result.deviations) {
      expect(Math.abs(d.dx)).toBeLessThan(1e-9);
      expect(Math.abs(d.dy)).toBeLessThan(1e-9);
      expect(d.outside).toBe(false);
    }
    // S is the registration point: no spread. N on the SN line: spread along it is the S–N SD (3 mm).
    const byId = Object.fromEntries(r.result.deviations.map((d) => [d.id, d]));
    expect(byId.S?.rangeX).toBe(0);
    expect(byId.N?.rangeX).toBeCloseTo(3, 9);
    expect(byId.N?.rangeY).toBeCloseTo(0, 9);
  });

  it('a chin 20 mm forward shows dx = +20 at Me and is flagged; scale and rotation change only the drawing', () => {
    const film = filmFrom({ ...template, Me: { x: template.Me.x + 20, y: template.Me.y } });
    const a = computeProfilogramResult(film, cal, { standardLine: 'SN', point: 'S', scale: 100, rotate: 0 });
    const b = computeProfilogramResult(film, cal, { standardLine: 'SN', point: 'S', scale: 150, rotate: 30 });
    if (!a.ok || !b.ok) throw new Error('not computed');
    const me = a.result.deviations.find((d) => d.id === 'Me');
    expect(me?.dx).toBeCloseTo(20, 6);
    expect(me?.dy).toBeCloseTo(0, 6);
    expect(me?.outside).toBe(me !== undefined && me.rangeX < 20);
    expect(b.result.deviations).toEqual(a.result.deviations);
    // Drawn Me: rotate((43.081 + 20, −112.463)·1.5, 30°)
    const x = (template.Me.x + 20) * 1.5;
    const y = template.Me.y * 1.5;
    const drawn = b.result.polylines.find((l) => l.id === 'mandible')?.points.find((p) => p.id === 'Me');
    expect(drawn?.x).toBeCloseTo(x * Math.cos(30 * deg) - y * Math.sin(30 * deg), 6);
    expect(drawn?.y).toBeCloseTo(x * Math.sin(30 * deg) + y * Math.cos(30 * deg), 6);
  });

  it('registering at N moves the origin to N', () => {
    const r = computeProfilogramResult(filmFrom(template), cal, { standardLine: 'SN', point: 'N', scale: 100, rotate: 0 });
    if (!r.ok) throw new Error('not computed');
    const s = r.result.template.find((p) => p.id === 'S');
    expect(s?.x).toBeCloseTo(-71, 9);
    expect(r.result.template.find((p) => p.id === 'N')?.x).toBeCloseTo(0, 9);
  });

  it('uncalibrated: px, template scaled to the patient S–N', () => {
    const r = computeProfilogramResult(filmFrom(template), UNCALIBRATED, { standardLine: 'SN', point: 'S', scale: 100, rotate: 0 });
    if (!r.ok) throw new Error('not computed');
    expect(r.result.unit).toBe('px');
    expect(r.result.template.find((p) => p.id === 'N')?.x).toBeCloseTo(710, 6);
    expect(Math.abs(r.result.deviations.find((d) => d.id === 'Me')?.dx ?? 1)).toBeLessThan(1e-6);
  });

  it('missing S or N: not computed, with the missing ids', () => {
    const r = computeProfilogramResult(filmFrom({ N: template.N }), cal, { standardLine: 'SN', point: 'S', scale: 100, rotate: 0 });
    expect(r).toEqual({ ok: false, missing: ['S'] });
  });
});
