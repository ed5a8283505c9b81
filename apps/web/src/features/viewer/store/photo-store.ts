import type { Affine2, Vec2 } from '@ceppro/ceph';
import { create } from 'zustand';
import type { Size } from '../lib/coordinates.ts';

/**
 * The lateral facial photo in the viewer (viewer state, docs/house-rules.md §9): which photo is loaded, how
 * it is aligned to the film (photo px -> film px) and how it is shown. The VTO/STO feature stores
 * the alignment in the record's `vto_sto_config` and restores it here.
 */
export type PhotoAlignment = {
  readonly method: 'auto' | 'manual';
  readonly chartDataId: number;
  readonly transform: Affine2;
  /** RMS fit error in film px; null once nudged by hand. */
  readonly residualPx: number | null;
};

/** The manual three-point alignment in progress: photo points first, then the film's. */
export interface ManualAlignment {
  readonly photo: readonly Vec2[];
  readonly film: readonly Vec2[];
}

export const MANUAL_POINT_COUNT = 3;

export type AlignMessage = 'notRecognized' | 'noFacialImage' | 'failed' | 'manualFailed' | null;

export interface PhotoState {
  /** The photo's chart data id and its natural size, once loaded. */
  photo: { chartDataId: number; url: string; size: Size } | null;
  alignment: PhotoAlignment | null;
  /** Show the photo instead of the film (same pan and zoom). */
  photoView: boolean;
  /** Blend the aligned photo over the film. */
  overlay: boolean;
  /** Opacity of the blended overlay, 0–1. */
  opacity: number;
  /** true: the overlay follows the film's zoom and pan (stored as `affectSvgTransform`). */
  followView: boolean;
  manual: ManualAlignment | null;
  /** The last pair clicks kept after a manual alignment (stored as `point`). */
  lastPoints: ManualAlignment | null;
  aligning: boolean;
  message: AlignMessage;
  /** Another layer (the VTO/STO morph) draws the photo itself; this layer keeps only the backdrop. */
  covered: boolean;
}

interface PhotoActions {
  reset: () => void;
  setPhoto: (photo: PhotoState['photo']) => void;
  setAlignment: (alignment: PhotoAlignment | null) => void;
  set: (
    patch: Partial<
      Pick<PhotoState, 'photoView' | 'overlay' | 'opacity' | 'followView' | 'aligning' | 'message' | 'lastPoints' | 'covered'>
    >,
  ) => void;
  startManual: () => void;
  /** Adds one click (film px already turned into photo px for the photo step); returns the state after it. */
  addManualPoint: (kind: 'photo' | 'film', point: Vec2) => ManualAlignment | null;
  cancelManual: () => void;
}

const initial: PhotoState = {
  photo: null,
  alignment: null,
  photoView: false,
  overlay: true,
  opacity: 0.5,
  followView: true,
  manual: null,
  lastPoints: null,
  aligning: false,
  message: null,
  covered: false,
};

export const usePhotoStore = create<PhotoState & PhotoActions>()((set, get) => ({
  ...initial,
  reset: () => set(initial),
  setPhoto: (photo) => set({ photo }),
  setAlignment: (alignment) => set({ alignment, message: null }),
  set: (patch) => set(patch),
  startManual: () => set({ manual: { photo: [], film: [] }, photoView: true, message: null }),
  addManualPoint: (kind, point) => {
    const manual = get().manual;
    if (manual === null) return null;
    const next = kind === 'photo' ? { ...manual, photo: [...manual.photo, point] } : { ...manual, film: [...manual.film, point] };
    // Photo points are clicked on the photo view, film points on the film.
    set({ manual: next, photoView: next.photo.length < MANUAL_POINT_COUNT });
    return next;
  },
  cancelManual: () => set({ manual: null, photoView: false }),
}));

/** The alignment if it belongs to the loaded photo (an alignment of a replaced photo is not used). */
export function currentAlignment(state: Pick<PhotoState, 'photo' | 'alignment'>): PhotoAlignment | null {
  return state.photo !== null && state.alignment !== null && state.alignment.chartDataId === state.photo.chartDataId
    ? state.alignment
    : null;
}
