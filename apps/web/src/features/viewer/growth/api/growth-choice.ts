import {
  GROWTH_CHOICE_KEY,
  filmDisplayRecordQuery,
  growthChoicePatch,
  mergeDrawingResultMutation,
  readGrowthChoice,
} from '@ceppro/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { runOperation } from '../../../../lib/api/graph-operation.ts';
import { drawingDocument, noteRevisions } from '../../documents/document-revisions.ts';
import { saveDocument } from '../../documents/save-document.ts';
import type { GrowthChoice } from '../store/growth-store.ts';

/**
 * Saves one after another: each names the revision the answer before it gave (a second change made before
 * the first answer came would otherwise name the older revision and be refused as stale).
 */
let queue: Promise<unknown> = Promise.resolve();
/** The number of the newest change: only its answer (or failure) may replace what is shown. */
let newest = 0;

/** Server-cache key of a record's growth-forecast choice. */
export const growthChoiceKey = (recordId: number) => ['viewer', 'growth-choice', recordId] as const;

/** The chart's stored growth choice (`drawing_result.growth`, contract growth-choice.ts); null when none was made. */
export function useStoredGrowthChoice(recordId: number | null) {
  return useQuery({
    queryKey: growthChoiceKey(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: async (): Promise<GrowthChoice | null> => {
      const record = (await runOperation(filmDisplayRecordQuery, { id: recordId ?? -1 })).analysis_records.items[0];
      if (record) noteRevisions(drawingDocument(record.id, [GROWTH_CHOICE_KEY]), record.document_revisions);
      return readGrowthChoice(record?.drawing_result ?? null);
    },
    staleTime: 60_000,
  });
}

/**
 * Stores the chart's growth choice through the one document save path (documents/save-document.ts): the
 * server sets only the `growth` key of `drawing_result`, from the revision last read or saved here, and
 * refuses it (CONFLICT) when someone changed it since, whose choice is then read back and shown. The
 * choice shows at once; the answer then replaces it.
 */
export function useSaveGrowthChoice(recordId: number | null) {
  const client = useQueryClient();
  const mutationKey = ['viewer', 'save-growth-choice', recordId ?? -1];
  const save = async (choice: GrowthChoice): Promise<GrowthChoice | null> => {
    if (recordId === null) return choice;
    const saved = await saveDocument({
      document: drawingDocument(recordId, [GROWTH_CHOICE_KEY]),
      send: (base) => runOperation(mergeDrawingResultMutation, { id: recordId, patch: growthChoicePatch(choice), ...base }),
      revisions: (answer) => answer.merge_drawing_result.document_revisions,
      reload: () => client.invalidateQueries({ queryKey: growthChoiceKey(recordId) }),
    });
    return readGrowthChoice(saved.merge_drawing_result.drawing_result);
  };
  const mutation = useMutation({
    mutationKey,
    mutationFn: ({ choice }: { choice: GrowthChoice; n: number; refused: () => void }) => {
      const run = queue.then(() => save(choice));
      queue = run.catch(() => undefined);
      return run;
    },
    // An older save's answer (or failure) never undoes a newer change, whether or not its save has started.
    onSuccess: (choice, { n }) => {
      if (recordId !== null && n === newest) client.setQueryData(growthChoiceKey(recordId), choice);
    },
    // A refused or failed save shows the stored choice again, not the one that was not kept.
    onError: (_error, { n, refused }) => {
      if (recordId === null || n !== newest) return;
      refused();
      void client.invalidateQueries({ queryKey: growthChoiceKey(recordId) });
    },
  });
  const { mutate } = mutation;
  /**
   * Puts `choice` in the cache and stores it; `refused` runs when its save fails or is refused (and no newer
   * change follows), before the stored choice is read again.
   */
  const change = useCallback(
    (choice: GrowthChoice, refused: () => void = () => undefined) => {
      newest += 1;
      if (recordId !== null) client.setQueryData(growthChoiceKey(recordId), choice);
      mutate({ choice, n: newest, refused });
    },
    [client, recordId, mutate],
  );
  return { change, saving: mutation.isPending };
}
