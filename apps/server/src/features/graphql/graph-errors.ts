import { httpStatusOf, isErrorCode } from '@ceppro/contract';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { ASTVisitor, FieldNode, GraphQLError, ValidationContext } from 'graphql';
import { ZodError } from 'zod';
import { AppError } from '../../errors/app-error';
import type { GraphContext } from './graph-context';

interface GraphErrorLike {
  message: string;
  originalError?: unknown;
  path?: ReadonlyArray<string | number>;
  extensions?: Record<string, unknown>;
}

/**
 * By name, not instanceof: the graphql package can be loaded twice (its ESM and CJS builds), and
 * an error from the other copy must still be recognised.
 */
function asGraphError(error: unknown): GraphErrorLike | null {
  return error instanceof Error && error.name === 'GraphQLError' ? (error as GraphErrorLike) : null;
}

/**
 * Resolver refusals answered with their catalogue HTTP status instead of 200: a request that can never
 * succeed as sent (a document save naming no revision, 428), so proxies and logs see it as the
 * client's error. Other resolver errors stay in a 200 answer beside any data (GraphQL's convention).
 */
const ANSWERED_WITH_STATUS: ReadonlySet<string> = new Set(['REVISION_REQUIRED']);

/**
 * The GraphQL side of the one error mapping (docs/house-rules.md §12): an AppError keeps its contract code
 * and safe message, a ZodError becomes VALIDATION_FAILED naming the field, anything else becomes
 * INTERNAL with a generic message (causes can hold SQL or patient data; they are only logged).
 */
export function toGraphError(error: unknown, log: (error: unknown) => void): GraphQLError {
  const graph = asGraphError(error);
  // Resolver errors arrive wrapped (possibly twice) in a GraphQLError; find the thrown one.
  let original: unknown = graph ? graph.originalError : error;
  while (asGraphError(original)?.originalError) original = asGraphError(original)?.originalError;
  const path = graph?.path;
  if (original instanceof AppError) {
    const http = ANSWERED_WITH_STATUS.has(original.code) && { http: { status: httpStatusOf(original.code) } };
    return createGraphQLError(original.message, { path, extensions: { code: original.code, ...http } });
  }
  if (original instanceof ZodError) {
    const issue = original.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return createGraphQLError(`${where}${issue?.message ?? 'invalid input'}`, { path, extensions: { code: 'VALIDATION_FAILED' } });
  }
  // A GraphQLError with no cause is the engine's own (syntax, unknown field, bad variable): its
  // message describes the request, not stored data, so it is kept, with the engine's HTTP status.
  const engine =
    graph && (original === undefined || original === null || asGraphError(original)) ? (asGraphError(original) ?? graph) : null;
  if (engine) {
    // A code of ours set before execution (GRAPHQL_LIMIT from graph-limits.ts) is kept with its
    // catalogue status; Yoga marks parse errors `spec`, which would turn that status into a 200.
    const own = engine.extensions?.['code'];
    if (isErrorCode(own))
      return createGraphQLError(engine.message, { path, extensions: { code: own, http: { status: httpStatusOf(own) } } });
    const http = engine.extensions?.['http'];
    return createGraphQLError(engine.message, { path, extensions: { code: 'BAD_REQUEST', ...(http !== undefined && { http }) } });
  }
  log(original ?? error);
  return createGraphQLError('An unexpected error occurred.', { path, extensions: { code: 'INTERNAL' } });
}

/**
 * Errors the engine raises before execution (validation of the document and of variables) do not
 * pass through maskError and carry Yoga's own codes; this rewrites any code outside the contract's
 * catalogue to BAD_REQUEST so clients only ever see catalogue codes.
 */
export function useCatalogueCodes(): Plugin<GraphContext> {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || Symbol.asyncIterator in result || !result.errors) return;
      const errors = result.errors.map((error) => {
        const code = error.extensions?.['code'];
        if (isErrorCode(code)) return error;
        return createGraphQLError(error.message, {
          nodes: error.nodes,
          path: error.path,
          extensions: { ...error.extensions, code: 'BAD_REQUEST' },
        });
      });
      setResult({ ...result, errors });
    },
  };
}

/**
 * Production hides the schema. `__schema` and `__type` are the only ways into introspection
 * (`__typename` stays: clients use it). A rule of our own rather than graphql's
 * NoSchemaIntrospectionCustomRule, which checks types by instanceof (see the JSON scalar).
 */
export function useNoIntrospection(): Plugin<GraphContext> {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(
        (context: ValidationContext): ASTVisitor => ({
          Field(node: FieldNode) {
            if (node.name.value === '__schema' || node.name.value === '__type') {
              context.reportError(createGraphQLError('Introspection is disabled.', { nodes: [node], extensions: { code: 'BAD_REQUEST' } }));
            }
          },
        }),
      );
    },
  };
}

const SUGGESTION = ' Did you mean ';

/**
 * Production names no schema field, argument, type or enum value the caller did not write: the
 * engine's "Did you mean ...?" hints (unknown field or argument in the document, unknown enum value
 * or input field in the variables) would spell the schema out to a caller who cannot introspect it.
 * The hint always ends the message, so the message is cut before it.
 */
export function useNoSuggestions(): Plugin<GraphContext> {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || Symbol.asyncIterator in result || !result.errors) return;
      if (!result.errors.some((error) => error.message.includes(SUGGESTION))) return;
      const errors = result.errors.map((error) => {
        const at = error.message.lastIndexOf(SUGGESTION);
        if (at < 0 || !error.message.endsWith('?')) return error;
        return createGraphQLError(error.message.slice(0, at), { nodes: error.nodes, path: error.path, extensions: error.extensions });
      });
      setResult({ ...result, errors });
    },
  };
}
