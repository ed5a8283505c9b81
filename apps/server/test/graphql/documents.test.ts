import * as contract from '@ceppro/contract';
import { buildSchema, parse, validate, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { typeDefs } from '../../src/features/graphql/schema.graphql';

/**
 * Every GraphQL document the web app sends lives in `@ceppro/contract` as a `GraphOperation`. Each
 * one is parsed and validated against the server's schema here, so a renamed or removed field, a
 * wrong argument or a mistyped variable fails this test (and CI) instead of a screen in the browser.
 */
interface Operation {
  readonly document: string;
  readonly result: unknown;
}

function isOperation(value: unknown): value is Operation {
  return typeof value === 'object' && value !== null && typeof (value as { document?: unknown }).document === 'string' && 'result' in value;
}

function problems(schema: GraphQLSchema, document: string): string[] {
  try {
    return validate(schema, parse(document)).map((error) => error.message);
  } catch (error) {
    return [(error as Error).message];
  }
}

const schema = buildSchema(typeDefs);
const operations = (Object.entries(contract) as Array<[string, unknown]>).flatMap(
  ([name, value]): Array<[string, Operation]> => (isOperation(value) ? [[name, value]] : []),
);

describe('the contract GraphQL documents', () => {
  it('are all found (the web sends about two dozen)', () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
  });

  it.each(operations.map(([name, op]) => [name, op.document] as const))('%s validates against the server schema', (_name, document) => {
    expect(problems(schema, document)).toEqual([]);
  });

  it('reports a renamed field, a wrong argument and a mistyped variable', () => {
    expect(problems(schema, 'query { patients { items { first_nam } } }').join(' ')).toMatch(/first_nam/);
    expect(problems(schema, 'query($id: String!) { patient(id: $id) { id } }').join(' ')).toMatch(/String!/);
    expect(problems(schema, 'query { patient(nope: 1) { id } }').join(' ')).toMatch(/nope/);
  });
});
