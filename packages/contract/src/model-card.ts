import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * The model card of the served landmark model as data (`models/<id>.card.json`, written by
 * `ml/release.sh` from the evaluation metrics, never by hand) and served by `GET /api/model/card`
 * for the "About the AI" page. Errors are through the production Node inference path.
 */
const sdrSchema = z.record(z.string(), z.number());

export const modelCardLandmarkSchema = z.object({
  name: z.string(),
  short_name: z.string(),
  /** Mean radial error in mm (at the dataset's spacing or its estimate). */
  mre_mm: z.number(),
  /** Percent of films within 2 mm. */
  sdr2: z.number(),
  /** Mean signed offset model minus reference, mm, x right and y down: a definition difference shows as a large mean. */
  dx_mm: z.number(),
  dy_mm: z.number(),
});

export const modelCardEvaluationSchema = z.object({
  /** Stable key, e.g. `isbi2015-test1`, `hamedan`. */
  dataset: z.string(),
  label: z.string(),
  device: z.string(),
  n_images: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
  /** Pixel spacing used for mm: measured, or an estimate (then every mm figure says so). */
  spacing: z.object({ mm: z.number().positive(), estimate: z.boolean(), note: z.string() }),
  /** What the model is compared with, e.g. "one annotation" or "mean of two orthodontists". */
  reference: z.string(),
  overall: z.object({
    n: z.number().int(),
    mre_mm: z.number(),
    sd_mm: z.number(),
    sdr: sdrSchema,
    mre_px: z.number(),
    mre_pct_sn: z.number(),
  }),
  per_landmark: z.array(modelCardLandmarkSchema),
  /** When two annotators traced the set: how far apart they are, beside the model's error. */
  annotators: z.object({ inter_annotator_mre_mm: z.number(), model_vs_mean_mre_mm: z.number() }).optional(),
  /**
   * How the viewer's "for review" flag does on this set (errors over 2 mm): `threshold` is the
   * confidence (0..1) below which a landmark is flagged, `recall` the share (0..1) of errors over
   * 2 mm that are flagged, `flagged_share` the share (0..1) of all landmarks flagged, `auroc` how well
   * confidence separates errors over 2 mm from the rest.
   */
  review: z
    .object({
      threshold: z.number(),
      recall: z.number(),
      flagged_share: z.number(),
      auroc: z.number(),
      /**
       * The same flag against gross errors (over 4 mm): `recall` at the threshold, and the share
       * (0..1) of them among the 10% least confident landmarks of the set. Absent on older cards.
       */
      gross: z.object({ recall: z.number(), recall_least_confident_10pct: z.number(), auroc: z.number() }).optional(),
    })
    .optional(),
  /**
   * Clinic adaptation simulated on this set (eval:landmarks --adapt): after a clinic corrected
   * `films` films, the error on its next films (mm, percent within 2 mm) beside the same films
   * without adaptation, pooled over `draws` random orders. One entry per number of films, fewest
   * first; absent on older cards.
   */
  adaptation: z
    .array(
      z.object({
        films: z.number().int().positive(),
        draws: z.number().int().positive(),
        mre_mm: z.number(),
        sdr2: z.number(),
        raw_mre_mm: z.number(),
        raw_sdr2: z.number(),
      }),
    )
    .optional(),
});

export const modelCardSchema = z.object({
  version: z.literal(1),
  model: z.object({
    id: z.string(),
    version: z.string(),
    trained_on: z.string(),
    training: z.string(),
    landmarks: z.array(z.object({ index: z.number().int(), name: z.string(), short_name: z.string() })),
  }),
  evaluations: z.array(modelCardEvaluationSchema),
  review: z.object({ confidence_threshold: z.number() }),
  disclaimer: z.string(),
  generated_at: z.string(),
});
export type ModelCard = z.infer<typeof modelCardSchema>;
export type ModelCardEvaluation = z.infer<typeof modelCardEvaluationSchema>;
export type ModelCardAdaptation = NonNullable<ModelCardEvaluation['adaptation']>[number];

/** The words a card gives one evaluation set: its label, device, what the model is compared with, the spacing note. */
export interface ModelCardSetTexts {
  label: string;
  device: string;
  reference: string;
  note: string;
}

/**
 * The card's English for each evaluation set it knows, by set key: tools/src/model-card.ts writes these into
 * the card, and the "About the AI" page translates exactly these (a card that says anything else is shown as is).
 */
export const MODEL_CARD_SETS = {
  'isbi2015-test1': {
    label: 'ISBI 2015 Test1 (films 151-300)',
    device: 'Soredex CRANEX (Taiwan): the device of the training films',
    reference: 'one annotation (ISBI 2015 challenge)',
    note: '0.1 mm/px originals, 0.2 mm/px as stored',
  },
  hamedan: {
    label: 'Hamedan University (150 films)',
    device: 'another device (not documented), Hamedan, Iran',
    reference: 'mean of two orthodontists',
    note: 'spacing unknown: 0.144 mm/px, the estimate the dataset authors use in their own results',
  },
  'hamedan-machine-porion': {
    label: 'Hamedan University (150 films), Settings: porion = machine (ear rod)',
    device: 'another device (not documented), Hamedan, Iran',
    reference: 'mean of two orthodontists (who mark machine porion)',
    note: 'spacing unknown: 0.144 mm/px; the definition a clinic chooses in Settings, applied to every film first',
  },
} satisfies Readonly<Record<string, ModelCardSetTexts>>;

/** The card's training text when the release names none (tools/src/model-card.ts `--training`). */
export const MODEL_CARD_DEFAULT_TRAINING =
  'The 150 ISBI 2015 training films (one device), with augmentations that imitate other machines and clinics.';

/**
 * `GET /api/model/card`: the card in the usual envelope (`{ success: true, data: ModelCard }`).
 * Bearer-authenticated like every /api route (it holds no patient data, but the page that shows it
 * is reached from the viewer, so there is no reason to open a public hole in the /api rule).
 * MODEL_CARD_UNAVAILABLE (404) when the served model has no card or the file does not match.
 */
export const MODEL_CARD_ENDPOINT = endpoint({ method: 'GET', path: '/api/model/card', auth: 'user', response: modelCardSchema });
