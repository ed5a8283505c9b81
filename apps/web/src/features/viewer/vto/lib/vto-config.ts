import {
  DEFAULT_AUTOROTATION,
  SOFT_TISSUE_RATIO_GROUPS,
  VTO_MOVEMENT_POINTS,
  ZERO_SURGICAL_PLAN,
  ZERO_VTO_MOVEMENT,
  chosenRatio,
  type AutorotationChoice,
  type PlanMode,
  type SurgicalPlan,
  type VtoMovementTable,
} from '@ceppro/ceph';
import { VTO_MAX_MOVEMENT_MM, VTO_STO_CONFIG_VERSION, surgicalChoicesOf, type VtoStoConfig } from '@ceppro/contract';
import type { ManualAlignment, PhotoAlignment } from '../../store/photo-store.ts';

export type VtoFlags = VtoStoConfig['data']['flags'];

/** What the VTO/STO tab edits (the document's `data`). */
export interface VtoPlan {
  readonly movements: VtoMovementTable;
  readonly flags: VtoFlags;
  readonly ratios: Readonly<Record<string, number>>;
  readonly preset: string | null;
  /** Orthodontic VTO (the table) or surgical STO (the segments). */
  readonly mode: PlanMode;
  readonly surgery: SurgicalPlan;
  /** Chosen surgical soft : hard ratios by packages/ceph `SURGICAL_SOFT_TISSUE_RATIOS` id. */
  readonly surgicalRatios: Readonly<Record<string, number>>;
  readonly autorotation: AutorotationChoice;
}

export const DEFAULT_VTO_FLAGS: VtoFlags = { treatment: true, refinement: false, morph: true, autoAlign: true };

export function defaultRatios(): Record<string, number> {
  return Object.fromEntries(SOFT_TISSUE_RATIO_GROUPS.map((g) => [g.id, g.defaultRatio]));
}

export const DEFAULT_VTO_PLAN: VtoPlan = {
  movements: ZERO_VTO_MOVEMENT,
  flags: DEFAULT_VTO_FLAGS,
  ratios: defaultRatios(),
  preset: null,
  mode: 'vto',
  surgery: ZERO_SURGICAL_PLAN,
  surgicalRatios: {},
  autorotation: DEFAULT_AUTOROTATION,
};

/** A typed movement: clamped to ±VTO_MAX_MOVEMENT_MM and rounded to 0.1 mm; not a number gives 0. */
export function cleanMovement(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Math.min(VTO_MAX_MOVEMENT_MM, Math.max(-VTO_MAX_MOVEMENT_MM, value)) * 10) / 10;
}

/** The photo side of the document, as the photo store holds it. */
export interface VtoPhotoPart {
  readonly alignment: PhotoAlignment | null;
  readonly points: ManualAlignment | null;
  readonly followView: boolean;
}

/** The stored document of a plan and the photo alignment. */
export function toVtoDocument(plan: VtoPlan, photo: VtoPhotoPart): VtoStoConfig {
  return {
    version: VTO_STO_CONFIG_VERSION,
    data: {
      movements: Object.fromEntries(
        VTO_MOVEMENT_POINTS.map((p) => [p.key, { ...plan.movements[p.key] }]),
      ) as VtoStoConfig['data']['movements'],
      flags: { ...plan.flags },
      ratios: Object.fromEntries(SOFT_TISSUE_RATIO_GROUPS.map((g) => [g.id, chosenRatio(g, plan.ratios)])),
      preset: plan.preset,
      mode: plan.mode,
      surgery: {
        maxilla: { ...plan.surgery.maxilla },
        mandible: { ...plan.surgery.mandible },
        chin: { ...plan.surgery.chin },
        ratios: { ...plan.surgicalRatios },
      } as NonNullable<VtoStoConfig['data']['surgery']>,
      autorotation: { ...plan.autorotation },
    },
    autoAlign:
      photo.alignment === null
        ? null
        : {
            method: photo.alignment.method,
            photo_chart_data_id: photo.alignment.chartDataId,
            transform: { ...photo.alignment.transform },
            residual_px: photo.alignment.residualPx,
          },
    point:
      photo.points === null
        ? null
        : { photo: photo.points.photo.map((p) => ({ x: p.x, y: p.y })), film: photo.points.film.map((p) => ({ x: p.x, y: p.y })) },
    affectSvgTransform: photo.followView,
  };
}

/** The plan and photo part of a parsed document (ratios clamped into their ranges). */
export function fromVtoDocument(doc: VtoStoConfig): { plan: VtoPlan; photo: VtoPhotoPart } {
  const ratios = { ...defaultRatios(), ...doc.data.ratios };
  return {
    plan: {
      movements: { ...ZERO_VTO_MOVEMENT, ...doc.data.movements },
      flags: { ...doc.data.flags },
      ratios: Object.fromEntries(SOFT_TISSUE_RATIO_GROUPS.map((g) => [g.id, chosenRatio(g, ratios)])),
      preset: doc.data.preset,
      ...surgicalChoicesOf(doc.data),
    },
    photo: {
      alignment:
        doc.autoAlign === null
          ? null
          : {
              method: doc.autoAlign.method,
              chartDataId: doc.autoAlign.photo_chart_data_id,
              transform: doc.autoAlign.transform,
              residualPx: doc.autoAlign.residual_px,
            },
      points: doc.point,
      followView: doc.affectSvgTransform,
    },
  };
}
