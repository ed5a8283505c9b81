import { describe, expect, it } from 'vitest';
import {
  HISTORY_LIMIT,
  recordEdit,
  stepHistory,
  withoutKind,
  type History,
} from '../../../src/features/viewer/documents/record-history.ts';

/* The record's one undo/redo history as plain data: edits, merges, steps back and forth, dropping a kind. */

const EMPTY: History<string> = { past: [], future: [] };

describe('record history', () => {
  it('an edit adds an entry with the value before and after, and drops what could be redone', () => {
    const one = recordEdit(EMPTY, 'ruler', null, 1);
    const undone = stepHistory(one, 'past')!;
    expect(undone.value).toBeNull();
    expect(undone.next).toEqual({ past: [], future: [{ kind: 'ruler', before: null, after: 1, merge: undefined }] });
    const redone = stepHistory(undone.next, 'future')!;
    expect(redone.value).toBe(1);
    expect(redone.next).toEqual(one);
    expect(recordEdit(undone.next, 'growth', 'a', 'b').future).toEqual([]);
  });

  it.each([
    ['same key, same kind: one entry from the first before', 'opacity', 'vto', 'opacity', 1],
    ['another key: a new entry', 'opacity', 'vto', 'blend', 2],
    ['same key, another kind: a new entry', 'opacity', 'drawing', 'opacity', 2],
    ['no key: a new entry', undefined, 'vto', undefined, 2],
  ] as const)('merging: %s', (_, firstKey, secondKind, secondKey, entries) => {
    const first = recordEdit(EMPTY, 'vto', 0, 1, firstKey);
    const second = recordEdit(first, secondKind, 1, 2, secondKey);
    expect(second.past).toHaveLength(entries);
    if (entries === 1) expect(second.past[0]).toMatchObject({ before: 0, after: 2 });
  });

  it('does not merge into an entry after an undo', () => {
    const two = recordEdit(recordEdit(EMPTY, 'vto', 0, 1, 'k'), 'drawing', 'a', 'b');
    const undone = stepHistory(two, 'past')!.next;
    expect(recordEdit(undone, 'vto', 1, 2, 'k').past).toHaveLength(2);
  });

  it(`keeps the last ${HISTORY_LIMIT} entries`, () => {
    let h = EMPTY;
    for (let n = 0; n < HISTORY_LIMIT + 5; n++) h = recordEdit(h, 'vto', n, n + 1);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toMatchObject({ before: 5 });
  });

  it('nothing to undo or redo: null; a kind read again loses its entries on both sides', () => {
    expect(stepHistory(EMPTY, 'past')).toBeNull();
    expect(stepHistory(EMPTY, 'future')).toBeNull();
    const h = stepHistory(recordEdit(recordEdit(EMPTY, 'vto', 0, 1), 'ruler', null, 2), 'past')!.next;
    expect(withoutKind(h, 'ruler')).toEqual({ past: [{ kind: 'vto', before: 0, after: 1, merge: undefined }], future: [] });
    expect(withoutKind(h, 'vto').future).toHaveLength(1);
  });
});
