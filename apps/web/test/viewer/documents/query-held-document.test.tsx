import type { DocumentRevisions } from '@ceppro/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/lib/api/index.ts';
import { useToastStore } from '../../../src/stores/toast-store.ts';
import { columnDocument, type DocumentBase } from '../../../src/features/viewer/documents/document-revisions.ts';
import { recordStore } from '../../../src/features/viewer/documents/record-store.ts';
import { queryDocument, saveQueryDocument, useQueryHeldDocument } from '../../../src/features/viewer/documents/use-held-document.ts';

/*
 * The generic query-read document (the ruler, norm choice, tracing templates and growth choice use it)
 * against a stand-in for the server's compare-and-set on one column (`update_analysis_record` with
 * `base_documents`: written only while the stored revision is the named one, else CONFLICT).
 */

interface Choice {
  n: number;
}

function storedColumn(initial: Choice | null) {
  let value = initial;
  let revision = 1;
  const revisions = (): DocumentRevisions => ({ documents: { ruler_info: `r${revision}` }, drawing: {} });
  const bases: Array<DocumentBase | undefined> = [];
  let reads = 0;
  let gate: Promise<void> | null = null;
  return {
    bases,
    reads: () => reads,
    value: () => value,
    read: async () => {
      reads += 1;
      if (gate) await gate;
      return { value, revisions: revisions() };
    },
    /** Holds the next reads back until the returned function is called (an answer still on its way). */
    holdReads(): () => void {
      let open: () => void = () => undefined;
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    },
    writeElsewhere(next: Choice) {
      value = next;
      revision += 1;
    },
    async save(next: Choice | null, base: { base?: DocumentBase }) {
      bases.push(base.base);
      if (base.base?.ruler_info !== `r${revision}`) {
        throw new ApiError('CONFLICT', 'The analysis record changed since these edits started; reload it.', 409, false);
      }
      value = next;
      revision += 1;
      return { document_revisions: revisions() };
    },
  };
}

const RECORD = 4242;

function setUp(initial: Choice | null, skipNull = false) {
  const server = storedColumn(initial);
  const doc = queryDocument({
    kind: 'ruler',
    queryKey: (recordId) => ['test', 'held', recordId],
    ref: (recordId) => columnDocument(recordId, 'ruler_info'),
    read: () => server.read(),
    send: async (_id, value: Choice | null, base) => (skipNull && value === null ? null : server.save(value, base)),
    revisions: (answer) => answer?.document_revisions,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useQueryHeldDocument(doc, RECORD), { wrapper });
  return { server, doc, client, hook };
}

describe('useQueryHeldDocument', () => {
  beforeEach(() => {
    recordStore.forget();
    useToastStore.getState().clearAll();
  });

  it('reads the document once, holds it in the record store and saves an edit from the revision read', async () => {
    const { server, doc, hook } = setUp({ n: 1 });
    await waitFor(() => expect(hook.result.current.held).toBe(true));
    expect(hook.result.current.value).toEqual({ n: 1 });
    expect(recordStore.value('ruler')).toEqual({ n: 1 });

    await act(() => saveQueryDocument(doc, RECORD, { n: 2 }));
    expect(hook.result.current.value).toEqual({ n: 2 });
    expect(server.value()).toEqual({ n: 2 });
    await act(() => saveQueryDocument(doc, RECORD, { n: 3 }));
    // Each save names the revision the one before it answered.
    expect(server.bases).toEqual([{ ruler_info: 'r1' }, { ruler_info: 'r2' }]);
    expect(server.reads()).toBe(1);

    // The edit is one step of the record's history: undo restores and saves the value before it.
    await act(async () => {
      recordStore.undo();
      await recordStore.settled();
    });
    expect(hook.result.current.value).toEqual({ n: 2 });
    expect(server.value()).toEqual({ n: 2 });
    expect(server.bases.at(-1)).toEqual({ ruler_info: 'r3' });
  });

  it('refuses a save from a state someone changed since: tells the user and shows the newer document', async () => {
    const { server, doc, client, hook } = setUp({ n: 1 });
    await waitFor(() => expect(hook.result.current.held).toBe(true));
    server.writeElsewhere({ n: 7 });

    await act(async () => {
      await expect(saveQueryDocument(doc, RECORD, { n: 2 })).rejects.toThrow('not stored');
    });
    expect(server.value()).toEqual({ n: 7 });
    await waitFor(() => expect(hook.result.current.value).toEqual({ n: 7 }));
    expect(client.getQueryData(['test', 'held', RECORD])).toEqual({ n: 7 });
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual([{ key: 'viewer.documentConflictTitle' }]);
    // The newer state was read with its revision: the next save names it and is written.
    await act(() => saveQueryDocument(doc, RECORD, { n: 8 }));
    expect(server.value()).toEqual({ n: 8 });
    expect(server.bases.at(-1)).toEqual({ ruler_info: 'r2' });
  });

  it('a refused save whose newer state comes back after another chart opened leaves that chart alone', async () => {
    const { server, doc, client, hook } = setUp({ n: 1 });
    await waitFor(() => expect(hook.result.current.held).toBe(true));
    server.writeElsewhere({ n: 7 });
    const answer = server.holdReads();
    await act(async () => {
      await expect(saveQueryDocument(doc, RECORD, { n: 2 })).rejects.toThrow('not stored');
    });
    expect(server.reads()).toBe(2);
    // The viewer moves on to another chart before the newer state arrives.
    act(() => recordStore.load('growth', RECORD + 1, { other: true }, null));
    answer();
    await waitFor(() => expect(client.getQueryData(['test', 'held', RECORD])).toEqual({ n: 7 }));
    expect(recordStore.getState().recordId).toBe(RECORD + 1);
    expect(recordStore.value('growth')).toEqual({ other: true });
    expect(recordStore.value('ruler')).toBeUndefined();
  });

  it('reads the document first when an edit comes before the query answered, and not for another open record', async () => {
    const { server, doc } = setUp({ n: 1 });
    recordStore.forget();
    recordStore.load('growth', RECORD + 1, null, null);
    expect(await saveQueryDocument(doc, RECORD, { n: 5 })).toBe(false);
    expect(server.bases).toEqual([]);

    recordStore.forget();
    expect(await saveQueryDocument(doc, RECORD, { n: 5 })).toBe(true);
    expect(server.value()).toEqual({ n: 5 });
    expect(server.bases).toEqual([{ ruler_info: 'r1' }]);
  });

  it('sends nothing when the document says the value is nothing to store', async () => {
    const { server, doc, hook } = setUp({ n: 1 }, true);
    await waitFor(() => expect(hook.result.current.held).toBe(true));
    await act(() => saveQueryDocument(doc, RECORD, null));
    expect(server.bases).toEqual([]);
    expect(recordStore.getState().docs.ruler?.status).toBe('saved');
  });
});
