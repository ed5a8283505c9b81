import {
  profilogramAutoQuery,
  profilogramRecordQuery,
  readProfilogramResult,
  updateProfilogramMutation,
  type ProfilogramResult,
} from '@ceppro/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { create } from 'zustand';
import { runOperation } from '../../../../lib/api/graph-operation.ts';
import { userConfigKeys } from '../../../../lib/api/user-config-keys.ts';
import { columnDocument, noteRevisions } from '../../documents/document-revisions.ts';
import { saveDocument } from '../../documents/save-document.ts';

/** Server-cache keys of the profilogram feature. */
export const profilogramKeys = {
  result: (recordId: number) => ['viewer', 'profilogram', recordId] as const,
  /** The "auto measurement on profilogram" setting, a slice of the user config. */
  auto: [...userConfigKeys.all, 'profilogram-auto'] as const,
};

/** The stored `profilogram_result` of a record; null when none was measured or it is of an unknown shape. */
export function useProfilogramRecord(recordId: number | null) {
  return useQuery({
    queryKey: profilogramKeys.result(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: async (): Promise<ProfilogramResult | null> => {
      const data = await runOperation(profilogramRecordQuery, { id: recordId ?? -1 });
      const item = data.analysis_records.items[0];
      if (item) noteRevisions(columnDocument(item.id, 'profilogram_result'), item.document_revisions);
      return readProfilogramResult(item?.profilogram_result ?? null);
    },
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * Saves are sent one at a time, the latest waiting one replacing any older: a burst of option or
 * landmark changes ends with the last state stored, and an older answer never overwrites a newer one.
 */
const pending = new Map<number, ProfilogramResult>();
const running = new Set<number>();

/** Whether the last profilogram change is stored (UI state: the panel shows it, a test waits on it). */
export const useProfilogramSaveState = create<{ state: 'idle' | 'saving' | 'saved' | 'error' }>()(() => ({ state: 'idle' }));

async function drain(recordId: number, reload: () => unknown, onError: (error: unknown) => void): Promise<void> {
  if (running.has(recordId)) return;
  running.add(recordId);
  useProfilogramSaveState.setState({ state: 'saving' });
  let failed = false;
  try {
    for (let next = pending.get(recordId); next !== undefined; next = pending.get(recordId)) {
      pending.delete(recordId);
      try {
        await saveDocument({
          document: columnDocument(recordId, 'profilogram_result'),
          send: (base) => runOperation(updateProfilogramMutation, { id: recordId, result: next, ...base }),
          revisions: (data) => data.update_analysis_record.document_revisions,
          reload,
        });
        failed = false;
      } catch (error) {
        failed = true;
        onError(error);
      }
    }
  } finally {
    running.delete(recordId);
    useProfilogramSaveState.setState({ state: failed ? 'error' : 'saved' });
  }
}

/** Shows `result` at once and stores it as the record's `profilogram_result`. */
export function useSaveProfilogram() {
  const client = useQueryClient();
  return useCallback(
    (recordId: number, result: ProfilogramResult, onError: (error: unknown) => void = () => undefined) => {
      client.setQueryData(profilogramKeys.result(recordId), result);
      pending.set(recordId, result);
      // Someone saved the profilogram since it was read: theirs is read back and shown.
      void drain(recordId, () => client.invalidateQueries({ queryKey: profilogramKeys.result(recordId) }), onError);
    },
    [client],
  );
}

/** "Auto measurement on profilogram" (Settings; off for a user who never saved a setting, the column default). */
export function useProfilogramAuto() {
  return useQuery({
    queryKey: profilogramKeys.auto,
    queryFn: async (): Promise<boolean> => (await runOperation(profilogramAutoQuery, {})).user_config?.auto_measurement_NY ?? false,
    retry: false,
  });
}
