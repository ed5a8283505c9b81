import { ZERO_VTO_MOVEMENT, fitThinPlateSpline, type Vec2 } from '@ceppro/ceph';
import { readVtoStoConfig, vtoStoConfigSchema } from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import {
  gridMesh,
  inflate,
  partitionTriangles,
  photoWarp,
  triangleAffine,
  warpVertices,
} from '../../../src/features/viewer/vto/lib/morph-mesh.ts';
import { VTO_PRESETS, presetTable } from '../../../src/features/viewer/vto/lib/presets.ts';
import { DEFAULT_VTO_PLAN, cleanMovement, fromVtoDocument, toVtoDocument } from '../../../src/features/viewer/vto/lib/vto-config.ts';
import { createDocumentAutosave } from '../../../src/features/viewer/vto/lib/vto-autosave.ts';

const apply = (t: { a: number; b: number; c: number; d: number; tx: number; ty: number }, p: Vec2) => ({
  x: t.a * p.x + t.c * p.y + t.tx,
  y: t.b * p.x + t.d * p.y + t.ty,
});

describe('morph mesh', () => {
  it('a 3 × 2 grid has 12 vertices and 12 triangles covering the photo', () => {
    const mesh = gridMesh({ width: 300, height: 200 }, 3, 2);
    expect(mesh.vertices).toHaveLength(12);
    expect(mesh.triangles).toHaveLength(12);
    expect(mesh.vertices[0]).toEqual({ x: 0, y: 0 });
    expect(mesh.vertices[11]).toEqual({ x: 300, y: 200 });
    expect(mesh.triangles[0]).toEqual([0, 1, 4]);
    expect(mesh.triangles[1]).toEqual([1, 5, 4]);
  });

  it('triangle affine maps each source vertex onto its destination', () => {
    const src: [Vec2, Vec2, Vec2] = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 0, y: 10 },
    ];
    const dst: [Vec2, Vec2, Vec2] = [
      { x: 5, y: 5 },
      { x: 25, y: 7 },
      { x: 3, y: 15 },
    ];
    const t = triangleAffine(src, dst)!;
    src.forEach((p, i) => {
      expect(apply(t, p).x).toBeCloseTo(dst[i]!.x, 12);
      expect(apply(t, p).y).toBeCloseTo(dst[i]!.y, 12);
    });
    expect(t).toEqual({ a: 2, b: 0.2, c: -0.2, d: 1, tx: 5, ty: 5 });
    expect(
      triangleAffine(
        [
          { x: 0, y: 0 },
          { x: 1, y: 1 },
          { x: 2, y: 2 },
        ],
        dst,
      ),
    ).toBeNull();
  });

  it('splits triangles into still and moved; a local warp moves only the triangles near it', () => {
    const mesh = gridMesh({ width: 100, height: 100 }, 4, 4);
    expect(partitionTriangles(mesh, mesh.vertices).moved).toEqual([]);
    const warped = mesh.vertices.map((p) => (p.x === 100 && p.y === 100 ? { x: 103, y: 100 } : p));
    const { still, moved } = partitionTriangles(mesh, warped);
    expect(moved).toEqual([31]);
    expect(still).toHaveLength(31);
  });

  it('photo warp: film-space TPS through the photo alignment, back to photo px', () => {
    // Film warp: everything moves 4 px right. Photo drawn at half size on the film (photo -> film ×0.5).
    const sources = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 0, y: 100 },
      { x: 100, y: 100 },
    ];
    const tps = fitThinPlateSpline(
      sources,
      sources.map((p) => ({ x: p.x + 4, y: p.y })),
    )!;
    const warp = photoWarp(tps, { a: 0.5, b: 0, c: 0, d: 0.5, tx: 10, ty: 0 })!;
    const q = warp({ x: 60, y: 40 });
    expect(q.x).toBeCloseTo(68, 9);
    expect(q.y).toBeCloseTo(40, 9);
    expect(photoWarp(tps, { a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0 })).toBeNull();
    expect(warpVertices(gridMesh({ width: 10, height: 10 }, 1, 1), warp)[0]!.x).toBeCloseTo(8, 9);
  });

  it('inflates a triangle away from its centroid', () => {
    const t = inflate(
      [
        { x: 0, y: 0 },
        { x: 3, y: 0 },
        { x: 0, y: 3 },
      ],
      1,
    );
    expect(Math.hypot(t[0].x - 0, t[0].y - 0)).toBeCloseTo(1, 12);
    expect(t[0].x).toBeLessThan(0);
  });
});

describe('presets', () => {
  it.each([
    ['mandibularAdvancement', 'Pogonion', 5, 0],
    ['mandibularSetback', 'Pogonion', -5, 0],
    ['incisorRetraction', 'Mx1Crown', -4, 0],
    ['maxillaryImpaction', 'ANS', 0, 4],
  ] as const)('%s moves %s by (%s, %s) mm', (id, row, h, v) => {
    const table = presetTable(id)!;
    expect(table[row]).toEqual({ horizontal: h, vertical: v });
  });
  it('fills every row: rows the preset does not name are zero', () => {
    const table = presetTable('incisorRetraction')!;
    expect(Object.keys(table).sort()).toEqual(Object.keys(ZERO_VTO_MOVEMENT).sort());
    expect(table.Pogonion).toEqual({ horizontal: 0, vertical: 0 });
    expect(presetTable('nope')).toBeNull();
    expect(VTO_PRESETS).toHaveLength(4);
  });
});

describe('stored document', () => {
  const photo = {
    alignment: {
      method: 'manual' as const,
      chartDataId: 7,
      transform: { a: 1.2, b: 0.1, c: -0.1, d: 1.2, tx: 30, ty: -4 },
      residualPx: 2.5,
    },
    points: { photo: [{ x: 1, y: 2 }], film: [] },
    followView: false,
  };

  it('round-trips through the zod schema', () => {
    const plan = {
      ...DEFAULT_VTO_PLAN,
      movements: { ...ZERO_VTO_MOVEMENT, Pogonion: { horizontal: 5, vertical: -1 } },
      ratios: { ...DEFAULT_VTO_PLAN.ratios, chin: 0.95 },
      preset: null,
    };
    const doc = toVtoDocument(plan, photo);
    expect(vtoStoConfigSchema.parse(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
    const back = fromVtoDocument(readVtoStoConfig(doc)!);
    expect(back.plan.movements.Pogonion).toEqual({ horizontal: 5, vertical: -1 });
    expect(back.plan.ratios['chin']).toBe(0.95);
    expect(back.photo).toEqual(photo);
  });

  it('clamps stored ratios into their published range and ignores unknown shapes', () => {
    const doc = toVtoDocument(DEFAULT_VTO_PLAN, photo);
    const wild = { ...doc, data: { ...doc.data, ratios: { chin: 3 } } };
    expect(fromVtoDocument(readVtoStoConfig(wild)!).plan.ratios['chin']).toBe(1.1);
    expect(readVtoStoConfig({ version: 1, rows: [] })).toBeNull();
    expect(readVtoStoConfig({ ...doc, version: 2 })).toBeNull();
    expect(readVtoStoConfig(null)).toBeNull();
    expect(
      readVtoStoConfig({ ...doc, data: { ...doc.data, movements: { ...doc.data.movements, ANS: { horizontal: 99, vertical: 0 } } } }),
    ).toBeNull();
  });

  it('cleans typed movements', () => {
    expect([cleanMovement(2.345), cleanMovement(-40), cleanMovement(Number.NaN), cleanMovement(31)]).toEqual([2.3, -30, 0, 30]);
  });
});

describe('document autosave', () => {
  it('saves after the delay only what differs from the baseline, never two at once, and flushes on demand', async () => {
    let doc = { v: 1 };
    const saved: { v: number }[] = [];
    const timers: (() => void)[] = [];
    const autosave = createDocumentAutosave({
      current: () => doc,
      save: async (d: { v: number }) => {
        saved.push(d);
      },
      onStatus: () => undefined,
      delayMs: 800,
      setTimer: (fn) => timers.push(fn),
      clearTimer: () => undefined,
    });
    autosave.baseline(doc);
    autosave.changed();
    expect(timers).toHaveLength(0);
    doc = { v: 2 };
    autosave.changed();
    expect(timers).toHaveLength(1);
    expect(autosave.pending()).toEqual({ v: 2 });
    timers[0]!();
    await Promise.resolve();
    await Promise.resolve();
    expect(saved).toEqual([{ v: 2 }]);
    doc = { v: 3 };
    await autosave.flush();
    expect(saved).toEqual([{ v: 2 }, { v: 3 }]);
    await autosave.flush();
    expect(saved).toHaveLength(2);
    expect(autosave.pending()).toBeNull();
  });
});
