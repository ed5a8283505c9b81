import type { ImagePoint } from '@ceppro/ceph';
import type { FreeMeasurement, FreeMeasurementKind } from '@ceppro/contract';
import { create } from 'zustand';

/** Points a measurement of each kind takes: two ends of a distance, arm–vertex–arm of an angle. */
export const POINTS_NEEDED: Record<FreeMeasurementKind, number> = { distance: 2, angle: 3 };

/** The measurement being clicked on the film (viewer UI state); null when none. */
interface MeasureDraftState {
  draft: { kind: FreeMeasurementKind; points: ImagePoint[] } | null;
  /** A measurement just finished on the film, waiting to be stored (the layer stores it). */
  finished: FreeMeasurement | null;
  clearFinished: () => void;
  start: (kind: FreeMeasurementKind) => void;
  /** Adds a point; returns the finished points when this one completed the measurement. */
  add: (point: ImagePoint) => ImagePoint[] | null;
  cancel: () => void;
}

export const useMeasureStore = create<MeasureDraftState>()((set, get) => ({
  draft: null,
  finished: null,
  clearFinished: () => set({ finished: null }),
  start: (kind) => set({ draft: { kind, points: [] } }),
  add(point) {
    const draft = get().draft;
    if (draft === null) return null;
    const points = [...draft.points, point];
    if (points.length < POINTS_NEEDED[draft.kind]) {
      set({ draft: { ...draft, points } });
      return null;
    }
    const id = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `m-${Date.now().toString(36)}-${points.length}`;
    const at = points.map((p) => ({ x: p.x, y: p.y }));
    const finished: FreeMeasurement =
      draft.kind === 'distance'
        ? { id, name: '', kind: 'distance', points: [at[0]!, at[1]!] }
        : { id, name: '', kind: 'angle', points: [at[0]!, at[1]!, at[2]!] };
    set({ draft: null, finished });
    return points;
  },
  cancel: () => set({ draft: null }),
}));
