import { describe, expect, it } from 'vitest';
import { parseDefinitions } from '../src/eval-definitions.ts';

describe('eval:landmarks --definitions', () => {
  it.each([
    [undefined, null],
    ['Po=machine', { Po: 'machine', Go: 'anatomical', Me: 'isbi' }],
    ['Po=machine,Go=constructed,Me=lowest', { Po: 'machine', Go: 'constructed', Me: 'lowest' }],
    ['Go=tangent-intersection', { Po: 'anatomical', Go: 'tangent-intersection', Me: 'isbi' }],
  ])('%s', (arg, expected) => {
    expect(parseDefinitions(arg)).toEqual(expected);
  });

  it.each(['Po=ear', 'Xx=machine', 'Po'])('refuses %s and says what it takes', (arg) => {
    expect(() => parseDefinitions(arg)).toThrow(/Po=anatomical\|machine/);
  });
});
