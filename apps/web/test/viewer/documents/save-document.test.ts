import type { DocumentRevisions } from '@ceppro/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/lib/api/index.ts';
import { useToastStore } from '../../../src/stores/toast-store.ts';
import {
  baseOf,
  columnDocument,
  drawingDocument,
  noteRevisions,
  type DocumentBase,
} from '../../../src/features/viewer/documents/document-revisions.ts';
import { saveDocument } from '../../../src/features/viewer/documents/save-document.ts';

/*
 * The one save path of the record's documents against a stand-in for the server's compare-and-set
 * (`update_analysis_record(base_documents)`: written only while the stored revision is the named one,
 * else CONFLICT). The viewer's local document is a plain variable here.
 */

interface Plan {
  moves: number[];
}

/** One stored document with its revision, refusing a save whose base is not the stored revision. */
function storedDocument(name: string, initial: Plan) {
  let doc = initial;
  let revision = 1;
  const revisions = (): DocumentRevisions => ({ documents: { [name]: `r${revision}` }, drawing: {} });
  const bases: Array<DocumentBase | undefined> = [];
  return {
    read: () => ({ doc, revisions: revisions() }),
    /** Someone else's save (another member, another tab). */
    writeElsewhere(next: Plan) {
      doc = next;
      revision += 1;
    },
    bases,
    async save(next: Plan, base: { base?: DocumentBase }) {
      bases.push(base.base);
      if (base.base !== undefined && base.base[name] !== `r${revision}`) {
        throw new ApiError('CONFLICT', 'The analysis record changed since these edits started; reload it.', 409, false);
      }
      doc = next;
      revision += 1;
      return { update_analysis_record: { document_revisions: revisions() } };
    },
  };
}

const toasts = () => useToastStore.getState().toasts;

describe('saveDocument', () => {
  beforeEach(() => useToastStore.getState().clearAll());

  it('names the revision last read, then the one each answer gave: one viewer saves in sequence', async () => {
    const server = storedDocument('vto_sto_config', { moves: [0] });
    const document = columnDocument(101, 'vto_sto_config');
    noteRevisions(document, server.read().revisions);
    const reloads: number[] = [];
    for (const n of [1, 2, 3]) {
      await saveDocument({
        document,
        send: (base) => server.save({ moves: [n] }, base),
        revisions: (answer) => answer.update_analysis_record.document_revisions,
        reload: () => reloads.push(n),
      });
    }
    expect(server.bases).toEqual([{ vto_sto_config: 'r1' }, { vto_sto_config: 'r2' }, { vto_sto_config: 'r3' }]);
    expect(server.read().doc).toEqual({ moves: [3] });
    expect(reloads).toEqual([]);
    expect(toasts()).toEqual([]);
  });

  it('refused as stale: the message is shown, the newer stored state replaces the local one, and the next save lands', async () => {
    const server = storedDocument('superimposition_data', { moves: [0] });
    const document = columnDocument(102, 'superimposition_data');
    let local = server.read().doc;
    noteRevisions(document, server.read().revisions);
    // Another tab saves first, from the same revision.
    server.writeElsewhere({ moves: [7] });
    local = { moves: [1] };
    const reload = () => {
      const read = server.read();
      noteRevisions(document, read.revisions);
      local = read.doc;
    };
    const save = () =>
      saveDocument({
        document,
        send: (base) => server.save(local, base),
        revisions: (answer) => answer.update_analysis_record.document_revisions,
        reload,
      });
    await expect(save()).rejects.toMatchObject({ code: 'CONFLICT' });
    // The stored state is the other tab's; this viewer now shows it, and says why.
    expect(server.read().doc).toEqual({ moves: [7] });
    expect(local).toEqual({ moves: [7] });
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]).toMatchObject({
      kind: 'warning',
      title: { key: 'viewer.documentConflictTitle' },
      text: { key: 'viewer.documentConflict' },
    });
    // An edit made on the newer state is saved from its revision.
    local = { moves: [7, 8] };
    await save();
    expect(server.read().doc).toEqual({ moves: [7, 8] });
  });

  it('passes other failures on without the message or a reload', async () => {
    const document = columnDocument(103, 'ruler_info');
    let reloaded = false;
    const failing = saveDocument({
      document,
      send: () => Promise.reject(new ApiError('NETWORK', 'offline', 0, false)),
      revisions: () => null,
      reload: () => {
        reloaded = true;
      },
    });
    await expect(failing).rejects.toMatchObject({ code: 'NETWORK' });
    expect(reloaded).toBe(false);
    expect(toasts()).toEqual([]);
  });

  it('names the revisions of just its own keys of drawing_result, and no base for a document never read', async () => {
    const film = drawingDocument(104, ['film']);
    expect(baseOf(film)).toBeNull();
    noteRevisions(film, { documents: {}, drawing: { coords: 'aa', film: 'bb' } });
    expect(baseOf(film)).toEqual({ film: 'bb' });
    // A key absent from the stored document: its base is null (absent), never left out.
    const pad = drawingDocument(104, ['coords', 'superimpositionCoords']);
    noteRevisions(pad, { documents: {}, drawing: { coords: 'aa', film: 'bb' } });
    expect(baseOf(pad)).toEqual({ coords: 'aa', superimpositionCoords: null });
    let sent: { base?: DocumentBase } | null = null;
    await saveDocument({
      document: drawingDocument(105, ['norms']),
      send: async (base) => {
        sent = base;
        return null;
      },
      revisions: () => undefined,
      reload: () => undefined,
    });
    expect(sent).toEqual({});
  });

  it('a save the server refuses for naming no revision: the message is shown and the stored state read again', async () => {
    const document = columnDocument(106, 'profilogram_result');
    let reloads = 0;
    const refused = saveDocument({
      document,
      // The server's answer to a save without a base (packages/contract errors.ts REVISION_REQUIRED, HTTP 428).
      send: (base) =>
        base.base === undefined
          ? Promise.reject(new ApiError('REVISION_REQUIRED', 'Name the revision this save starts from.', 428, false))
          : Promise.resolve(null),
      revisions: () => undefined,
      reload: () => {
        reloads += 1;
      },
    });
    await expect(refused).rejects.toMatchObject({ code: 'REVISION_REQUIRED' });
    expect(reloads).toBe(1);
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]).toMatchObject({
      kind: 'warning',
      title: { key: 'viewer.documentRevisionRequiredTitle' },
      text: { key: 'viewer.documentRevisionRequired' },
    });
  });

  it('the landmarks: saved from the record revision; a stale save shows their message and reads the record again', async () => {
    let revision = 7;
    const sent: number[] = [];
    const send = ({ base }: { base: number }) => {
      sent.push(base);
      if (base !== revision) return Promise.reject(new ApiError('CONFLICT', 'stale', 409, false));
      revision += 1;
      return Promise.resolve(revision);
    };
    let reloads = 0;
    const reload = () => {
      reloads += 1;
    };
    expect(await saveDocument({ recordRevision: 7, send, reload })).toBe(8);
    // Another tab saved (or a new AI result moved the record) since revision 8 was read.
    revision = 9;
    await expect(saveDocument({ recordRevision: 8, send, reload })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(sent).toEqual([7, 8]);
    expect(reloads).toBe(1);
    expect(toasts()).toEqual([
      expect.objectContaining({ kind: 'warning', title: { key: 'viewer.saveConflictTitle' }, text: { key: 'viewer.saveConflict' } }),
    ]);
  });
});
