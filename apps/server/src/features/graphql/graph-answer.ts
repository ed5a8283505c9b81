import { httpStatusOf } from '@ceppro/contract';
import type { FieldNode, FragmentDefinitionNode, GraphQLResolveInfo, SelectionNode } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { AppError } from '../../errors/app-error';
import type { GraphContext } from './graph-context';

const MB = 1024 * 1024;

/**
 * How large one answer may be. The probe's document (15 aliases, each listing 100 records with
 * five 250 KB documents) built 1.9 GB and blocked the event loop for 56 s; the field-counting cost
 * limit (graph-limits.ts) cannot see bytes, so documents are counted here, before they are read.
 */
export const ANSWER_LIMITS = {
  /** A serialised answer over this is never sent (a last check: the budget below refuses first). */
  bytes: 16 * MB,
  /**
   * Stored documents one answer may carry, taken from their stored sizes before they are read
   * (two whole records; the viewer reads one record's two landmark documents). Serialising 4 MB of
   * landmark JSON takes about 30 ms of one core, 16 MB 120 to 180 ms, in one piece. The small
   * fields the lists add are bounded by their page sizes and the alias limit (a few MB at most).
   */
  documentBytes: 4 * MB,
} as const;

/** The per-request budget for documents (`GraphContext.answer`). */
export interface AnswerBudget {
  /** Takes `bytes` from the budget, or throws RESPONSE_TOO_LARGE; after one refusal every call refuses. */
  reserve(bytes: number): void;
  /**
   * Runs document reads of one answer one after another (aliases would otherwise count and read
   * side by side), and none at all once the answer was refused.
   */
  inTurn<T>(work: () => Promise<T>): Promise<T>;
}

export function createAnswerBudget(limit: number = ANSWER_LIMITS.documentBytes): AnswerBudget {
  let left = limit;
  let turn: Promise<unknown> = Promise.resolve();
  const refuse = (): never => {
    left = -1;
    throw new AppError('RESPONSE_TOO_LARGE', `The answer would carry more than ${limit / MB} MB of documents; ask for fewer.`);
  };
  return {
    reserve(bytes) {
      if (bytes > left) refuse();
      left -= bytes;
    },
    inTurn(work) {
      const run = turn.then(() => (left < 0 ? refuse() : work()));
      turn = run.catch(() => undefined);
      return run;
    },
  };
}

/** The fields a selection asks for, by response key (an alias is its own key; fragments are spread in). */
function byResponseKey(nodes: readonly FieldNode[], fragments: Record<string, FragmentDefinitionNode>): Map<string, FieldNode[]> {
  const keys = new Map<string, FieldNode[]>();
  const visit = (selections: readonly SelectionNode[]): void => {
    for (const selection of selections) {
      if (selection.kind === 'Field') {
        const key = selection.alias?.value ?? selection.name.value;
        keys.set(key, [...(keys.get(key) ?? []), selection]);
      } else if (selection.kind === 'InlineFragment') {
        visit(selection.selectionSet.selections);
      } else {
        const fragment = fragments[selection.name.value];
        if (fragment) visit(fragment.selectionSet.selections);
      }
    }
  };
  for (const node of nodes) if (node.selectionSet) visit(node.selectionSet.selections);
  return keys;
}

/**
 * How many times the answer to the resolving field carries each of `names` per object found at
 * `path` below it (`['items']` for a page's records): once per response key, so aliases of one
 * field, or of a step of the path, each count. `@skip`/`@include` are not evaluated (counted as asked).
 */
export function askedFields<N extends string>(
  info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>,
  names: readonly N[],
  path: readonly string[] = [],
): Partial<Record<N, number>> {
  const counts: Partial<Record<N, number>> = {};
  const wanted = new Set<string>(names);
  const walk = (nodes: readonly FieldNode[], rest: readonly string[]): void => {
    for (const fields of byResponseKey(nodes, info.fragments).values()) {
      const name = fields[0]?.name.value ?? '';
      if (rest.length > 0) {
        if (name === rest[0]) walk(fields, rest.slice(1));
      } else if (wanted.has(name)) {
        counts[name as N] = (counts[name as N] ?? 0) + 1;
      }
    }
  };
  walk(info.fieldNodes, path);
  return counts;
}

export const countOf = (counts: Partial<Record<string, number>>): number => Object.values(counts).reduce<number>((n, c) => n + (c ?? 0), 0);

/**
 * An answer over budget is refused whole, with the catalogue's HTTP status and nothing of what
 * was read: the resolver that hit the budget threw RESPONSE_TOO_LARGE before reading its documents.
 */
export function useAnswerLimit(): Plugin<GraphContext> {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || Symbol.asyncIterator in result || !result.errors) return;
      const refusal = result.errors.find((error) => error.extensions?.['code'] === 'RESPONSE_TOO_LARGE');
      if (!refusal) return;
      setResult({
        errors: [
          createGraphQLError(refusal.message, {
            path: refusal.path,
            extensions: { code: 'RESPONSE_TOO_LARGE', http: { status: httpStatusOf('RESPONSE_TOO_LARGE') } },
          }),
        ],
      });
    },
  };
}

/** The answer sent instead of a serialised one over `ANSWER_LIMITS.bytes` (which the budget should never let happen). */
export function tooLargeAnswer(): string {
  return JSON.stringify({
    errors: [
      {
        message: `The answer would be larger than ${ANSWER_LIMITS.bytes / MB} MB; ask for less.`,
        extensions: { code: 'RESPONSE_TOO_LARGE' },
      },
    ],
  });
}
