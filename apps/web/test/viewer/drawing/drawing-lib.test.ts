import { imagePoint, imageToScreen, screenToImage } from '@ceppro/ceph';
import {
  DRAWING_CONFIG_DEFAULTS,
  drawingSetsPatch,
  filmDrawings,
  readDrawingConfig,
  readDrawingResult,
  type DrawingShape,
} from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import { saveDrawingSets, type DrawingSaveApi } from '../../../src/features/viewer/drawing/lib/drawing-save.ts';
import { segmentDistance, shapeDistance, shapesHit, penStep, textBox } from '../../../src/features/viewer/lib/drawing-shapes.ts';
import { baseWidth, imageWidth, screenWidth, storedWidth } from '../../../src/features/viewer/lib/drawing-stroke.ts';

const style = { color: '#ff0000', opacity: 1, width: 2, scales: true } as const;
const line = (id: string, from: [number, number], to: [number, number]): DrawingShape => ({ ...style, id, tool: 'line', from, to });

describe('eraser hit test (image px)', () => {
  it.each([
    // point, segment, expected distance (hand-computed)
    [[5, 5], [0, 0], [10, 0], 5],
    [[-3, 4], [0, 0], [10, 0], 5],
    [[13, 4], [0, 0], [10, 0], 5],
    [[2, 2], [2, 2], [2, 2], 0],
  ] as const)('distance from %j to segment %j-%j is %d', (p, a, b, d) => {
    expect(segmentDistance(p, a, b)).toBeCloseTo(d, 9);
  });

  it('touches the outline of a rectangle and an ellipse, not their inside', () => {
    const rect: DrawingShape = { ...style, id: 'r', tool: 'rectangle', from: [0, 0], to: [100, 50] };
    const ellipse: DrawingShape = { ...style, id: 'e', tool: 'ellipse', from: [0, 0], to: [100, 50] };
    expect(shapeDistance(rect, [50, 0], 1)).toBe(0);
    expect(shapeDistance(rect, [50, 25], 1)).toBe(25);
    expect(shapeDistance(ellipse, [100, 25], 1)).toBeCloseTo(0, 6);
    expect(shapeDistance(ellipse, [50, 25], 1)).toBeCloseTo(25, 0);
  });

  it('finds a pen stroke through any of its segments and a text inside its box', () => {
    const pen: DrawingShape = { ...style, id: 'p', tool: 'pen', points: [0, 0, 10, 0, 10, 10] };
    expect(shapeDistance(pen, [10, 5], 1)).toBe(0);
    // Text 2 image px wide stroke: font 12 px, "ab" ~ 14.4 px wide, 14.4 px tall.
    const text: DrawingShape = { ...style, id: 't', tool: 'text', at: [100, 100], text: 'ab' };
    expect(textBox(text, 1)).toEqual({ x: 100, y: 100, width: 14.399999999999999, height: 14.399999999999999 });
    expect(shapeDistance(text, [105, 105], 1)).toBe(0);
    expect(shapeDistance(text, [100, 90], 1)).toBe(10);
  });

  it('erases the shapes within reach (radius plus half the stroke) only', () => {
    const shapes = [line('near', [0, 0], [100, 0]), line('far', [0, 40], [100, 40])];
    expect(shapesHit(shapes, [50, 5], 4.5, 1)).toEqual(['near']);
    expect(shapesHit(shapes, [50, 5], 3, 1)).toEqual([]);
    expect(shapesHit(shapes, [50, 20], 25, 1)).toEqual(['near', 'far']);
    // A constant-screen-width stroke of 10 screen px at scale 0.5 is 20 image px wide.
    const thick: DrawingShape = { ...line('thick', [0, 0], [100, 0]), width: 10, scales: false };
    expect(shapesHit([thick], [50, 12], 3, 0.5)).toEqual(['thick']);
  });

  it('drops pen points closer than the minimum step', () => {
    expect(penStep([0, 0], [0.5, 0], 1)).toBeNull();
    expect(penStep([0, 0], [1.234, 0], 1)).toEqual([1.23, 0]);
  });
});

describe('stroke width and coordinates', () => {
  it.each([
    // size, ratio, scaleWithZoom, fitScale -> stored width, scales
    [3, 100, true, 0.5, 6, true],
    [3, 100, false, 0.5, 3, false],
    [4, 50, true, 0.25, 8, true],
    [3, 200, false, 2, 6, false],
  ] as const)('size %d ratio %d scale %s at fit %d stores %d', (size, ratio, scaleWithZoom, fitScale, width, scales) => {
    expect(storedWidth({ size, ratio, scaleWithZoom }, fitScale)).toEqual({ width, scales });
  });

  it('a scaling stroke is constant in image px, a fixed one in screen px', () => {
    expect(baseWidth({ size: 3, ratio: 100 })).toBe(3);
    expect(imageWidth({ width: 6, scales: true }, 2)).toBe(6);
    expect(screenWidth({ width: 6, scales: true }, 2)).toBe(12);
    expect(imageWidth({ width: 3, scales: false }, 0.5)).toBe(6);
    expect(screenWidth({ width: 3, scales: false }, 0.5)).toBe(3);
  });

  it('a point drawn under one view maps to the same image px under every view', () => {
    const drawnUnder = { scale: 0.35, translateX: 120, translateY: -40 };
    const stored = screenToImage({ x: 400, y: 300 }, drawnUnder);
    expect(stored.x).toBeCloseTo((400 - 120) / 0.35, 9);
    expect(stored.y).toBeCloseTo((300 + 40) / 0.35, 9);
    const later = { scale: 1.4, translateX: -900, translateY: -600 };
    const onScreen = imageToScreen(imagePoint(stored.x, stored.y), later);
    expect(screenToImage(onScreen, later).x).toBeCloseTo(stored.x, 9);
    expect(onScreen.x).toBeCloseTo(stored.x * 1.4 - 900, 9);
  });
});

describe('drawing_result documents', () => {
  it("shows an older version's Superimposition-tab set with the film's drawings", () => {
    const a = line('a', [0, 0], [1, 1]);
    const b = line('b', [2, 2], [3, 3]);
    expect(filmDrawings({ coords: [a], superimpositionCoords: [b] })).toEqual([a, b]);
    expect(filmDrawings({ coords: [], superimpositionCoords: [] })).toEqual([]);
  });

  it('reads both sets, skips an unreadable shape and refuses to write over an unknown version', () => {
    const read = readDrawingResult({
      version: 1,
      coords: [line('a', [0, 0], [1, 1]), { tool: 'blob' }],
      superimpositionCoords: [line('b', [2, 2], [3, 3])],
      measurements: [1],
    });
    expect(read.coords.map((s) => s.id)).toEqual(['a']);
    expect(read.superimpositionCoords.map((s) => s.id)).toEqual(['b']);
    expect(read.writable).toBe(true);
    expect(readDrawingResult(null)).toEqual({ coords: [], superimpositionCoords: [], writable: true });
    expect(readDrawingResult({ version: 7, coords: [] }).writable).toBe(false);
    expect(readDrawingResult('junk').coords).toEqual([]);
  });

  it("patches only the pad's keys", () => {
    expect(drawingSetsPatch({ coords: [line('a', [0, 0], [1, 1])], superimpositionCoords: [] })).toEqual({
      version: 1,
      coords: [line('a', [0, 0], [1, 1])],
      superimpositionCoords: [],
    });
  });

  it('reads the pad defaults, falling back to the spec defaults', () => {
    expect(DRAWING_CONFIG_DEFAULTS).toMatchObject({ tool: 'pen', size: 3, opacity: 1, ratio: 100, scaleWithZoom: true });
    expect(readDrawingConfig(null)).toEqual(DRAWING_CONFIG_DEFAULTS);
    expect(readDrawingConfig({ version: 1, tool: 'laser' })).toEqual(DRAWING_CONFIG_DEFAULTS);
    const mine = { ...DRAWING_CONFIG_DEFAULTS, tool: 'line' as const, size: 5 };
    expect(readDrawingConfig(mine)).toEqual(mine);
  });
});

describe("saving drawings (a patch of the pad's keys)", () => {
  const fakeApi = (stored: { revision: number; drawingResult: unknown }) => {
    const writes: Array<Record<string, unknown>> = [];
    const api: DrawingSaveApi = {
      read: async () => ({ ...stored }),
      write: async (_id, patch) => {
        writes.push(patch);
        // what the server does: top-level keys of the patch replace the stored ones, the rest stay
        const base =
          typeof stored.drawingResult === 'object' && stored.drawingResult !== null
            ? (stored.drawingResult as Record<string, unknown>)
            : { version: 1 };
        stored.drawingResult = { ...base, ...patch };
      },
    };
    return { api, writes, stored };
  };

  it("sends only the pad's keys, so the measurements stored beside them are never written back stale", async () => {
    const { api, writes, stored } = fakeApi({ revision: 4, drawingResult: { version: 1, measurements: ['m'] } });
    const outcome = await saveDrawingSets(api, 9, { coords: [line('a', [0, 0], [5, 5])], superimpositionCoords: [] });
    expect(outcome).toBe('saved');
    expect(writes).toEqual([{ version: 1, coords: [line('a', [0, 0], [5, 5])], superimpositionCoords: [] }]);
    expect(stored.drawingResult).toEqual({
      version: 1,
      measurements: ['m'],
      coords: [line('a', [0, 0], [5, 5])],
      superimpositionCoords: [],
    });
  });

  it('answers gone for a record that is not there', async () => {
    const api: DrawingSaveApi = { read: async () => null, write: async () => undefined };
    expect(await saveDrawingSets(api, 9, { coords: [], superimpositionCoords: [] })).toBe('gone');
  });

  it('never writes over a document of an unknown version', async () => {
    const { api, writes } = fakeApi({ revision: 1, drawingResult: { version: 3, coords: 'new' } });
    expect(await saveDrawingSets(api, 9, { coords: [], superimpositionCoords: [] })).toBe('not-writable');
    expect(writes).toEqual([]);
  });
});
