import type { TemplateOffset } from '@ceppro/ceph';
import { z } from 'zod';

/**
 * The user's moves of the tracing's tooth templates (packages/ceph `templatePaths`: the incisor and
 * first-molar outlines), per chart, stored under the `templates` key of the analysis record's
 * `drawing_result` (the document the viewer's per-chart choices share, each feature merging only its
 * key). An offset is in image px of the original upload and degrees, applied to the outline as fitted
 * to the landmarks, so the template still follows its landmarks after they move.
 *
 * Version 1. A record without a `templates` key, or with one this version cannot read, shows every
 * template as fitted; an unreadable entry is skipped, the others kept.
 */
export const TRACING_TEMPLATES_KEY = 'templates';

/** The template ids a document may hold (packages/ceph TOOTH_TEMPLATES and MOLAR_TEMPLATES). */
export const TEMPLATE_IDS = ['upper-incisor-outline', 'lower-incisor-outline', 'upper-molar-outline', 'lower-molar-outline'] as const;

export const templateOffsetSchema = z.object({
  dx: z.number().finite().min(-10_000).max(10_000),
  dy: z.number().finite().min(-10_000).max(10_000),
  rotation: z.number().finite().min(-180).max(180).default(0),
});

export const tracingTemplatesSchema = z.object({
  version: z.literal(1),
  offsets: z.record(z.string(), z.unknown()).default({}),
});
export type TracingTemplatesDocument = { version: 1; offsets: Partial<Record<(typeof TEMPLATE_IDS)[number], TemplateOffset>> };

/** The chart's template offsets stored in a `drawing_result` (any value), by template id; none when absent or unreadable. */
export function readTemplateOffsets(drawingResult: unknown): Record<string, TemplateOffset> {
  if (typeof drawingResult !== 'object' || drawingResult === null) return {};
  const parsed = tracingTemplatesSchema.safeParse((drawingResult as Record<string, unknown>)[TRACING_TEMPLATES_KEY]);
  if (!parsed.success) return {};
  const out: Record<string, TemplateOffset> = {};
  for (const id of TEMPLATE_IDS) {
    const offset = templateOffsetSchema.safeParse(parsed.data.offsets[id]);
    if (offset.success) out[id] = offset.data;
  }
  return out;
}

/** The `merge_drawing_result` patch that stores `offsets` (only the `templates` key; the others stay). */
export function templateOffsetsPatch(offsets: Readonly<Record<string, TemplateOffset>>): { templates: TracingTemplatesDocument } {
  const kept: Record<string, TemplateOffset> = {};
  for (const id of TEMPLATE_IDS) {
    const offset = offsets[id];
    if (offset) kept[id] = { dx: offset.dx, dy: offset.dy, rotation: offset.rotation };
  }
  return { [TRACING_TEMPLATES_KEY]: { version: 1, offsets: kept } } as { templates: TracingTemplatesDocument };
}
