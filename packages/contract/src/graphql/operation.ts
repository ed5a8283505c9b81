import { z } from 'zod';
import { endpoint } from '../endpoint';

/**
 * A GraphQL document the web app sends to `POST /graphql`, typed on both ends: `Variables` is what
 * the caller must pass, `result` validates what comes back in `data` (docs/house-rules.md §11: every
 * boundary validates). `Variables` is a phantom type: it exists only for the compiler.
 */
export interface GraphOperation<Variables, Result> {
  readonly document: string;
  readonly result: z.ZodType<Result>;
  readonly variables?: Variables;
}

export function graphOperation<Variables, Result>(document: string, result: z.ZodType<Result>): GraphOperation<Variables, Result> {
  return { document, result };
}

/** The variables type of an operation. */
export type VariablesOf<Op> = Op extends GraphOperation<infer V, unknown> ? V : never;
/** The validated `data` type of an operation. */
export type ResultOf<Op> = Op extends GraphOperation<unknown, infer R> ? R : never;

/** The body of `POST /graphql`: one document and its variables. */
export const graphRequestSchema = z.object({ query: z.string(), variables: z.record(z.string(), z.unknown()).optional() });

const graphEndpoint = { method: 'POST', path: '/graphql', auth: 'user', request: graphRequestSchema, answer: 'raw' } as const;

/**
 * The graph query service's one endpoint (answers `{ data, errors }`, not the envelope). A query is a
 * read, safe to send again after a lost answer; a mutation is not (a lost create_patient must not
 * create a second patient).
 */
export const GRAPHQL_ENDPOINTS = {
  query: endpoint({ ...graphEndpoint, idempotent: true }),
  mutation: endpoint(graphEndpoint),
} as const;
