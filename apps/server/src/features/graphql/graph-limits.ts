import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import type { ASTVisitor, ValidationContext } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { GraphContext } from './graph-context';

/**
 * What one document may ask for. The web app's largest document (the patient list) has 62 tokens,
 * depth 5, no alias and no directive, and costs 63 (`test/graphql/limits.test.ts` runs every
 * contract document through these); the limits leave room for hand-written queries in GraphiQL
 * while refusing the probe's 5,000 repeated fields (17 s of validation) before it is validated.
 */
export const GRAPH_LIMITS = {
  /** Counted while parsing, so an oversized document never reaches validation. */
  tokens: 1_000,
  /** Selection-set nesting, fragments counted as a level; introspection is exempt. */
  depth: 8,
  aliases: 15,
  directives: 20,
  /**
   * graphql-armor's estimate: objects 2, scalars 1, times 1.5 per level. It counts fields, not
   * bytes: stored documents are counted by their size before they are read (graph-answer.ts).
   */
  cost: 500,
} as const;

/** Armor's own error carries no code; ours is the contract's, with HTTP 400 for Yoga's response. */
function reject(_context: unknown, error: { message: string }): never {
  throw createGraphQLError(error.message.replace(/^Syntax Error: /, ''), { extensions: { code: 'GRAPHQL_LIMIT', http: { status: 400 } } });
}

/**
 * graphql-armor's Envelop plugins, in the order they run: tokens during parsing, then depth,
 * aliases, directives and cost as validation rules that stop validation at the first excess, so
 * nothing is resolved.
 */
export function useGraphLimits(): Array<Plugin<GraphContext>> {
  const onReject = [reject];
  return [
    maxTokensPlugin({ n: GRAPH_LIMITS.tokens, onReject }),
    maxDepthPlugin({ n: GRAPH_LIMITS.depth, onReject }),
    maxAliasesPlugin({ n: GRAPH_LIMITS.aliases, onReject }),
    maxDirectivesPlugin({ n: GRAPH_LIMITS.directives, onReject }),
    costLimitPlugin({ maxCost: GRAPH_LIMITS.cost, onReject }),
  ] as Array<Plugin<GraphContext>>;
}

/**
 * A string literal holding U+0000 (`"a\\u0000"` in the document) is refused like one in a variable
 * (the HTTP body guard): PostgreSQL text and jsonb cannot store it, so it must never reach a resolver.
 */
export function useNoNulLiterals(): Plugin<GraphContext> {
  // Thrown, not reported, as armor's limits do: the document is refused unrun with HTTP 400.
  const rule = (_context: ValidationContext): ASTVisitor => ({
    StringValue(node) {
      if (node.value.includes('\u0000')) {
        throw createGraphQLError('Text may not contain NUL (U+0000) characters.', {
          nodes: [node],
          extensions: { code: 'VALIDATION_FAILED', http: { status: 400 } },
        });
      }
    },
  });
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(rule);
    },
  };
}
