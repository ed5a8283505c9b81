import {
  DEFAULT_AUTOROTATION,
  SURGICAL_SEGMENTS,
  VTO_MOVEMENT_POINTS,
  ZERO_SURGICAL_PLAN,
  type AutorotationChoice,
  type LandmarkId,
  type PlanMode,
  type SurgicalPlan,
  type SurgicalSegmentId,
  type VtoPointKey,
} from '@ceppro/ceph';
import { z } from 'zod';
import { documentMigration } from './document-migration';
import { documentRevisionsField, type DocumentRevisions } from '../graphql/document-revisions';
import { graphOperation } from '../graphql/operation';
import { affineTransformSchema } from '../planning';

/**
 * The analysis record's `vto_sto_config` document (spec: data, autoAlign, point, affectSvgTransform),
 * version 1. Movements are millimetres in the patient frame (horizontal + anterior, vertical +
 * superior); photo and film points are pixels of the original uploads; the photo transform maps
 * facial-photo pixels to film pixels (`x' = a*x + c*y + tx`, `y' = b*x + d*y + ty`, packages/ceph
 * `Affine2`), mirroring already folded in. Readers parse with `readVtoStoConfig` and ignore any other
 * shape.
 */
export const VTO_STO_CONFIG_VERSION = 1;

/** Largest movement accepted per axis, mm: far beyond any orthodontic or surgical plan. */
export const VTO_MAX_MOVEMENT_MM = 30;

const mm = z.number().finite().min(-VTO_MAX_MOVEMENT_MM).max(VTO_MAX_MOVEMENT_MM);
export const vtoMovementSchema = z.object({ horizontal: mm, vertical: mm });

const pointKeys = VTO_MOVEMENT_POINTS.map((p) => p.key) as [VtoPointKey, ...VtoPointKey[]];
export const vtoPointKeySchema = z.enum(pointKeys);

const pointSchema = z.object({ x: z.number().finite(), y: z.number().finite() });

/** Largest segment rotation accepted, degrees. */
export const STO_MAX_ROTATION_DEG = 30;

const segmentMoveSchema = (id: SurgicalSegmentId) => {
  const pivots = (SURGICAL_SEGMENTS.find((s) => s.id === id)?.pivots ?? []) as [LandmarkId, ...LandmarkId[]];
  return z.object({
    horizontal: mm,
    vertical: mm,
    rotation: z.number().finite().min(-STO_MAX_ROTATION_DEG).max(STO_MAX_ROTATION_DEG),
    pivot: z.enum(pivots),
  });
};

/**
 * The surgical set-up (STO; packages/ceph surgical-setup.ts): each segment's move (mm in the patient
 * frame, degrees + counter-clockwise about the pivot landmark) and the chosen soft : hard ratios by
 * packages/ceph `SURGICAL_SOFT_TISSUE_RATIOS` id. Choices only, never predicted points.
 */
export const surgicalSetupSchema = z.object({
  maxilla: segmentMoveSchema('maxilla'),
  mandible: segmentMoveSchema('mandible'),
  chin: segmentMoveSchema('chin'),
  ratios: z.record(z.string().max(32), z.number().finite()),
});

/** Mandibular autorotation (packages/ceph autorotation.ts): on/off, the contact, and a chosen rise in mm (+ closes). */
export const autorotationSchema = z.object({ enabled: z.boolean(), contact: z.enum(['molar', 'incisor']), verticalMm: mm });

export const vtoStoConfigSchema = z.object({
  version: z.literal(VTO_STO_CONFIG_VERSION),
  /** The plan: the nine-row movement table, the spec's flags, the chosen soft-tissue ratios and the preset it came from. */
  data: z.object({
    movements: z.record(vtoPointKeySchema, vtoMovementSchema),
    flags: z.object({
      /** Draw the predicted (post-treatment) profile over the film. */
      treatment: z.boolean(),
      /** Fine morph mesh (slower, smoother photo warp). */
      refinement: z.boolean(),
      /** Show the facial photo morphed with the predicted soft tissue. */
      morph: z.boolean(),
      /** Align the facial photo automatically the first time the tab opens. */
      autoAlign: z.boolean(),
    }),
    /** Chosen soft : hard ratio per packages/ceph `SOFT_TISSUE_RATIO_GROUPS` id (clamped to its range when used). */
    ratios: z.record(z.string().max(32), z.number().finite()),
    preset: z.string().max(40).nullable(),
    /** Orthodontic VTO (the table) or surgical STO (the segments); absent in documents saved before STO: 'vto'. */
    mode: z.enum(['vto', 'sto']).optional(),
    surgery: surgicalSetupSchema.optional(),
    autorotation: autorotationSchema.optional(),
  }),
  /** The photo alignment and how it was found; null until aligned. */
  autoAlign: z
    .object({
      method: z.enum(['auto', 'manual']),
      photo_chart_data_id: z.number().int().positive(),
      transform: affineTransformSchema,
      /** RMS fit error in film pixels (auto: the server's, manual: of the three pairs); null after nudging. */
      residual_px: z.number().finite().min(0).nullable(),
    })
    .nullable(),
  /** The manual three-point alignment's clicked pairs (photo px, film px), in click order. */
  point: z.object({ photo: z.array(pointSchema).max(3), film: z.array(pointSchema).max(3) }).nullable(),
  /** true: the photo overlay follows the film's zoom and pan; false: it stays fitted to the viewport. */
  affectSvgTransform: z.boolean(),
});
export type VtoStoConfig = z.infer<typeof vtoStoConfigSchema>;

/**
 * The measurements shown before and after a plan, on screen and in both reports (packages/ceph
 * catalogue ids): skeletal (SNA, SNB, ANB, FMA), dental (U1–SN, IMPA, interincisal) and soft
 * tissue (lips to E-line, Legan–Burstone lip protrusion, H-angle).
 */
export const VTO_MEASUREMENT_IDS = [
  'SNA',
  'SNB',
  'ANB',
  'FMA',
  'U1_SN',
  'IMPA',
  'INTERINCISAL',
  'UPPER_LIP_E',
  'LOWER_LIP_E',
  'LB_UPPER_LIP',
  'LB_LOWER_LIP',
  'H_ANGLE',
] as const;

/** The STO and autorotation choices of a document's plan, with the defaults for documents saved before they existed. */
export function surgicalChoicesOf(data: VtoStoConfig['data']): {
  mode: PlanMode;
  surgery: SurgicalPlan;
  surgicalRatios: Record<string, number>;
  autorotation: AutorotationChoice;
} {
  const { ratios, ...plan } = data.surgery ?? { ...ZERO_SURGICAL_PLAN, ratios: {} };
  return {
    mode: data.mode ?? 'vto',
    surgery: plan,
    surgicalRatios: { ...ratios },
    autorotation: data.autorotation ?? DEFAULT_AUTOROTATION,
  };
}

/** A stored `vto_sto_config` brought to the current version (none stored: version 1); null for an unknown version or shape. */
export const migrateVtoStoConfig = documentMigration({ current: VTO_STO_CONFIG_VERSION, schema: vtoStoConfigSchema });

/** A stored document as a config, or null for anything else (older versions migrated; unknown shapes ignored, never a crash). */
export function readVtoStoConfig(raw: unknown): VtoStoConfig | null {
  return migrateVtoStoConfig(raw);
}

/** The chart's record id and its VTO/STO document (by the chart's integer id). */
export const vtoStoConfigQuery = graphOperation<
  { chartId: number },
  { analysis_records: { items: Array<{ id: number; vto_sto_config: unknown; document_revisions?: DocumentRevisions | null }> } }
>(
  /* GraphQL */ `
    query VtoStoConfig($chartId: Int!) {
      analysis_records(filter: { chart_id: $chartId }) {
        items {
          id
          vto_sto_config
          document_revisions
        }
      }
    }
  `,
  z.object({
    analysis_records: z.object({
      items: z.array(z.object({ id: z.number().int(), vto_sto_config: z.unknown(), document_revisions: documentRevisionsField })),
    }),
  }),
);

/** Saves the VTO/STO document only (the landmarks' revision is untouched). */
/** `base`: the document's revision as last read or saved (`document_revisions`); another user's save since is CONFLICT. */
export const saveVtoStoConfigMutation = graphOperation<
  { id: number; input: { vto_sto_config: VtoStoConfig }; base?: Record<string, string | null> | null },
  { update_analysis_record: { id: number; updatedAt: string; document_revisions?: DocumentRevisions | null | undefined } }
>(
  /* GraphQL */ `
    mutation SaveVtoStoConfig($id: Int!, $input: AnalysisRecordInput!, $base: JSON) {
      update_analysis_record(id: $id, input: $input, base_documents: $base) {
        id
        updatedAt
        document_revisions
      }
    }
  `,
  z.object({
    update_analysis_record: z.object({ id: z.number().int(), updatedAt: z.string(), document_revisions: documentRevisionsField }),
  }),
);
