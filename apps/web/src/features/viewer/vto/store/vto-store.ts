import type { VtoFlags, VtoPlan } from '../lib/vto-config.ts';
import { DEFAULT_VTO_PLAN, cleanMovement } from '../lib/vto-config.ts';
import { presetTable } from '../lib/presets.ts';
import type { AutorotationChoice, PlanMode, SegmentMove, SurgicalSegmentId, VtoPointKey } from '@ceppro/ceph';
import { STO_MAX_ROTATION_DEG } from '@ceppro/contract';
import { create } from 'zustand';

export type VtoSaveStatus = 'clean' | 'saving' | 'saved' | 'error';

/**
 * The VTO/STO plan of the open chart (viewer state): the movement table, flags and chosen ratios,
 * which record it belongs to, and UI state (the before/after split). `loadedFor` is the record whose
 * stored document has been read; nothing is saved before that, so a default plan never overwrites a
 * stored one.
 */
interface VtoState {
  plan: VtoPlan;
  loadedFor: number | null;
  /** Position of the before/after split over the photo, 0–1 of its width (0: all predicted). */
  split: number;
  saveStatus: VtoSaveStatus;
  /** Whether the automatic first alignment has been tried in this session. */
  autoAlignTried: boolean;
}

interface VtoActions {
  load: (recordId: number, plan: VtoPlan) => void;
  reset: () => void;
  setMovement: (key: VtoPointKey, axis: 'horizontal' | 'vertical', value: number) => void;
  applyPreset: (id: string) => void;
  clearMovements: () => void;
  setFlag: (flag: keyof VtoFlags, value: boolean) => void;
  setRatio: (group: string, value: number) => void;
  set: (patch: Partial<Pick<VtoState, 'split' | 'saveStatus' | 'autoAlignTried'>>) => void;
  setMode: (mode: PlanMode) => void;
  /** One field of a surgical segment's move (mm and degrees are clamped and rounded to 0.1). */
  setSegment: (segment: SurgicalSegmentId, patch: Partial<SegmentMove>) => void;
  clearSegments: () => void;
  setSurgicalRatio: (id: string, value: number) => void;
  setAutorotation: (patch: Partial<AutorotationChoice>) => void;
}

const cleanRotation = (value: number) =>
  Number.isFinite(value) ? Math.round(Math.min(STO_MAX_ROTATION_DEG, Math.max(-STO_MAX_ROTATION_DEG, value)) * 10) / 10 : 0;

const initial: VtoState = { plan: DEFAULT_VTO_PLAN, loadedFor: null, split: 0.5, saveStatus: 'clean', autoAlignTried: false };

export const useVtoStore = create<VtoState & VtoActions>()((set) => ({
  ...initial,
  load: (recordId, plan) => set({ plan, loadedFor: recordId, saveStatus: 'clean' }),
  reset: () => set(initial),
  setMovement: (key, axis, value) =>
    set((s) => ({
      plan: {
        ...s.plan,
        preset: null,
        movements: { ...s.plan.movements, [key]: { ...s.plan.movements[key], [axis]: cleanMovement(value) } },
      },
    })),
  applyPreset: (id) =>
    set((s) => {
      const table = presetTable(id);
      return table === null ? s : { plan: { ...s.plan, movements: table, preset: id } };
    }),
  clearMovements: () => set((s) => ({ plan: { ...s.plan, movements: DEFAULT_VTO_PLAN.movements, preset: null } })),
  setFlag: (flag, value) => set((s) => ({ plan: { ...s.plan, flags: { ...s.plan.flags, [flag]: value } } })),
  setRatio: (group, value) => set((s) => ({ plan: { ...s.plan, ratios: { ...s.plan.ratios, [group]: value } } })),
  set: (patch) => set(patch),
  setMode: (mode) => set((s) => ({ plan: { ...s.plan, mode } })),
  setSegment: (segment, patch) =>
    set((s) => {
      const now = s.plan.surgery[segment];
      const next: SegmentMove = {
        horizontal: patch.horizontal === undefined ? now.horizontal : cleanMovement(patch.horizontal),
        vertical: patch.vertical === undefined ? now.vertical : cleanMovement(patch.vertical),
        rotation: patch.rotation === undefined ? now.rotation : cleanRotation(patch.rotation),
        pivot: patch.pivot ?? now.pivot,
      };
      return { plan: { ...s.plan, surgery: { ...s.plan.surgery, [segment]: next } } };
    }),
  clearSegments: () => set((s) => ({ plan: { ...s.plan, surgery: DEFAULT_VTO_PLAN.surgery } })),
  setSurgicalRatio: (id, value) =>
    set((s) => ({ plan: { ...s.plan, surgicalRatios: { ...s.plan.surgicalRatios, [id]: Math.round(value * 100) / 100 } } })),
  setAutorotation: (patch) =>
    set((s) => {
      const next = { ...s.plan.autorotation, ...patch };
      return { plan: { ...s.plan, autorotation: { ...next, verticalMm: cleanMovement(next.verticalMm) } } };
    }),
}));
