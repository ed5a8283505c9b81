import {
  profilogramAutoQuery,
  profilogramRecordQuery,
  readProfilogramDocument,
  updateProfilogramMutation,
  type ProfilogramDocument,
} from '@ceppro/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { runOperation } from '../../../../lib/api/graph-operation.ts';
import { userConfigKeys } from '../../../../lib/api/user-config-keys.ts';
import { baseOf, columnDocument, noteRevisions } from '../../documents/document-revisions.ts';
import { recordStore } from '../../documents/record-store.ts';
import { saveDocument } from '../../documents/save-document.ts';
import { ensureHeld, useDocumentSaveState, useDocumentSpec, useHeldDocument } from '../../documents/use-held-document.ts';

/** Server-cache keys of the profilogram feature. */
export const profilogramKeys = {
  result: (recordId: number) => ['viewer', 'profilogram', recordId] as const,
  /** The "auto measurement on profilogram" setting, a slice of the user config. */
  auto: [...userConfigKeys.all, 'profilogram-auto'] as const,
};

const documentOf = (recordId: number) => columnDocument(recordId, 'profilogram_result');

/** Reads the stored document, noting its revision (the base of the next save). */
async function readStored(recordId: number, signal?: AbortSignal): Promise<ProfilogramDocument | null> {
  const data = await runOperation(profilogramRecordQuery, { id: recordId }, { signal });
  const item = data.analysis_records.items[0];
  if (item) noteRevisions(documentOf(item.id), item.document_revisions);
  return readProfilogramDocument(item?.profilogram_result ?? null);
}

/**
 * The stored `profilogram_result` of a record (the user's options, an older version migrated); null
 * when none was measured or it is of an unknown shape. Read once, then held by the record store
 * (documents/record-store.ts) as its `profilogram` document: edited there (each choice one step of the
 * record's undo history) and saved by its autosave, from the revision last read or saved here; a save
 * refused because someone saved the profilogram since shows theirs.
 */
export function useProfilogramRecord(recordId: number | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: profilogramKeys.result(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: ({ signal }) => readStored(recordId ?? -1, signal),
    retry: false,
    staleTime: Infinity,
  });
  const { held, value } = useHeldDocument('profilogram', recordId, query.data, () => baseOf(documentOf(recordId ?? -1)));
  useDocumentSpec<ProfilogramDocument | null>('profilogram', recordId, (id) => ({
    save: async (document) => {
      // Never null here: the first "Measure" is kept out of the history, so no undo takes the document back to none.
      if (document === null) throw new Error('No profilogram to store');
      await saveDocument({
        document: documentOf(id),
        send: (base) => runOperation(updateProfilogramMutation, { id, result: document, ...base }),
        revisions: (data) => data.update_analysis_record.document_revisions,
        reload: async () => {
          const stored = await readStored(id);
          client.setQueryData(profilogramKeys.result(id), stored);
          recordStore.reload('profilogram', id, stored, baseOf(documentOf(id)));
        },
      });
      return baseOf(documentOf(id));
    },
  }));
  return { data: value, isSuccess: held || query.isSuccess };
}

/** Whether the last profilogram change is stored (UI state: the panel shows it, a test waits on it). */
export function useProfilogramSaveState<U>(select: (s: { state: 'idle' | 'saving' | 'saved' | 'error' }) => U): U {
  return select({ state: useDocumentSaveState('profilogram') });
}

/** Shows `document` (the user's options) at once and stores it: an edit of the record's `profilogram` document. */
export function useSaveProfilogram() {
  return useCallback((recordId: number, document: ProfilogramDocument, onError: (error: unknown) => void = () => undefined) => {
    const apply = async () => {
      if (
        !(await ensureHeld(
          'profilogram',
          recordId,
          () => readStored(recordId),
          () => baseOf(documentOf(recordId)),
        ))
      )
        return;
      // Measuring a chart for the first time makes the document (not undoable); later choices are undo steps.
      recordStore.edit('profilogram', document, { history: recordStore.value('profilogram') !== null });
      await recordStore.flush('profilogram');
      if (recordStore.getState().docs.profilogram?.status === 'error') onError(new Error('The profilogram was not stored'));
    };
    void apply().catch(onError);
  }, []);
}

/** "Auto measurement on profilogram" (Settings; off for a user who never saved a setting, the column default). */
export function useProfilogramAuto() {
  return useQuery({
    queryKey: profilogramKeys.auto,
    queryFn: async ({ signal }): Promise<boolean> =>
      (await runOperation(profilogramAutoQuery, {}, { signal })).user_config?.auto_measurement_NY ?? false,
    retry: false,
  });
}
