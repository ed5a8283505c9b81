import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Treatment-planning endpoints of the viewer (Step 9): the facial photo auto-aligned onto the
 * cephalogram, and the superimposition of 2–4 films of one patient. Both are bearer-authenticated
 * POSTs answering `{ success: true, data }` or the error envelope with a stable code.
 *
 * `chart_id` values are the charts' `chart_id` strings (UUIDs), as in the file and report endpoints.
 */

/** A 2-D affine map `x' = a*x + c*y + tx`, `y' = b*x + d*y + ty` (same layout as packages/ceph `Affine2`). */
export const affineTransformSchema = z.object({
  a: z.number(),
  b: z.number(),
  c: z.number(),
  d: z.number(),
  tx: z.number(),
  ty: z.number(),
});
export type AffineTransform = z.infer<typeof affineTransformSchema>;

const pointSchema = z.object({ x: z.number(), y: z.number() });

// ---------------------------------------------------------------------------------------------
// Facial photo auto-alignment

export const autoAlignRequestSchema = z.object({ chart_id: z.uuid() });
export type AutoAlignRequest = z.input<typeof autoAlignRequestSchema>;

export const AUTOALIGN_NOT_RECOGNIZED_MESSAGE = 'facial image not recognized (adjust manually)';
export const AUTOALIGN_NO_FACIAL_IMAGE_MESSAGE = 'no facial image';

export const autoAlignResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('aligned'),
    photo: z.object({ chart_data_id: z.number().int(), width: z.number(), height: z.number() }),
    /** Photo pixels -> film pixels; a similarity (a = d, c = -b) applied after any mirroring below. */
    transform: affineTransformSchema,
    /**
     * true when the face on the photo looks the other way from the film: the photo is mirrored
     * horizontally first (x -> width - x, continuous pixel coordinates) and `transform` maps the mirrored photo's pixels.
     */
    mirrored: z.boolean().optional(),
    /** Matched soft-tissue points: landmark id (packages/ceph) with its photo (unmirrored) and film pixels. */
    points: z.array(z.object({ id: z.string(), photo: pointSchema, film: pointSchema })),
    /** RMS distance between the transformed photo profile points and the film's landmarks, film pixels. */
    residual_px: z.number(),
    /** The same in mm, or null when the film is uncalibrated. */
    residual_mm: z.number().nullable(),
  }),
  z.object({ status: z.literal('not_recognized'), message: z.literal(AUTOALIGN_NOT_RECOGNIZED_MESSAGE) }),
  z.object({ status: z.literal('no_facial_image'), message: z.literal(AUTOALIGN_NO_FACIAL_IMAGE_MESSAGE) }),
]);
export type AutoAlignResponse = z.infer<typeof autoAlignResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Superimposition

export const SUPERIMPOSITION_METHODS = ['sn-at-s', 'best-fit', 'maxilla', 'mandible'] as const;
export const superimpositionMethodSchema = z.enum(SUPERIMPOSITION_METHODS);
export type SuperimpositionMethodId = z.infer<typeof superimpositionMethodSchema>;

/** The spec's message for fewer than two films (code SUPERIMPOSITION_TOO_FEW). */
export const SUPERIMPOSITION_TOO_FEW_MESSAGE = 'Select at least 2 X-ray images.';

/**
 * Count limits are not in the zod schema on purpose: the server answers them with their own codes
 * (SUPERIMPOSITION_TOO_FEW / SUPERIMPOSITION_TOO_MANY) instead of a generic validation error.
 */
export const superimpositionRequestSchema = z.object({
  chart_ids: z.array(z.uuid()),
  method: superimpositionMethodSchema,
  /** Whose film pixel space the output is in; the oldest film when absent. Must be one of `chart_ids`. */
  frame_chart_id: z.uuid().optional(),
});
export type SuperimpositionRequest = z.input<typeof superimpositionRequestSchema>;

export const SUPERIMPOSITION_FILM_COLOURS = ['white', 'red', 'blue', 'green'] as const;

export const superimpositionResponseSchema = z.object({
  method: superimpositionMethodSchema,
  unit: z.enum(['mm', 'px']),
  frame_chart_id: z.string(),
  /** Oldest shoot date first, coloured white, red, blue, green in that order. */
  films: z.array(
    z.object({
      chart_id: z.string(),
      chart_data_id: z.number().int(),
      shoot_date: z.string().nullable(),
      colour: z.enum(SUPERIMPOSITION_FILM_COLOURS),
      image: z.object({ width: z.number(), height: z.number() }),
      /** This film's pixels -> the frame film's pixels. */
      transform: affineTransformSchema,
      registered_on: z.array(z.string()),
      /** RMS distance of the registration landmarks after registration, in `unit`. */
      rms_residual: z.number(),
      /** This film's landmarks mapped into the frame film's pixels. */
      landmarks: z.array(z.object({ id: z.string(), x: z.number(), y: z.number() })),
    }),
  ),
  /** Consecutive films oldest -> newer, in `unit`, patient frame: dx anterior +, dy superior +. */
  movements: z.array(
    z.object({
      id: z.string(),
      from_chart_id: z.string(),
      to_chart_id: z.string(),
      dx: z.number(),
      dy: z.number(),
      distance: z.number(),
    }),
  ),
});
export type SuperimpositionResponse = z.infer<typeof superimpositionResponseSchema>;

/** Planning endpoints, bearer-authenticated POSTs with JSON bodies. */
export const PLANNING_ENDPOINTS = {
  autoAlign: endpoint({
    method: 'POST',
    path: '/ai/ceppro/ceph-autoalign',
    auth: 'user',
    request: autoAlignRequestSchema,
    response: autoAlignResponseSchema,
    idempotent: true,
    audit: 'chart.auto_align',
    limit: 'render',
  }),
  superimposition: endpoint({
    method: 'POST',
    path: '/ai_api/superimposition',
    auth: 'user',
    request: superimpositionRequestSchema,
    response: superimpositionResponseSchema,
    idempotent: true,
    audit: 'chart.superimpose',
    limit: 'render',
  }),
} as const;
