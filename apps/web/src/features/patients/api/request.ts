import type { GraphOperation } from '@ceppro/contract';
import { ApiError, graphql } from '../../../lib/api/index.ts';

/** Sends one typed operation through the app's graph client and validates its `data`. */
export async function request<Variables extends Record<string, unknown>, Result>(
  operation: GraphOperation<Variables, Result>,
  variables: Variables,
): Promise<Result> {
  const data = await graphql<unknown>(operation.document, variables);
  const parsed = operation.result.safeParse(data);
  if (!parsed.success) {
    console.warn('GraphQL: unexpected result', parsed.error.issues[0]);
    throw new ApiError('BAD_RESPONSE', 'The graph service answered something unexpected.', 200, false);
  }
  return parsed.data;
}
