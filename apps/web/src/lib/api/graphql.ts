import { GRAPHQL_ENDPOINTS } from '@ceppro/contract';
import { z } from 'zod';
import { ApiError } from './api-error.ts';
import { api } from './client.ts';
import type { CallOptions } from './endpoint-call.ts';
import type { HttpClient } from './http-client.ts';

/**
 * The graph query service client (docs/spec-points.md §7: single POST endpoint, bearer, network-only). Goes
 * through the one HTTP interceptor, so an expired token is refreshed and retried as for REST.
 * GraphQL errors are logged (spec: "Graph errors are only logged") and thrown as an ApiError whose
 * code is the server's `extensions.code` (NOT_FOUND, VALIDATION_FAILED, ...).
 * Queries are retried after a network failure; mutations are not (a lost answer to create_patient
 * must not create a second patient). A query hook passes its `signal` (TanStack Query's), so a query that is no
 * longer wanted (unmounted, its key changed) aborts its request.
 */
const graphResponse = z.object({
  data: z.unknown().optional(),
  errors: z
    .array(z.object({ message: z.string(), extensions: z.object({ code: z.string().optional() }).loose().optional() }).loose())
    .optional(),
});

/** A document whose (first) operation is a mutation; comments and blank lines before it are skipped. */
export function isMutation(document: string): boolean {
  return /^(?:\s|#[^\n]*\n)*mutation\b/.test(document);
}

export async function graphql<T>(
  document: string,
  variables: Record<string, unknown> = {},
  client: Pick<HttpClient, 'call'> = api,
  options: Pick<CallOptions, 'signal'> = {},
): Promise<T> {
  const spec = isMutation(document) ? GRAPHQL_ENDPOINTS.mutation : GRAPHQL_ENDPOINTS.query;
  const raw = await client.call(spec, { query: document, variables }, options);
  const parsed = graphResponse.safeParse(raw);
  if (!parsed.success) throw new ApiError('BAD_RESPONSE', 'The graph service answered something unexpected.', 200, false);
  const first = parsed.data.errors?.[0];
  if (first) {
    console.warn(`GraphQL: ${first.extensions?.code ?? 'ERROR'} ${first.message}`);
    throw new ApiError(first.extensions?.code ?? 'GRAPHQL', first.message, 200, false);
  }
  return parsed.data.data as T;
}
