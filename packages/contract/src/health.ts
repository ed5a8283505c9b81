import { z } from 'zod';

/** Body of `GET /healthz`. Not wrapped in the envelope: probes read `status` directly. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  db: z.enum(['ok', 'error']),
  storage: z.enum(['ok', 'error']),
  migrations: z.enum(['applied', 'pending']),
});

export type Health = z.infer<typeof healthSchema>;
