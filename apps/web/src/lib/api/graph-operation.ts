import type { GraphOperation } from '@ceppro/contract';
import { ApiError } from './api-error.ts';
import type { CallOptions } from './endpoint-call.ts';
import { graphql } from './graphql.ts';

/**
 * Sends one typed contract operation through the app's graph client and validates its `data`; a query hook
 * passes its `signal` so that a cancelled query aborts its request.
 */
export async function runOperation<Variables extends Record<string, unknown>, Result>(
  operation: GraphOperation<Variables, Result>,
  variables: Variables,
  options: Pick<CallOptions, 'signal'> = {},
): Promise<Result> {
  const parsed = operation.result.safeParse(await graphql<unknown>(operation.document, variables, undefined, options));
  if (!parsed.success) {
    console.warn('GraphQL: unexpected result', parsed.error.issues[0]);
    throw new ApiError('BAD_RESPONSE', 'The graph service answered something unexpected.', 200, false);
  }
  return parsed.data;
}
