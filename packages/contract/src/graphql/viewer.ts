import { z } from 'zod';
import { imgSizeSchema, inferResultSchema, modifiedResultSchema } from '../analysis-record';
import { imageTypeCdSchema } from '../image-type';
import { planeListFieldSchema } from '../viewer-documents/plane-list';
import { landmarkListFieldSchema } from '../viewer-documents/landmark-list';
import { graphOperation } from './operation';

/**
 * The viewer's GraphQL operations (`/viewer/{uuid}`): the chart with its patient and images, and
 * the chart's analysis record (AI landmarks, the user's adjustments, the image size).
 */

export const viewerChartSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  chart_id: z.string(),
  createdAt: z.string(),
  patient: z.object({
    id: z.number().int(),
    patient_id: z.string(),
    first_name: z.string(),
    birth_info: z.string(),
    gender: z.boolean(),
  }),
  chart_data: z.array(z.object({ id: z.number().int(), image_type_cd: imageTypeCdSchema, shoot_date: z.string().nullable() })),
  analysis_record_id: z.number().int().nullable(),
});
export type ViewerChart = z.infer<typeof viewerChartSchema>;

/**
 * The selections the viewer's queries share (each matches its schema below): the chart, its analysis
 * record and the display settings, asked alone or together in the first paint (viewer-first-paint.ts).
 */
export const VIEWER_CHART_FIELDS = `
  id
  uuid
  chart_id
  createdAt
  patient { id patient_id first_name birth_info gender }
  chart_data { id image_type_cd shoot_date }
  analysis_record_id
`;
export const VIEWER_RECORD_FIELDS = 'id chart_id infer_result modified_result img_size revision updatedAt';
export const VIEWER_DISPLAY_CONFIG_FIELDS = `
  cephalo_image_NY landmark_NY guideline_NY plane_NY plane_list landmark_list
  auto_zoom_NY hard_tissue_color soft_tissue_color hard_tissue_size soft_tissue_size
`;

/** The chart whose uuid is in the viewer's URL (a list of at most one). */
export const viewerChartQuery = graphOperation<{ uuid: string }, { charts: ViewerChart[] }>(
  /* GraphQL */ `
    query ViewerChart($uuid: String!) {
      charts(filter: { uuid: $uuid }) {
        ${VIEWER_CHART_FIELDS}
      }
    }
  `,
  z.object({ charts: z.array(viewerChartSchema) }),
);

export const viewerAnalysisRecordSchema = z.object({
  id: z.number().int(),
  chart_id: z.number().int(),
  infer_result: inferResultSchema.nullable(),
  modified_result: modifiedResultSchema.nullable(),
  img_size: imgSizeSchema.nullable(),
  /** Moves on with every landmark write; a landmark save names the one it started from. */
  revision: z.number().int(),
  updatedAt: z.string(),
});
export type ViewerAnalysisRecord = z.infer<typeof viewerAnalysisRecordSchema>;

/** The analysis record of a chart (by the chart's integer id). */
export const viewerAnalysisRecordQuery = graphOperation<{ chartId: number }, { analysis_records: { items: ViewerAnalysisRecord[] } }>(
  /* GraphQL */ `
    query ViewerAnalysisRecord($chartId: Int!) {
      analysis_records(filter: { chart_id: $chartId }) {
        items {
          ${VIEWER_RECORD_FIELDS}
        }
      }
    }
  `,
  z.object({ analysis_records: z.object({ items: z.array(viewerAnalysisRecordSchema) }) }),
);

/**
 * Saves the user's landmarks (`modified_result` only: the server writes just the fields given, so
 * the model's `infer_result` is never touched), bound to the image they were placed on and from the
 * record revision they started from (`base`): a stale save answers CONFLICT and writes nothing. Stored landmarks:
 * `name` = registry LandmarkId;
 * `cname` = the v1 model output index when the model outputs that landmark, else 100 + its index
 * in the registry's `LANDMARKS` (hand-placed landmarks), so the two ranges never collide.
 */
export const saveModifiedLandmarksMutation = graphOperation<
  { id: number; input: { modified_result: z.input<typeof modifiedResultSchema> }; base: number },
  { update_analysis_record: { id: number; updatedAt: string; revision: number } }
>(
  /* GraphQL */ `
    mutation SaveModifiedLandmarks($id: Int!, $input: AnalysisRecordInput!, $base: Int!) {
      update_analysis_record(id: $id, input: $input, base_revision: $base) {
        id
        updatedAt
        revision
      }
    }
  `,
  z.object({ update_analysis_record: z.object({ id: z.number().int(), updatedAt: z.string(), revision: z.number().int() }) }),
);

/**
 * The user's viewer display settings (spec: Settings > viewer display, reference plane, auto
 * zoom-in, tissue colour and size); null until first saved.
 */
export const viewerDisplayConfigSchema = z.object({
  cephalo_image_NY: z.boolean(),
  landmark_NY: z.boolean(),
  guideline_NY: z.boolean(),
  plane_NY: z.boolean(),
  // Defaults: an answer without these fields (an older server) reads as "not set".
  plane_list: planeListFieldSchema,
  landmark_list: landmarkListFieldSchema,
  auto_zoom_NY: z.boolean().default(false),
  hard_tissue_color: z.string().nullable().default(null),
  soft_tissue_color: z.string().nullable().default(null),
  hard_tissue_size: z.number().nullable().default(null),
  soft_tissue_size: z.number().nullable().default(null),
});
export type ViewerDisplayConfig = z.infer<typeof viewerDisplayConfigSchema>;

export const viewerDisplayConfigQuery = graphOperation<Record<string, never>, { user_config: ViewerDisplayConfig | null }>(
  /* GraphQL */ `
    query ViewerDisplayConfig {
      user_config {
        ${VIEWER_DISPLAY_CONFIG_FIELDS}
      }
    }
  `,
  z.object({ user_config: viewerDisplayConfigSchema.nullable() }),
);
