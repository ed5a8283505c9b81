import { z } from 'zod';
import { errorCodeSchema, type ErrorCode } from './errors';

/**
 * Every JSON response of the API uses one envelope (docs/spec-points.md §7: "Responses carry a success flag
 * with data"). Failures carry a stable code from the catalogue and a message safe to show.
 */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: errorCodeSchema,
  message: z.string(),
  /** A message key (e.g. `auth.email.required`) the client translates instead of showing `message`. */
  key: z.string().optional(),
  /** The request field the error is about, for forms that show errors next to fields. */
  field: z.string().optional(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function successEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('success', [successEnvelopeSchema(data), errorEnvelopeSchema]);
}

export interface SuccessEnvelope<T> {
  success: true;
  data: T;
}

export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

export function ok<T>(data: T): SuccessEnvelope<T> {
  return { success: true, data };
}

export function fail(code: ErrorCode, message: string, detail: { key?: string; field?: string } = {}): ErrorEnvelope {
  return {
    success: false,
    code,
    message,
    ...(detail.key !== undefined && { key: detail.key }),
    ...(detail.field !== undefined && { field: detail.field }),
  };
}
