import type { DocumentRevisions } from '@ceppro/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/lib/api/index.ts';
import { useToastStore } from '../../../src/stores/toast-store.ts';
import { baseOf, columnDocument, noteRevisions } from '../../../src/features/viewer/documents/document-revisions.ts';
import {
  createRecordStore,
  HISTORY_LIMIT,
  type DocumentRevision,
  type DocumentSpec,
  type RecordStore,
  type SchedulerClock,
} from '../../../src/features/viewer/documents/record-store.ts';
import { saveDocument } from '../../../src/features/viewer/documents/save-document.ts';

/*
 * The record store: every document of the open record with its base revision, one undo/redo history
 * across them, one debounced autosave on an injected clock, the conflict path.
 */

/** Timers that run only when the test moves time on. */
function manualClock() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: SchedulerClock = {
    set: (fn, ms) => {
      timers.set(next, { at: now + ms, fn });
      return next++;
    },
    clear: (id) => void timers.delete(id as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at > now) continue;
      timers.delete(id);
      timer.fn();
    }
  };
  return { clock, advance, pending: () => timers.size };
}

interface Save {
  kind: string;
  value: unknown;
  revision: DocumentRevision;
}

/** A spec whose saves are recorded; each answers the next revision number (a stand-in for the server). */
function recordingSpec<T>(kind: string, saves: Save[], extra: Partial<DocumentSpec<T>> = {}): DocumentSpec<T> {
  return {
    save: async (value, { revision }) => {
      saves.push({ kind, value, revision });
      return typeof revision === 'number' ? revision + 1 : revision;
    },
    ...extra,
  };
}

type Points = Record<string, number>;
type Shapes = string[];

let time: ReturnType<typeof manualClock>;
let store: RecordStore;
let saves: Save[];

beforeEach(() => {
  time = manualClock();
  store = createRecordStore(time.clock);
  saves = [];
  store.load<Points>('landmarks', 7, { S: 1 }, 3);
  store.load<Shapes>('drawing', 7, [], 10);
});

const landmarks = () => store.value<Points>('landmarks');
const drawing = () => store.value<Shapes>('drawing');

describe('one history across the documents', () => {
  it('undoes the last edit whatever document it touched, in order, and redoes them', () => {
    store.edit<Points>('landmarks', { S: 2 });
    store.edit<Shapes>('drawing', ['line']);
    expect(store.getState().past.map((e) => e.kind)).toEqual(['landmarks', 'drawing']);

    store.undo();
    expect(drawing()).toEqual([]);
    expect(landmarks()).toEqual({ S: 2 });
    store.undo();
    expect(landmarks()).toEqual({ S: 1 });
    expect(store.canUndo()).toBe(false);

    store.redo();
    expect(landmarks()).toEqual({ S: 2 });
    expect(drawing()).toEqual([]);
    store.redo();
    expect(drawing()).toEqual(['line']);
    expect(store.canRedo()).toBe(false);
  });

  it('drops the redo branch on a new edit, records no entry for an edit that changes nothing, and keeps a bounded past', () => {
    store.edit<Points>('landmarks', { S: 2 });
    store.undo();
    store.edit<Shapes>('drawing', ['a']);
    expect(store.canRedo()).toBe(false);
    store.edit<Shapes>('drawing', ['a']);
    expect(store.getState().past).toHaveLength(1);
    for (let i = 0; i < HISTORY_LIMIT + 5; i += 1) store.edit<Points>('landmarks', { S: 100 + i });
    expect(store.getState().past).toHaveLength(HISTORY_LIMIT);
  });

  it('makes one entry of successive edits with the same merge key, and none of an edit kept out of the history', () => {
    store.edit<Shapes>('drawing', ['a'], { merge: 'opacity' });
    store.edit<Shapes>('drawing', ['b'], { merge: 'opacity' });
    store.edit<Shapes>('drawing', ['c'], { merge: 'opacity' });
    store.edit<Shapes>('drawing', ['c', 'derived'], { history: false });
    expect(store.getState().past).toEqual([{ kind: 'drawing', before: [], after: ['c'], merge: 'opacity' }]);
    store.undo();
    expect(drawing()).toEqual([]);
  });

  it('refuses to undo an entry of a document the user may not change now', () => {
    let editable = true;
    store.register<Points>('landmarks', recordingSpec('landmarks', saves, { editable: () => editable, delayMs: () => null }));
    store.edit<Points>('landmarks', { S: 2 });
    editable = false;
    store.undo();
    expect(landmarks()).toEqual({ S: 2 });
    editable = true;
    store.undo();
    expect(landmarks()).toEqual({ S: 1 });
  });
});

describe('one autosave', () => {
  it('saves after the quiet period on the injected clock, only the dirty documents, each from its own revision', async () => {
    store.register<Points>('landmarks', recordingSpec('landmarks', saves, { delayMs: () => 600 }));
    store.register<Shapes>('drawing', recordingSpec('drawing', saves, { delayMs: () => 600 }));
    store.edit<Points>('landmarks', { S: 2 });
    time.advance(599);
    store.edit<Points>('landmarks', { S: 3 });
    time.advance(599);
    expect(saves).toEqual([]);
    time.advance(1);
    await store.settled();
    expect(saves).toEqual([{ kind: 'landmarks', value: { S: 3 }, revision: 3 }]);
    expect(store.getState().docs.landmarks).toMatchObject({ dirty: false, status: 'saved', revision: 4 });
    expect(store.getState().docs.drawing).toMatchObject({ dirty: false, status: 'clean' });

    // The next save names the revision the last one reached; a document edited back to what is stored is not sent.
    store.edit<Points>('landmarks', { S: 4 });
    store.edit<Shapes>('drawing', ['x']);
    store.edit<Shapes>('drawing', []);
    time.advance(600);
    await store.settled();
    expect(saves.slice(1)).toEqual([{ kind: 'landmarks', value: { S: 4 }, revision: 4 }]);
  });

  it('waits for a flush for a kind that saves on leaving, and flushes at once on demand', async () => {
    store.register<Points>('landmarks', recordingSpec('landmarks', saves, { delayMs: () => null }));
    store.register<Shapes>('drawing', recordingSpec('drawing', saves, { delayMs: () => 600 }));
    store.edit<Points>('landmarks', { S: 2 });
    store.edit<Shapes>('drawing', ['a']);
    time.advance(10_000);
    await store.settled();
    expect(saves.map((s) => s.kind)).toEqual(['drawing']);
    await store.flush();
    expect(saves.map((s) => s.kind)).toEqual(['drawing', 'landmarks']);
    expect(time.pending()).toBe(0);
  });

  it('saves an undo like any edit', async () => {
    store.register<Shapes>('drawing', recordingSpec('drawing', saves));
    store.edit<Shapes>('drawing', ['a']);
    await store.settled();
    store.undo();
    await store.settled();
    expect(saves.map((s) => s.value)).toEqual([['a'], []]);
  });

  it('sends an edit made while a save runs right after it; a failed save stays dirty and goes on the next flush', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let fail = false;
    store.register<Shapes>('drawing', {
      save: async (value, { revision }) => {
        if (fail) throw new Error('network down');
        saves.push({ kind: 'drawing', value, revision });
        await gate;
        return (revision as number) + 1;
      },
      delayMs: () => null,
    });
    store.edit<Shapes>('drawing', ['a']);
    const first = store.flush();
    expect(store.getState().docs.drawing?.status).toBe('saving');
    store.edit<Shapes>('drawing', ['a', 'b']);
    const second = store.flush();
    release();
    await Promise.all([first, second]);
    expect(saves.map((s) => [s.value, s.revision])).toEqual([
      [['a'], 10],
      [['a', 'b'], 11],
    ]);

    fail = true;
    store.edit<Shapes>('drawing', ['c']);
    await store.flush();
    expect(store.getState().docs.drawing).toMatchObject({ dirty: true, status: 'error' });
    fail = false;
    await store.flush();
    expect(store.getState().docs.drawing).toMatchObject({ dirty: false, status: 'saved' });
  });

  it('sends best-effort unload saves of the unsaved documents only', () => {
    const unloads: string[] = [];
    store.register<Points>('landmarks', {
      ...recordingSpec('landmarks', saves),
      delayMs: () => null,
      saveOnUnload: () => unloads.push('landmarks'),
    });
    store.register<Shapes>('drawing', {
      ...recordingSpec('drawing', saves),
      delayMs: () => null,
      saveOnUnload: () => unloads.push('drawing'),
    });
    store.edit<Shapes>('drawing', ['a']);
    store.unload();
    expect(unloads).toEqual(['drawing']);
  });

  it('sends what is unsaved before another record replaces the documents', async () => {
    store.register<Shapes>('drawing', recordingSpec('drawing', saves, { delayMs: () => null }));
    store.edit<Shapes>('drawing', ['a']);
    store.load<Points>('landmarks', 8, {}, 1);
    await store.settled();
    expect(saves).toEqual([{ kind: 'drawing', value: ['a'], revision: 10 }]);
    expect(store.getState()).toMatchObject({ recordId: 8, past: [] });
    expect(store.getState().docs.drawing).toBeUndefined();
  });
});

describe('conflicts and reloads', () => {
  beforeEach(() => useToastStore.getState().clearAll());

  it('a refused save keeps nothing to resend; the newer state read replaces the document and its history entries only', async () => {
    let conflicts = 0;
    store.register<Shapes>('drawing', {
      save: async () => {
        throw new ApiError('CONFLICT', 'stale', 409, false);
      },
      onConflict: () => {
        conflicts += 1;
        store.load<Shapes>('drawing', 7, ['theirs'], 12);
      },
    });
    store.edit<Points>('landmarks', { S: 2 });
    store.edit<Shapes>('drawing', ['mine']);
    await store.settled();
    expect(conflicts).toBe(1);
    expect(drawing()).toEqual(['theirs']);
    expect(store.getState().docs.drawing).toMatchObject({ dirty: false, revision: 12 });
    expect(store.getState().past.map((e) => e.kind)).toEqual(['landmarks']);
    await store.flush();
    expect(conflicts).toBe(1);
  });

  it('through saveDocument: the second of two conflicting saves is refused, the user is told and sees the newer state', async () => {
    // The server's compare-and-set of one column document.
    let stored = { moves: [0] };
    let revision = 1;
    const revisions = (): DocumentRevisions => ({ documents: { vto_sto_config: `r${revision}` }, drawing: {} });
    const doc = columnDocument(7, 'vto_sto_config');
    noteRevisions(doc, revisions());
    store.load('vto', 7, stored, baseOf(doc));
    store.register<{ moves: number[] }>('vto', {
      save: async (value) => {
        await saveDocument({
          document: doc,
          send: async ({ base }) => {
            if (base?.vto_sto_config !== `r${revision}`) throw new ApiError('CONFLICT', 'stale', 409, false);
            stored = value;
            revision += 1;
            return revisions();
          },
          revisions: (answer) => answer,
          reload: () => {
            noteRevisions(doc, revisions());
            store.load('vto', 7, stored, baseOf(doc));
          },
        });
        return baseOf(doc);
      },
    });
    // Another tab saves first.
    stored = { moves: [5] };
    revision += 1;
    store.edit('vto', { moves: [1] });
    await store.settled();
    expect(store.value('vto')).toEqual({ moves: [5] });
    expect(stored).toEqual({ moves: [5] });
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual([{ key: 'viewer.documentConflictTitle' }]);
  });

  it('a newer state that comes back after another chart was opened is not taken: that chart keeps its documents', async () => {
    let answer: (value: Shapes) => void = () => undefined;
    const reads: Array<Promise<boolean>> = [];
    store.register<Shapes>('drawing', {
      save: async () => {
        throw new ApiError('CONFLICT', 'stale', 409, false);
      },
      // As the save paths do: read the stored state, then take it only while record 7 is open.
      onConflict: () =>
        void reads.push(new Promise<Shapes>((resolve) => (answer = resolve)).then((v) => store.reload('drawing', 7, v, 12))),
    });
    store.edit<Shapes>('drawing', ['mine']);
    await store.flush('drawing');
    expect(reads).toHaveLength(1);
    // Another chart opens while the read is on its way.
    store.load<Shapes>('drawing', 8, ['other chart'], 40);
    answer(['theirs on 7']);
    expect(await reads[0]).toBe(false);
    expect(store.getState().recordId).toBe(8);
    expect(drawing()).toEqual(['other chart']);
    expect(store.getState().docs.drawing?.revision).toBe(40);
  });

  it('a newer state for the open record replaces its document', () => {
    store.edit<Shapes>('drawing', ['mine']);
    expect(store.reload<Shapes>('drawing', 7, ['theirs'], 12)).toBe(true);
    expect(store.getState().docs.drawing).toEqual({ value: ['theirs'], stored: ['theirs'], revision: 12, dirty: false, status: 'clean' });
    expect(store.getState().docs.landmarks?.value).toEqual({ S: 1 });
  });

  it('reading the record from the server again resets that document to the stored state, clean', () => {
    store.edit<Points>('landmarks', { S: 2 });
    store.load<Points>('landmarks', 7, { S: 9 }, 5);
    expect(store.getState().docs.landmarks).toEqual({ value: { S: 9 }, stored: { S: 9 }, revision: 5, dirty: false, status: 'clean' });
    expect(store.canUndo()).toBe(false);
  });
});
