import { z } from 'zod';
import { downloadEntrySchema } from '../files';
import { analysisUserConfigSchema } from './analysis';
import { documentRevisionsField } from './document-revisions';
import { graphOperation } from './operation';
import {
  VIEWER_CHART_FIELDS,
  VIEWER_DISPLAY_CONFIG_FIELDS,
  VIEWER_RECORD_FIELDS,
  viewerAnalysisRecordSchema,
  viewerChartSchema,
  viewerDisplayConfigSchema,
} from './viewer';

/**
 * The viewer's first paint in one request (`/viewer/{uuid}`): the chart with its patient, images and
 * film to show (the signed URL `POST /minio/download` would give, with its size and DICOM calibration),
 * the chart's analysis record asked by the same uuid (AI landmarks, the user's adjustments, the ruler, the
 * film's stored brightness and contrast),
 * and the user's display and analysis settings. Asking the record by the chart's integer id would need
 * the chart's answer first: two round trips one after the other.
 */

export const viewerFirstPaintChartSchema = viewerChartSchema.extend({
  /** The live cephalogram to show; null when the chart has none. */
  cephalogram: downloadEntrySchema.nullable(),
});
export type ViewerFirstPaintChart = z.infer<typeof viewerFirstPaintChartSchema>;

export const viewerFirstPaintRecordSchema = viewerAnalysisRecordSchema.extend({
  /** The calibration ruler as stored; the viewer checks its shape. */
  ruler_info: z.unknown().nullable(),
  /** Drawings and the film's display (`film` key: brightness, contrast), read with `readFilmAdjustments`. */
  drawing_result: z.unknown().nullable(),
  document_revisions: documentRevisionsField,
});
export type ViewerFirstPaintRecord = z.infer<typeof viewerFirstPaintRecordSchema>;

/** The user config slices the viewer reads: display layers and the analysis panel's default PPM and groups. */
export const viewerFirstPaintConfigSchema = viewerDisplayConfigSchema.extend(analysisUserConfigSchema.shape);
export type ViewerFirstPaintConfig = z.infer<typeof viewerFirstPaintConfigSchema>;

export const viewerFirstPaintQuery = graphOperation<
  { uuid: string },
  {
    charts: ViewerFirstPaintChart[];
    analysis_records: { items: ViewerFirstPaintRecord[] };
    user_config: ViewerFirstPaintConfig | null;
  }
>(
  /* GraphQL */ `
    query ViewerFirstPaint($uuid: String!) {
      charts(filter: { uuid: $uuid }) {
        ${VIEWER_CHART_FIELDS}
        cephalogram {
          chart_data_id
          image_type_cd
          presignedPath
          thumbnail
          lost
          create_at
          shoot_date
          width
          height
          dicom_calibration
        }
      }
      analysis_records(filter: { chart_uuid: $uuid }) {
        items {
          ${VIEWER_RECORD_FIELDS}
          ruler_info
          drawing_result
          document_revisions
        }
      }
      user_config {
        ${VIEWER_DISPLAY_CONFIG_FIELDS}
        default_ppm
        user_analysis_manage
      }
    }
  `,
  z.object({
    charts: z.array(viewerFirstPaintChartSchema),
    analysis_records: z.object({ items: z.array(viewerFirstPaintRecordSchema) }),
    user_config: viewerFirstPaintConfigSchema.nullable(),
  }),
);
