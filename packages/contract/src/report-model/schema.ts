import { LANDMARK_IDS } from '@ceppro/ceph';
import { z } from 'zod';
import { affineTransformSchema } from '../planning';
import { reportLangSchema } from '../report-labels';
import { drawingShapeSchema } from '../viewer-documents/drawing';
import { filmDisplaySchema } from '../viewer-documents/film-display';
import { profilogramComparisonSchema } from '../viewer-documents/profilogram';
import { superimpositionResultSummarySchema } from '../viewer-documents/superimposition';

/**
 * The report of one chart, as both renderers draw it: the server's PDF and the browser's print
 * layout (`GET /api/report/:chart_id/model` answers it as JSON). Built from the saved record by
 * `buildReportModel`; every text is already in the report's language and every value formatted, so
 * a renderer holds no clinical rule. Coordinates are image px of the original upload.
 */

export const reportRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  value: z.string(),
  norm: z.string(),
  deviation: z.string(),
  interpretation: z.string(),
  /** The measurement's caveat in the report's language (clinical vocabulary `measurementNote`); null when it has none. */
  note: z.string().nullable(),
  /** The remark on its norm (`normNote`); null when it has none. */
  normNote: z.string().nullable(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

/**
 * One landmark as the report draws it: a projection of the record's landmarks (stored-landmarks.ts
 * `readRecordLandmarks`, the shape the viewer reads) with labels in the report's language
 * (report-sources.ts `reportLandmarks`).
 */
export const reportLandmarkSchema = z.object({
  /** Registry id; null for a stored point no id matches (drawn with its stored name, not measured). */
  id: z.enum(LANDMARK_IDS).nullable(),
  /** The short name drawn on the film ("S", "ANS"). */
  label: z.string(),
  /** The full name in the report's language ("Sella", "셀라"). */
  name: z.string(),
  x: z.number(),
  y: z.number(),
  /** The user's adjusted position (cyan) rather than the model's (red). */
  edited: z.boolean(),
  /** Constructed from other points (packages/ceph constructed.ts), neither the model's nor the user's; absent in older reports. */
  constructed: z.boolean().optional(),
  /**
   * A constructed point that is a population estimate rather than read from this film: R1-R4 where
   * packages/ceph `findRamusPoints` found no border, and a point built from an estimate (Xi from them). Absent: not one.
   */
  estimate: z.boolean().optional(),
});
export type ReportLandmark = z.infer<typeof reportLandmarkSchema>;

const sizeSchema = z.object({ width: z.number().positive(), height: z.number().positive() });
const pointSchema = z.object({ x: z.number(), y: z.number() });

/** What is drawn over the film, in image px: the tracing (packages/ceph `outlinePaths`) and the drawing pad's shapes. */
export const reportFilmSchema = z.object({
  /** The size the landmarks were placed on (the record's img_size); null: the film file's own size. */
  size: sizeSchema.nullable(),
  tracing: z.array(z.object({ id: z.string(), d: z.string() })),
  drawings: z.array(drawingShapeSchema),
  /** The film display it was looked at with (viewer-documents/film-display.ts); null or absent: as stored. */
  adjustments: filmDisplaySchema.omit({ version: true }).nullable().optional(),
  /**
   * The film's note on its constructed points, in the report's language, printed under it: which points
   * were constructed and which of them are population estimates to check and place by hand. Null or absent: none.
   */
  pointsNote: z.array(z.string()).nullable().optional(),
});
export type ReportFilm = z.infer<typeof reportFilmSchema>;

export const reportProfilogramSchema = z.object({
  profilogram: profilogramComparisonSchema.nullable(),
  measurements: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type ProfilogramReport = z.infer<typeof reportProfilogramSchema>;

export const reportVtoSchema = z.object({
  /** 'sto': a surgical set-up (its `segments`, no table rows); absent in models built before STO: 'vto'. */
  mode: z.enum(['vto', 'sto']).optional(),
  /** STO: each moved segment (mm, degrees about its pivot). */
  segments: z
    .array(z.object({ label: z.string(), horizontal: z.string(), vertical: z.string(), rotation: z.string(), pivot: z.string() }))
    .optional(),
  /** The mandibular autorotation as one printed line, when the plan asked for it. */
  autorotation: z.string().nullable().optional(),
  movements: z.array(z.object({ label: z.string(), horizontal: z.string(), vertical: z.string() })),
  ratios: z.array(z.string()),
  softMoves: z.array(z.string()),
  rows: z.array(z.object({ name: z.string(), today: z.string(), predicted: z.string(), change: z.string(), note: z.string().nullable() })),
  /** Predicted outlines in film px; `filmSize` null: the record has no image size, no film drawn. */
  outlines: z.array(z.array(z.object({ x: z.number(), y: z.number() }))),
  filmSize: sizeSchema.nullable(),
  /**
   * The facial photo's before/after morph, when the plan aligned a photo (`vto_sto_config.autoAlign`):
   * which photo, its alignment (photo px -> film px) and the prediction's warp in film px (packages/ceph
   * `ThinPlateSpline`, the one the viewer's morph applies); renderers warp the photo with packages/ceph
   * `morphMesh` + `photoWarp`. Absent or null: no photo page.
   */
  morph: z
    .object({
      photoChartDataId: z.number().int().positive(),
      transform: affineTransformSchema,
      quality: z.enum(['coarse', 'fine']),
      warp: z.object({
        controls: z.array(pointSchema),
        weightsX: z.array(z.number()),
        weightsY: z.array(z.number()),
        affineX: z.tuple([z.number(), z.number(), z.number()]),
        affineY: z.tuple([z.number(), z.number(), z.number()]),
        centre: pointSchema,
        radius: z.number(),
      }),
    })
    .nullable()
    .optional(),
});
export type VtoReport = z.infer<typeof reportVtoSchema>;

export type SuperimpositionReport = z.infer<typeof superimpositionResultSummarySchema>;

export const REPORT_CALIBRATION_SOURCES = ['ruler', 'dicom', 'default-ppm', 'none'] as const;

/**
 * The chart's growth-forecast choice as printed on the planning page (report-growth.ts): the choice, the
 * forecast's point moves with their SD (empty when the forecast does not apply: `refusal` says why), and
 * the method and uncertainty texts in the report's language.
 */
export const reportGrowthSchema = z.object({
  years: z.number().int(),
  shown: z.boolean(),
  title: z.string(),
  choice: z.string(),
  refusal: z.string().nullable(),
  points: z.array(z.string()),
  method: z.string(),
  uncertainty: z.string(),
  citations: z.array(z.string()),
  /**
   * The forecast drawn over today's tracing (film px), when it applies and the record has the film's size:
   * the predicted outlines, each forecast point where it goes with its SD in px (x and y), and the panel
   * captions and legend in the report's language. Null or absent: text only.
   */
  drawing: z
    .object({
      filmSize: sizeSchema,
      outlines: z.array(z.array(pointSchema)),
      points: z.array(z.object({ label: z.string(), from: pointSchema, to: pointSchema, sdX: z.number(), sdY: z.number() })),
      todayCaption: z.string(),
      forecastCaption: z.string(),
      legend: z.string(),
    })
    .nullable()
    .optional(),
});
export type ReportGrowth = z.infer<typeof reportGrowthSchema>;

export const reportModelSchema = z.object({
  lang: reportLangSchema,
  /** yyyy-mm-dd, the day the report was made: the server's clock in the clinic's time zone (the request's, else UTC). */
  date: z.string(),
  clinic: z.string().nullable(),
  patient: z.object({
    name: z.string(),
    patientId: z.string().nullable(),
    /** yyyy-mm-dd; null when unknown (the CLI without `--birth`): printed "-". */
    birthDate: z.string().nullable(),
    age: z.number().int().nullable(),
    /** null when unknown (the CLI without `--sex`): printed "-", and the norms are the main (not sex-specific) ones. */
    gender: z.enum(['F', 'M']).nullable(),
  }),
  chart: z.object({
    /** The chart's internal id (a UUID): only in the footer, small; a clinic knows the chart by `sequence`. */
    chartId: z.string(),
    shootDate: z.string().nullable(),
    /** The chart's place among the patient's live charts, oldest first (n of m); null when unknown (the CLI). */
    sequence: z.object({ n: z.number().int().positive(), of: z.number().int().positive() }).nullable().optional(),
  }),
  analysis: z.object({ id: z.string(), name: z.string(), source: z.string() }),
  /** The calibration as printed ("Ruler, 10.00 px/mm"), and where it came from. */
  calibration: z.string(),
  calibrationSource: z.enum(REPORT_CALIBRATION_SOURCES),
  /**
   * The landmark definitions the AI points were placed by ("Machine porion, Anatomical gonion, Menton
   * (ISBI)"), as printed; null (or absent, from an older server) when the film kept the model's own.
   */
  definitions: z.string().nullable().optional(),
  /** The image settings the film is drawn with ("brightness 120 %, …, inverted"), as printed; null or absent: as stored. */
  imageSettings: z.string().nullable().optional(),
  rows: z.array(reportRowSchema),
  landmarks: z.array(reportLandmarkSchema),
  film: reportFilmSchema,
  disclaimer: z.string(),
  /** The chart's stored superimposition (two films or more); null when there is none. */
  superimposition: superimpositionResultSummarySchema.nullable().optional(),
  /** Print every landmark's movement as an appendix after the summary (the request's `superimposition_table`); off when absent. */
  superimpositionTable: z.boolean().optional(),
  /** The stored profilogram (recomputed) and free measurements; null when neither exists. */
  profilogram: reportProfilogramSchema.nullable().optional(),
  /** The stored VTO/STO plan run on the landmarks; null when it moves nothing. */
  vto: reportVtoSchema.nullable().optional(),
  /** The chart's stored growth-forecast choice with its method and uncertainty; null or absent when none was made. */
  growth: reportGrowthSchema.nullable().optional(),
});
export type ReportModel = z.infer<typeof reportModelSchema>;
