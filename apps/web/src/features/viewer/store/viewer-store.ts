import { DEFAULT_FILM_ADJUSTMENTS, normaliseFilmAdjustments, type FilmAdjustments, type Vec2, type ViewTransform } from '@ceppro/ceph';
import { create } from 'zustand';
import { fitView, zoomAt, type Size } from '../lib/coordinates.ts';
import { clampPan } from '../lib/pan-limits.ts';

/**
 * The viewer's own state (docs/house-rules.md §9): how the image is shown, not what is stored on the server.
 * Spec defaults: transform scale 1 (= fitted), translate 0,0; X-ray, Landmark, Tracing line and
 * Ref. plane displays on; brightness and contrast 100 (percent), gamma 1, no invert or filter (the film's
 * display, packages/ceph `FilmAdjustments`, kept per chart by hooks/use-film-display.ts).
 * One viewer is open at a time; `reset` runs when a chart is opened (spec: route changes reset it).
 */
export interface ViewerDisplay {
  xray: boolean;
  landmarks: boolean;
  tracing: boolean;
  planes: boolean;
  names: boolean;
}

/** The film's display adjustments (packages/ceph `display/film-adjustments.ts`; defaults: as stored). */
export type ViewerFilm = FilmAdjustments;

/**
 * How the film is drawn: `gpu` (WebGL2, every adjustment), `basic` (the 2D canvas where WebGL2 is
 * unavailable or may not read the film: the tone curve as an SVG filter, edges in screen px), or
 * `pending` until the film canvas has tried.
 */
export type FilmRendering = 'pending' | 'gpu' | 'basic';

export interface ViewerState {
  imageSize: Size | null;
  viewportSize: Size;
  view: ViewTransform;
  /** The scale of the fitted view: zoom 100% (spec limits are relative to it). */
  fitScale: number;
  /** true until the user pans or zooms; a fitted view refits when the window resizes. */
  fitted: boolean;
  display: ViewerDisplay;
  film: ViewerFilm;
  filmRendering: FilmRendering;
}

export interface ViewerActions {
  reset: () => void;
  setImageSize: (size: Size | null) => void;
  setViewportSize: (size: Size) => void;
  fit: () => void;
  setView: (view: ViewTransform) => void;
  zoomBy: (factor: number, anchor?: Vec2) => void;
  toggle: (key: keyof ViewerDisplay) => void;
  setDisplay: (display: Partial<ViewerDisplay>) => void;
  /** Changes some adjustments (clamped to their ranges and steps); `setFilm(DEFAULT_FILM_ADJUSTMENTS)` resets them. */
  setFilm: (film: Partial<ViewerFilm>) => void;
  setFilmRendering: (rendering: FilmRendering) => void;
  /** Pans (same zoom) to centre an image point when it is outside the viewport or close to its edge. */
  reveal: (point: Vec2) => void;
}

const initial: ViewerState = {
  imageSize: null,
  viewportSize: { width: 0, height: 0 },
  view: { scale: 1, translateX: 0, translateY: 0 },
  fitScale: 1,
  fitted: true,
  display: { xray: true, landmarks: true, tracing: true, planes: true, names: false },
  film: DEFAULT_FILM_ADJUSTMENTS,
  filmRendering: 'pending',
};

/** Pan/zoom results are clamped so part of the film always stays in view (lib/pan-limits.ts). */
function kept(state: Pick<ViewerState, 'imageSize' | 'viewportSize'>, view: ViewTransform): ViewTransform {
  return state.imageSize ? clampPan(view, state.imageSize, state.viewportSize) : view;
}

function fitted(state: ViewerState): Pick<ViewerState, 'view' | 'fitScale' | 'fitted'> {
  if (state.imageSize === null) return { view: initial.view, fitScale: 1, fitted: true };
  const view = fitView(state.imageSize, state.viewportSize);
  return { view, fitScale: view.scale, fitted: true };
}

export const useViewerStore = create<ViewerState & ViewerActions>()((set, get) => ({
  ...initial,
  reset: () => set((s) => ({ ...initial, display: { ...initial.display }, filmRendering: s.filmRendering })),
  setImageSize: (imageSize) => set((s) => ({ imageSize, ...fitted({ ...s, imageSize }) })),
  setViewportSize: (viewportSize) =>
    set((s) => {
      const next = { ...s, viewportSize };
      const refit = fitted(next);
      // Keep the user's pan/zoom, but the 100% reference follows the window.
      return s.fitted ? { viewportSize, ...refit } : { viewportSize, fitScale: refit.fitScale, view: kept(next, s.view) };
    }),
  fit: () => set((s) => fitted(s)),
  setView: (view) => set((s) => ({ view: kept(s, view), fitted: false })),
  zoomBy: (factor, anchor) => {
    const { view, viewportSize, fitScale } = get();
    const at = anchor ?? { x: viewportSize.width / 2, y: viewportSize.height / 2 };
    set({ view: kept(get(), zoomAt(view, at, factor, fitScale)), fitted: false });
  },
  toggle: (key) => set((s) => ({ display: { ...s.display, [key]: !s.display[key] } })),
  reveal: (point) => {
    const { view, viewportSize } = get();
    const x = point.x * view.scale + view.translateX;
    const y = point.y * view.scale + view.translateY;
    const margin = 48;
    if (x >= margin && y >= margin && x <= viewportSize.width - margin && y <= viewportSize.height - margin) return;
    set({
      view: kept(get(), {
        scale: view.scale,
        translateX: viewportSize.width / 2 - point.x * view.scale,
        translateY: viewportSize.height / 2 - point.y * view.scale,
      }),
      fitted: false,
    });
  },
  setDisplay: (display) => set((s) => ({ display: { ...s.display, ...display } })),
  setFilm: (film) => set((s) => ({ film: normaliseFilmAdjustments(film, s.film) })),
  setFilmRendering: (filmRendering) => set({ filmRendering }),
}));

/** The zoom relative to the fitted view, in whole percent (100 = fitted). */
export function zoomPercent(state: Pick<ViewerState, 'view' | 'fitScale'>): number {
  return Math.round((state.view.scale / state.fitScale) * 100);
}
