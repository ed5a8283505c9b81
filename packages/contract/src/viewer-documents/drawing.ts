import { z } from 'zod';
import { documentRevisionsField, type DocumentRevisions } from '../graphql/document-revisions';
import { graphOperation } from '../graphql/operation';

/**
 * The drawing pad's documents (spec: "Drawing pad: tools (default Pen), pixel size 3, opacity 1,
 * history, ratio 100 and scale"):
 *
 * - `drawing_result` on the analysis record: the shapes drawn over the film, in image px of the
 *   original upload (origin top-left, y down). Drawings belong to the film: every tab shows the
 *   same ones and a new drawing goes to `coords`, whichever tab is open. `superimpositionCoords`
 *   holds what older versions stored for drawings made with the Superimposition tab open (same
 *   film, same pixel space; they were shown only on that tab and seemed lost elsewhere): they are
 *   shown with the film's (`filmDrawings`) and stay under their key until erased. Other top-level
 *   keys of the stored document belong to other features (free measurements live under
 *   `measurements`): a save keeps them as they are.
 * - `drawing_config` in the user config: the pad's defaults, set on `/drawing-pad`.
 */

export const DRAWING_RESULT_VERSION = 1;
export const DRAWING_CONFIG_VERSION = 1;

export const DRAWING_TOOLS = ['pen', 'line', 'arrow', 'text', 'rectangle', 'ellipse', 'eraser'] as const;
export type DrawingTool = (typeof DRAWING_TOOLS)[number];
/** Tools that leave a shape (the eraser removes them). */
export type ShapeTool = Exclude<DrawingTool, 'eraser'>;

export const DRAWING_LIMITS = {
  /** Pixel size: the stroke width in screen px at zoom 100% (before the ratio). */
  sizeMin: 1,
  sizeMax: 50,
  opacityMin: 0.05,
  opacityMax: 1,
  /** Ratio: percent applied to the pixel size. */
  ratioMin: 10,
  ratioMax: 400,
  /** Points of one pen stroke. */
  penPoints: 4000,
  textLength: 200,
  /** Shapes in one set (coords or superimpositionCoords); the record caps a document at 256 KB anyway. */
  shapes: 500,
} as const;

export const drawingColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour is #rrggbb');

const finite = z.number().finite();
/** An image point [x, y] in px of the original upload. */
const pointSchema = z.tuple([finite, finite]);

/**
 * How a shape is stroked. `width` is in image px when `scales` (the stroke grows and shrinks with
 * the film's zoom), else in screen px (a constant width on screen, whatever the zoom).
 */
const strokeFields = {
  id: z.string().min(1).max(40),
  color: drawingColorSchema,
  opacity: z.number().min(DRAWING_LIMITS.opacityMin).max(DRAWING_LIMITS.opacityMax),
  width: z.number().positive().max(10_000),
  scales: z.boolean(),
};

export const drawingShapeSchema = z.discriminatedUnion('tool', [
  z.object({
    ...strokeFields,
    tool: z.literal('pen'),
    /** Flat [x0, y0, x1, y1, ...], image px. */
    points: z
      .array(finite)
      .min(2)
      .max(DRAWING_LIMITS.penPoints * 2)
      .refine((p) => p.length % 2 === 0, 'points come in x, y pairs'),
  }),
  z.object({ ...strokeFields, tool: z.enum(['line', 'arrow', 'rectangle', 'ellipse']), from: pointSchema, to: pointSchema }),
  z.object({ ...strokeFields, tool: z.literal('text'), at: pointSchema, text: z.string().min(1).max(DRAWING_LIMITS.textLength) }),
]);
export type DrawingShape = z.infer<typeof drawingShapeSchema>;

const shapesSchema = z.array(drawingShapeSchema).max(DRAWING_LIMITS.shapes);

/** The drawing pad's part of `drawing_result`; the document may hold other features' keys beside it. */
export const drawingResultSchema = z.looseObject({
  version: z.literal(DRAWING_RESULT_VERSION),
  coords: shapesSchema.default([]),
  superimpositionCoords: shapesSchema.default([]),
});
export type DrawingResult = z.infer<typeof drawingResultSchema>;

/** Which set a drawing belongs to. */
export type DrawingSet = 'coords' | 'superimpositionCoords';

/** `drawing_config` of the user config: the drawing pad's defaults. */
export const drawingConfigSchema = z.object({
  version: z.literal(DRAWING_CONFIG_VERSION),
  tool: z.enum(DRAWING_TOOLS),
  size: z.number().min(DRAWING_LIMITS.sizeMin).max(DRAWING_LIMITS.sizeMax),
  opacity: z.number().min(DRAWING_LIMITS.opacityMin).max(DRAWING_LIMITS.opacityMax),
  color: drawingColorSchema,
  ratio: z.number().int().min(DRAWING_LIMITS.ratioMin).max(DRAWING_LIMITS.ratioMax),
  /** The stroke follows the film's zoom (stored in image px) rather than keeping its screen width. */
  scaleWithZoom: z.boolean(),
});
export type DrawingConfig = z.infer<typeof drawingConfigSchema>;

/** Spec defaults: Pen, pixel size 3, opacity 1, ratio 100, stroke scaling with the zoom. */
export const DRAWING_CONFIG_DEFAULTS: DrawingConfig = {
  version: DRAWING_CONFIG_VERSION,
  tool: 'pen',
  size: 3,
  opacity: 1,
  color: '#ff3b30',
  ratio: 100,
  scaleWithZoom: true,
};

/** A stored config read back: the defaults when absent or of an unknown shape (never a crash). */
export function readDrawingConfig(stored: unknown): DrawingConfig {
  const parsed = drawingConfigSchema.safeParse(stored);
  return parsed.success ? parsed.data : DRAWING_CONFIG_DEFAULTS;
}

/** The record's id, revision and drawing document (as stored: other features' keys included). */
export const drawingRecordQuery = graphOperation<
  { id: number },
  {
    analysis_records: {
      items: Array<{ id: number; revision: number; drawing_result: unknown; document_revisions?: DocumentRevisions | null }>;
    };
  }
>(
  /* GraphQL */ `
    query DrawingRecord($id: Int!) {
      analysis_records(filter: { id: $id }) {
        items {
          id
          revision
          drawing_result
          document_revisions
        }
      }
    }
  `,
  z.object({
    analysis_records: z.object({
      items: z.array(
        z.object({
          id: z.number().int(),
          revision: z.number().int(),
          drawing_result: z.unknown(),
          document_revisions: documentRevisionsField,
        }),
      ),
    }),
  }),
);

/**
 * Sets the given top-level keys of `drawing_result` in one atomic write on the server, keeping the
 * others: the drawing pad and the measuring tools share the document without overwriting each other.
 */
export const mergeDrawingResultMutation = graphOperation<
  { id: number; patch: Record<string, unknown>; base?: Record<string, string | null> | null },
  { merge_drawing_result: { id: number; drawing_result: unknown; document_revisions?: DocumentRevisions | null | undefined } }
>(
  /* GraphQL */ `
    mutation MergeDrawingResult($id: Int!, $patch: JSON!, $base: JSON) {
      merge_drawing_result(id: $id, patch: $patch, base: $base) {
        id
        drawing_result
        document_revisions
      }
    }
  `,
  z.object({
    merge_drawing_result: z.object({ id: z.number().int(), drawing_result: z.unknown(), document_revisions: documentRevisionsField }),
  }),
);

export const drawingConfigQuery = graphOperation<Record<string, never>, { user_config: { drawing_config: unknown } | null }>(
  /* GraphQL */ `
    query DrawingConfig {
      user_config {
        drawing_config
      }
    }
  `,
  z.object({ user_config: z.object({ drawing_config: z.unknown() }).nullable() }),
);

export const saveDrawingConfigMutation = graphOperation<
  { input: { drawing_config: DrawingConfig } },
  { update_user_config: { drawing_config: unknown } }
>(
  /* GraphQL */ `
    mutation SaveDrawingConfig($input: UserConfigInput!) {
      update_user_config(input: $input) {
        drawing_config
      }
    }
  `,
  z.object({ update_user_config: z.object({ drawing_config: z.unknown() }) }),
);

/** The drawing pad's shapes read back from a stored `drawing_result`. */
export interface ReadDrawings {
  readonly coords: DrawingShape[];
  readonly superimpositionCoords: DrawingShape[];
  /**
   * false when the document is of a version this code does not know: it is shown empty and never
   * written over, so a newer app's drawings are not lost to an older one.
   */
  readonly writable: boolean;
}

function readShapes(value: unknown): DrawingShape[] {
  if (!Array.isArray(value)) return [];
  // One unreadable shape (an older or damaged entry) is skipped, not the whole drawing.
  return value.flatMap((item) => {
    const shape = drawingShapeSchema.safeParse(item);
    return shape.success ? [shape.data] : [];
  });
}

/** Reads the drawing pad's sets from a stored `drawing_result` (null, absent or foreign: empty). */
export function readDrawingResult(stored: unknown): ReadDrawings {
  if (stored === null || stored === undefined || typeof stored !== 'object' || Array.isArray(stored)) {
    return { coords: [], superimpositionCoords: [], writable: true };
  }
  const doc = stored as Record<string, unknown>;
  if (doc.version !== undefined && doc.version !== DRAWING_RESULT_VERSION)
    return { coords: [], superimpositionCoords: [], writable: false };
  return {
    coords: readShapes(doc.coords).slice(0, DRAWING_LIMITS.shapes),
    superimpositionCoords: readShapes(doc.superimpositionCoords).slice(0, DRAWING_LIMITS.shapes),
    writable: true,
  };
}

/** Every drawing of the film, as every tab and the report show them: `coords`, then the older `superimpositionCoords`. */
export function filmDrawings<T>(sets: { readonly coords: readonly T[]; readonly superimpositionCoords: readonly T[] }): T[] {
  return [...sets.coords, ...sets.superimpositionCoords];
}

/**
 * The drawing pad's keys of `drawing_result`, as a patch for `merge_drawing_result`: the server
 * replaces these top-level keys and keeps every other one (the shared document's house rule).
 */
export function drawingSetsPatch(sets: Pick<DrawingResult, 'coords' | 'superimpositionCoords'>): Record<string, unknown> {
  return { version: DRAWING_RESULT_VERSION, coords: sets.coords, superimpositionCoords: sets.superimpositionCoords };
}

/** Text is drawn at this many times the stroke width (pixel size 3 -> 18 px type at zoom 100%). */
export const DRAWING_TEXT_SCALE = 6;
