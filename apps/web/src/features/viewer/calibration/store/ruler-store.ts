import type { Vec2 } from '@ceppro/ceph';
import { create } from 'zustand';

/**
 * The two-point ruler being drawn (viewer UI state): `placing` while the user clicks the film's
 * scale, `length` once both points are down and the known length is asked for. Points are in image
 * px of the original upload. The applied ruler lives on the server (`ruler_info`), not here.
 */
export type RulerPhase = 'idle' | 'placing' | 'length';

export interface RulerDraftState {
  phase: RulerPhase;
  p1: Vec2 | null;
  p2: Vec2 | null;
}

export interface RulerDraftActions {
  /** Begins a new ruler (drops any unfinished one). */
  start: () => void;
  /** Adds the next point: the first, then the second (which asks for the length). */
  addPoint: (point: Vec2) => void;
  cancel: () => void;
}

const initial: RulerDraftState = { phase: 'idle', p1: null, p2: null };

export const useRulerStore = create<RulerDraftState & RulerDraftActions>()((set, get) => ({
  ...initial,
  start: () => set({ phase: 'placing', p1: null, p2: null }),
  addPoint: (point) => {
    const { phase, p1 } = get();
    if (phase !== 'placing') return;
    const copy = { x: point.x, y: point.y };
    if (p1 === null) set({ p1: copy });
    else set({ p2: copy, phase: 'length' });
  },
  cancel: () => set(initial),
}));
