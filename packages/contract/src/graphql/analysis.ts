import { z } from 'zod';
import { documentRevisionsField } from './document-revisions';
import { graphOperation } from './operation';

/**
 * The analysis panel's GraphQL operations: the user's calibration default and analysis groups (user
 * config), and the chart's two-point ruler (analysis record `ruler_info`).
 */

/** A ruler point in pixels of the original upload (docs/house-rules.md §2). */
const rulerPointSchema = z.object({ x: z.number().finite(), y: z.number().finite() });

/**
 * The chart's ruler calibration as stored in `ruler_info` (docs/house-rules.md §11: it carries a version):
 * the user's choices only, two image-pixel points on the film's scale and the known length between them
 * in mm. The pixels per millimetre are derived from them where shown and printed (`resolveCalibration`);
 * version 1 also stored that ppm, which `migrateRulerInfo` drops.
 */
export const RULER_INFO_VERSION = 2;
export const rulerInfoSchema = z.object({
  version: z.literal(RULER_INFO_VERSION),
  p1: rulerPointSchema,
  p2: rulerPointSchema,
  length_mm: z.number().positive().finite(),
});
export type RulerInfo = z.infer<typeof rulerInfoSchema>;

/**
 * The user-config fields the analysis panel reads. `user_analysis_manage` stays `unknown` here: it is
 * validated by the domain's `validateUserAnalysisManage` (measurement ids must exist in the catalogue).
 * `user_config` is null until the user saves a setting for the first time.
 */
export const analysisUserConfigSchema = z.object({
  default_ppm: z.number().nullable(),
  user_analysis_manage: z.unknown().nullable(),
});
export type AnalysisUserConfig = z.infer<typeof analysisUserConfigSchema>;

const USER_CONFIG_FIELDS = /* GraphQL */ `default_ppm user_analysis_manage`;

export const analysisUserConfigQuery = graphOperation<Record<string, never>, { user_config: AnalysisUserConfig | null }>(
  /* GraphQL */ `
    query AnalysisUserConfig {
      user_config { ${USER_CONFIG_FIELDS} }
    }
  `,
  z.object({ user_config: analysisUserConfigSchema.nullable() }),
);

/** Saves the analysis groups as a whole document (the server only insists on its `version`). */
export const updateUserAnalysisManageMutation = graphOperation<{ manage: unknown }, { update_user_config: AnalysisUserConfig }>(
  /* GraphQL */ `
    mutation UpdateUserAnalysisManage($manage: JSON!) {
      update_user_config(input: { user_analysis_manage: $manage }) { ${USER_CONFIG_FIELDS} }
    }
  `,
  z.object({ update_user_config: analysisUserConfigSchema }),
);

/** The record's ruler; a stored value of another shape reads as `unknown` and is checked by the caller. */
export const analysisRulerRecordSchema = z.object({
  id: z.number().int(),
  ruler_info: z.unknown().nullable(),
  document_revisions: documentRevisionsField,
});
export type AnalysisRulerRecord = z.infer<typeof analysisRulerRecordSchema>;

/** The ruler of an analysis record (by the record's id); no item when the record is not the caller's. */
export const analysisRulerQuery = graphOperation<{ id: number }, { analysis_records: { items: AnalysisRulerRecord[] } }>(
  /* GraphQL */ `
    query AnalysisRuler($id: Int!) {
      analysis_records(filter: { id: $id }) {
        items {
          id
          ruler_info
          document_revisions
        }
      }
    }
  `,
  z.object({ analysis_records: z.object({ items: z.array(analysisRulerRecordSchema) }) }),
);

/** Writes only `ruler_info` (the server updates just the fields given); null removes the ruler. */
/** `base`: the document's revision as last read or saved (`document_revisions`); another user's save since is CONFLICT. */
export const updateRulerInfoMutation = graphOperation<
  { id: number; ruler: RulerInfo | null; base?: Record<string, string | null> | null },
  { update_analysis_record: AnalysisRulerRecord }
>(
  /* GraphQL */ `
    mutation UpdateRulerInfo($id: Int!, $ruler: JSON, $base: JSON) {
      update_analysis_record(id: $id, input: { ruler_info: $ruler }, base_documents: $base) {
        id
        ruler_info
        document_revisions
      }
    }
  `,
  z.object({ update_analysis_record: analysisRulerRecordSchema }),
);
