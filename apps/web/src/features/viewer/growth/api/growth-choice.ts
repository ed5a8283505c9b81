import {
  GROWTH_CHOICE_KEY,
  filmDisplayRecordQuery,
  growthChoicePatch,
  mergeDrawingResultMutation,
  readGrowthChoice,
} from '@ceppro/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { runOperation } from '../../../../lib/api/graph-operation.ts';
import { baseOf, drawingDocument, noteRevisions } from '../../documents/document-revisions.ts';
import { recordStore } from '../../documents/record-store.ts';
import { saveDocument } from '../../documents/save-document.ts';
import { useDocumentSaveState, useDocumentSpec, useHeldDocument } from '../../documents/use-held-document.ts';
import type { GrowthChoice } from '../store/growth-store.ts';

/** Server-cache key of a record's growth-forecast choice. */
export const growthChoiceKey = (recordId: number) => ['viewer', 'growth-choice', recordId] as const;

/** The growth choice's document: the `growth` key of the record's `drawing_result`. */
const documentOf = (recordId: number) => drawingDocument(recordId, [GROWTH_CHOICE_KEY]);

/** Reads the stored choice (null when none was made), noting its revision (the base of the next save). */
async function readStored(recordId: number): Promise<GrowthChoice | null> {
  const record = (await runOperation(filmDisplayRecordQuery, { id: recordId })).analysis_records.items[0];
  if (record) noteRevisions(documentOf(record.id), record.document_revisions);
  return readGrowthChoice(record?.drawing_result ?? null);
}

/**
 * The chart's growth-forecast choice (`drawing_result.growth`, contract growth-choice.ts): read once, then
 * held by the record store (documents/record-store.ts) as its `growth` document, so a change is one step
 * of the record's undo history, saved at once through the one save path from the revision last read or
 * saved here; a save refused because someone changed it since shows theirs. `choice` is null when none
 * was stored; `read` says whether the stored choice has been read (the controls wait for it).
 */
export function useGrowthChoice(recordId: number | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: growthChoiceKey(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: () => readStored(recordId ?? -1),
    staleTime: 60_000,
  });
  const { held, value } = useHeldDocument<GrowthChoice | null>('growth', recordId, query.data, () => baseOf(documentOf(recordId ?? -1)));
  useDocumentSpec<GrowthChoice | null>('growth', recordId, (id) => ({
    save: async (choice) => {
      if (choice === null) return undefined;
      await saveDocument({
        document: documentOf(id),
        send: (base) => runOperation(mergeDrawingResultMutation, { id, patch: growthChoicePatch(choice), ...base }),
        revisions: (answer) => answer.merge_drawing_result.document_revisions,
        reload: async () => {
          const stored = await readStored(id);
          client.setQueryData(growthChoiceKey(id), stored);
          recordStore.load('growth', id, stored, baseOf(documentOf(id)));
        },
      });
      return baseOf(documentOf(id));
    },
  }));
  const saving = useDocumentSaveState('growth') === 'saving';
  /** An edit of the held document (synchronous, so a controlled checkbox changes within its own event). */
  const change = useCallback(
    (choice: GrowthChoice) => {
      if (recordId !== null && held) recordStore.edit('growth', choice);
    },
    [recordId, held],
  );
  return { choice: value ?? null, read: recordId === null || held || query.isError, change, saving };
}
