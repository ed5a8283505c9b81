import { errorCodeSchema } from '@ceppro/contract';
import { z } from 'zod';
import { AppError } from '../errors/app-error';

/**
 * How a job ended, kept in its payload (`outcome`) for a request that waits on it in any process:
 * the handler's result, or the error to answer with. Stored JSON, so read back through the schema.
 */
export const jobOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), code: errorCodeSchema, message: z.string() }),
]);

export type JobOutcome = z.infer<typeof jobOutcomeSchema>;

export type FailedOutcome = Extract<JobOutcome, { ok: false }>;

/** An AppError keeps its code and user-safe message; anything else is a generic INTERNAL. */
export function failedOutcome(error: unknown): FailedOutcome {
  if (error instanceof AppError) return { ok: false, code: error.code, message: error.message };
  return { ok: false, code: 'INTERNAL', message: 'The background job failed.' };
}
