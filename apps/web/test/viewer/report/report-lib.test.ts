import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawPrintFilm, printFilmSize } from '../../../src/features/viewer/report/lib/print-film.ts';
import { calibrationText, localDay } from '../../../src/features/viewer/report/lib/report-facts.ts';
import { useLandmarkStore } from '../../../src/features/viewer/store/landmark-store.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  useLandmarkStore.getState().load(null);
});

describe('report facts', () => {
  it('dates the report in the local calendar', () => {
    expect(localDay(new Date(2026, 0, 9, 23, 59))).toBe('2026-01-09');
  });

  it('states the calibration the table was measured with', () => {
    expect(calibrationText({ origin: 'ruler', ppm: 9.876 })).toEqual({ key: 'report.calibrationRuler', ppm: '9.88' });
    expect(calibrationText({ origin: 'default-ppm', ppm: 10 })).toEqual({ key: 'report.calibrationDefault', ppm: '10.00' });
    expect(calibrationText({ origin: 'none', ppm: null }).key).toBe('report.calibrationNone');
  });
});

describe('print film', () => {
  it('is at most 2400 px on its long side, never enlarged', () => {
    expect(printFilmSize({ width: 1935, height: 2400 })).toEqual({ width: 1935, height: 2400 });
    expect(printFilmSize({ width: 4800, height: 3870 })).toEqual({ width: 2400, height: 1935 });
    expect(printFilmSize({ width: 968, height: 1200 })).toEqual({ width: 968, height: 1200 });
  });

  it("draws the report model in image px under one scale: the film, the model's tracing, then each landmark", () => {
    const paths: string[] = [];
    vi.stubGlobal(
      'Path2D',
      class {
        constructor(d: string) {
          paths.push(d);
        }
      },
    );
    const calls: string[] = [];
    const ctx = new Proxy({} as Record<string, unknown>, {
      get: (target, key: string) =>
        target[key] ?? ((...args: unknown[]) => calls.push(`${key}(${args.filter((a) => typeof a === 'number').join(',')})`)),
      set: (target, key: string, value: unknown) => {
        target[key] = value;
        return true;
      },
    }) as unknown as CanvasRenderingContext2D;
    // A report model's film part: the server's tracing (Ba–S–N, straight: not a smooth outline) and three landmarks.
    const model = {
      landmarks: [
        { id: 'S' as const, label: 'S', name: 'Sella', x: 100, y: 200, edited: false },
        { id: 'N' as const, label: 'N', name: 'Nasion', x: 700, y: 180, edited: true },
        { id: 'Ba' as const, label: 'Ba', name: 'Basion', x: 50, y: 400, edited: false },
      ],
      film: { size: { width: 4800, height: 3870 }, tracing: [{ id: 'cranial-base', d: 'M50 400 L100 200 L700 180' }], drawings: [] },
    };
    drawPrintFilm(ctx, {} as CanvasImageSource, { width: 4800, height: 3870 }, { width: 2400, height: 1935 }, model);
    expect(calls[0]).toBe('setTransform(0.5,0,0,0.5,0,0)');
    expect(calls[1]).toBe('drawImage(0,0,4800,3870)');
    // The model's tracing path as it is.
    expect(paths).toEqual(['M50 400 L100 200 L700 180']);
    // Each landmark: a marker at its image position (radius 6 output px = 12 image px) and its short name.
    expect(calls).toContain('arc(100,200,12,0,6.283185307179586)');
    expect(calls).toContain('fillText(719.2,165.6)');
    expect(calls.filter((c) => c.startsWith('arc(')).length).toBe(3);
  });
});
