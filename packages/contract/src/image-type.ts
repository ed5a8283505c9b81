import { z } from 'zod';

/** Chart data image kinds (docs/spec-points.md §3): cephalogram and lateral facial photo. */
export const IMAGE_TYPE = {
  cephalogram: '00700',
  lateralFace: '00710',
} as const;

export const imageTypeCdSchema = z.enum([IMAGE_TYPE.cephalogram, IMAGE_TYPE.lateralFace]);

export type ImageTypeCd = z.infer<typeof imageTypeCdSchema>;
