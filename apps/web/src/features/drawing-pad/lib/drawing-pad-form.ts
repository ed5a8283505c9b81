import { DRAWING_CONFIG_VERSION, DRAWING_LIMITS, DRAWING_TOOLS, drawingColorSchema, type DrawingConfig } from '@ceppro/contract';
import { z } from 'zod';

/**
 * The `/drawing-pad` form: numbers are typed as text (a half-typed "0." must not jump), checked
 * against the contract's limits, and turned into the stored `drawing_config`.
 */
export const INVALID = 'invalid';

const numberIn = (min: number, max: number, integer = false) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d+(\.\d+)?$/.test(v), INVALID)
    .transform(Number)
    .refine((n) => n >= min && n <= max && (!integer || Number.isInteger(n)), INVALID);

export const drawingPadFormSchema = z.object({
  tool: z.enum(DRAWING_TOOLS),
  size: numberIn(DRAWING_LIMITS.sizeMin, DRAWING_LIMITS.sizeMax),
  opacity: numberIn(DRAWING_LIMITS.opacityMin, DRAWING_LIMITS.opacityMax),
  color: drawingColorSchema,
  ratio: numberIn(DRAWING_LIMITS.ratioMin, DRAWING_LIMITS.ratioMax, true),
  scaleWithZoom: z.boolean(),
});
export type DrawingPadFormValues = z.input<typeof drawingPadFormSchema>;
export type DrawingPadFormOutput = z.output<typeof drawingPadFormSchema>;

export function formValuesOf(config: DrawingConfig): DrawingPadFormValues {
  return {
    tool: config.tool,
    size: String(config.size),
    opacity: String(config.opacity),
    color: config.color,
    ratio: String(config.ratio),
    scaleWithZoom: config.scaleWithZoom,
  };
}

export function configOf(values: DrawingPadFormOutput): DrawingConfig {
  return { version: DRAWING_CONFIG_VERSION, ...values };
}

/** The preview's values while typing: the last valid ones where a field is being edited. */
export function previewOf(values: DrawingPadFormValues, fallback: DrawingConfig): DrawingConfig {
  const parsed = drawingPadFormSchema.safeParse(values);
  if (parsed.success) return configOf(parsed.data);
  const n = (v: string, keep: number, min: number, max: number) => {
    const x = Number(v);
    return Number.isFinite(x) && x >= min && x <= max ? x : keep;
  };
  return {
    version: DRAWING_CONFIG_VERSION,
    tool: values.tool,
    size: n(values.size, fallback.size, DRAWING_LIMITS.sizeMin, DRAWING_LIMITS.sizeMax),
    opacity: n(values.opacity, fallback.opacity, DRAWING_LIMITS.opacityMin, DRAWING_LIMITS.opacityMax),
    color: drawingColorSchema.safeParse(values.color).success ? values.color : fallback.color,
    ratio: n(values.ratio, fallback.ratio, DRAWING_LIMITS.ratioMin, DRAWING_LIMITS.ratioMax),
    scaleWithZoom: values.scaleWithZoom,
  };
}
