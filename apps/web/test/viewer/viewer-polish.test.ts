import { REFERENCE_PLANE_IDS, readPlaneList, SETTINGS_DEFAULTS, viewerDisplayConfigSchema } from '@ceppro/contract';
import type { ImagePoint, LandmarkId, LandmarkMap } from '@ceppro/ceph';
import { beforeEach, describe, expect, it } from 'vitest';
import { formValuesOf, settingsFormSchema, settingsInputOf } from '../../src/features/settings/lib/settings-form.ts';
import { emptyManage, createGroup, groupNameProblem } from '../../src/features/viewer/lib/custom-groups.ts';
import { clampPan, filmReach } from '../../src/features/viewer/lib/pan-limits.ts';
import { planeSegments, REFERENCE_PLANES } from '../../src/features/viewer/lib/reference-planes.ts';
import { tracingPaths } from '../../src/features/viewer/lib/tracing-paths.ts';
import {
  focusView,
  landmarkTissue,
  outlineTissue,
  tissueAppearance,
  viewerAppearance,
} from '../../src/features/viewer/lib/viewer-appearance.ts';
import { useViewerStore } from '../../src/features/viewer/store/viewer-store.ts';

/** Step 9 item 8: Settings applied in the viewer, pan kept on screen, group name validation. */

const view = (scale: number, translateX: number, translateY: number) => ({ scale, translateX, translateY });
const p = (x: number, y: number) => ({ x, y }) as ImagePoint;

describe('clampPan', () => {
  // Film 1000 x 1000 image px, viewport 800 x 600 CSS px: edge bands min(160, a quarter) = 160 x 150 px.
  const image = { width: 1000, height: 1000 };
  const viewport = { width: 800, height: 600 };
  it.each([
    // scale 0.5: film 500 x 500 on screen; keep max(20% = 100, 80) = 100 px, past the band: reach 260 x 250.
    ['inside: unchanged', view(0.5, 100, 50), view(0.5, 100, 50)],
    ['far right/down: the film reaches 260/250 px in from the right/bottom edge', view(0.5, 5000, 5000), view(0.5, 540, 350)],
    ['far left/up: the film reaches 260/250 px in from the left/top edge', view(0.5, -5000, -5000), view(0.5, -240, -250)],
    // scale 0.1: film 100 x 100; keep max(20, 80) = 80 px past the band: reach 240 x 230.
    ['small film: 80 px past the edge band', view(0.1, -5000, 5000), view(0.1, 140, 370)],
    // scale 4: film 4000 x 4000; keep 800 (20%) but at most the viewport: 800 wide, 600 high.
    ['zoomed in: the whole viewport stays covered', view(4, 1000, -9000), view(4, 0, -3400)],
  ])('%s', (_label, given, expected) => {
    expect(clampPan(given, image, viewport)).toEqual(expected);
  });

  it.each([
    // [film length, room, reach]
    [500, 800, 260], // band 160 + keep 100
    [100, 800, 240], // band 160 + keep 80
    [40, 800, 200], // band 160 + the whole film
    [4000, 800, 800], // the whole room (covered), more than band 160 + 480
    [500, 300, 175], // band 75 (a quarter) + keep 100
    [500, 0, 0],
  ])('a %s px film in a %s px room reaches %s px into it', (length, room, reach) => {
    expect(filmReach(length, room)).toBe(reach);
  });

  it('returns the same object when nothing moves, and any view while a size is unknown', () => {
    const v = view(0.5, 10, 10);
    expect(clampPan(v, image, viewport)).toBe(v);
    const off = view(1, -1e6, 1e6);
    expect(clampPan(off, { width: 0, height: 0 }, viewport)).toBe(off);
  });
});

describe('viewer store keeps the film on screen', () => {
  const store = () => useViewerStore.getState();
  beforeEach(() => store().reset());

  it('clamps a long pan, a zoom at the edge and a window shrink', () => {
    store().setImageSize({ width: 1000, height: 1000 });
    store().setViewportSize({ width: 532, height: 532 }); // fitted: scale 0.5, film 500 px; band 133, reach 233
    store().setView(view(0.5, 99_999, -99_999));
    expect(store().view).toEqual(view(0.5, 532 - 233, 233 - 500));
    store().zoomBy(0.5, { x: 531, y: 0 }); // 50%: film 250 px, keep 80, reach 213
    expect(store().view.translateX).toBeLessThanOrEqual(532 - 213);
    expect(store().view.translateY).toBeGreaterThanOrEqual(213 - 250);
    store().setView(view(0.5, 432, 16));
    store().setViewportSize({ width: 300, height: 300 }); // band 75, keep 100: reach 175
    expect(store().view.translateX).toBe(300 - 175);
  });
});

describe('tissue appearance', () => {
  it('maps Settings colour and size to markers and lines', () => {
    // Standard size 3 (also what a new account stores): the viewer's usual radius 3.5 and 1.5 px lines.
    expect(tissueAppearance(null, null)).toEqual({ color: null, dotRadius: 3.5, lineWidth: 1.5 });
    expect(tissueAppearance('#FFFF00', 3)).toEqual({ color: '#ffff00', dotRadius: 3.5, lineWidth: 1.5 });
    expect(tissueAppearance('#00FF00', 6)).toEqual({ color: '#00ff00', dotRadius: 6.5, lineWidth: 3 });
    expect(tissueAppearance('red; fill: url(x)', 0)).toEqual({ color: null, dotRadius: 1, lineWidth: 0.5 });
  });

  it('counts teeth as hard tissue and the profile as soft', () => {
    expect(landmarkTissue('S')).toBe('hard');
    expect(landmarkTissue('U1')).toBe('hard');
    expect(landmarkTissue('Ls')).toBe('soft');
    expect(outlineTissue(['Stmi', 'Li'] as LandmarkId[])).toBe('soft');
    expect(outlineTissue(['Ls', 'U1'] as LandmarkId[])).toBe('hard');
    const paths = tracingPaths({ Ba: p(0, 10), N: p(100, 0), Li: p(5, 5), Stmi: p(6, 2) });
    expect(paths.map((x) => [x.id, x.tissue])).toEqual([
      ['cranial-base', 'hard'],
      ['soft-lower-profile', 'soft'],
    ]);
  });

  it('reads the display config: plane list, auto zoom, defaults when never saved', () => {
    const config = viewerDisplayConfigSchema.parse({
      ...SETTINGS_DEFAULTS,
      plane_list: { version: 1, planes: ['sn', 'fh'] },
      auto_zoom_NY: true,
      soft_tissue_color: '#123456',
      soft_tissue_size: 10,
    });
    const look = viewerAppearance(config);
    expect([...(look.planes ?? [])]).toEqual(['sn', 'fh']);
    expect(look.autoZoom).toBe(true);
    expect(look.soft).toEqual({ color: '#123456', dotRadius: 10.5, lineWidth: 5 });
    expect(viewerAppearance(null)).toEqual({
      hard: tissueAppearance(null, null),
      soft: tissueAppearance(null, null),
      planes: null,
      hiddenLandmarks: new Set(),
      autoZoom: false,
    });
  });
});

describe('plane list', () => {
  const positions: LandmarkMap<ImagePoint> = { S: p(100, 100), N: p(400, 90), Po: p(60, 200), Or: p(380, 210) };
  const size = { width: 1000, height: 1000 };

  it('draws only the chosen planes; no list draws all', () => {
    expect(planeSegments(positions, size).map((s) => s.id)).toEqual(['sn', 'fh']);
    expect(planeSegments(positions, size, new Set(['fh'])).map((s) => s.id)).toEqual(['fh']);
    expect(planeSegments(positions, size, new Set())).toEqual([]);
  });

  it('uses the ids the stored document allows, and ignores unknown documents', () => {
    expect(REFERENCE_PLANES.map((x) => x.id)).toEqual([...REFERENCE_PLANE_IDS]);
    expect(readPlaneList({ version: 1, planes: ['mandibular'] })).toEqual({ version: 1, planes: ['mandibular'] });
    expect(readPlaneList({ version: 2, planes: ['sn'] })).toBeNull();
    expect(readPlaneList({ version: 1, planes: ['nope'] })).toBeNull();
    expect(readPlaneList('sn,fh')).toBeNull();
  });

  it('Settings sends the ticked planes, in the viewer order, only when changed', () => {
    const base = formValuesOf(SETTINGS_DEFAULTS);
    expect(base.planes).toEqual([...REFERENCE_PLANE_IDS]);
    const values = settingsFormSchema.parse({ ...base, planes: ['e-line', 'sn'] });
    expect(settingsInputOf(values, { planes: [false, true] })).toEqual({ plane_list: { version: 1, planes: ['sn', 'e-line'] } });
    expect(settingsInputOf(values, { planes: [false, false] })).toEqual({});
  });
});

describe('auto zoom-in', () => {
  it('centres the landmark at 250% of the fitted view, keeping a closer zoom', () => {
    const viewport = { width: 800, height: 600 };
    expect(focusView(p(100, 200), view(0.5, 0, 0), viewport, 0.5)).toEqual(view(1.25, 400 - 125, 300 - 250));
    expect(focusView(p(100, 200), view(2, 0, 0), viewport, 0.5)).toEqual(view(2, 200, -100));
  });
});

describe('custom group name', () => {
  it('refuses a blank or taken name before anything is created', () => {
    const manage = emptyManage();
    expect(groupNameProblem(manage, '')).toBe('nameRequired');
    expect(groupNameProblem(manage, '   ')).toBe('nameRequired');
    expect(groupNameProblem(manage, 'Mine')).toBeNull();
    const created = createGroup(manage, 'Mine');
    expect(created.ok).toBe(true);
    if (created.ok) expect(groupNameProblem(created.value, ' Mine ')).toBe('nameTaken');
  });
});
