import { z } from 'zod';

/**
 * The server's own admin input: the `:uuid` route parameter. The bodies and the list's query are
 * contract schemas (packages/contract/src/admin.ts), shared with the web's admin screen.
 */
export const accountParamsSchema = z.strictObject({ uuid: z.uuid() });
