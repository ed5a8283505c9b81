import {
  GROWTH_CHOICE_KEY,
  filmDisplayRecordQuery,
  growthChoicePatch,
  mergeDrawingResultMutation,
  readGrowthChoice,
} from '@ceppro/contract';
import { useCallback } from 'react';
import { runOperation } from '../../../../lib/api/graph-operation.ts';
import { drawingDocument } from '../../documents/document-revisions.ts';
import { recordStore } from '../../documents/record-store.ts';
import { queryDocument, useDocumentSaveState, useQueryHeldDocument } from '../../documents/use-held-document.ts';
import type { GrowthChoice } from '../store/growth-store.ts';

/** Server-cache key of a record's growth-forecast choice. */
export const growthChoiceKey = (recordId: number) => ['viewer', 'growth-choice', recordId] as const;

/** The growth choice's document: the `growth` key of the record's `drawing_result` (null: none made, nothing saved). */
const growthDocument = queryDocument({
  kind: 'growth',
  queryKey: growthChoiceKey,
  ref: (recordId) => drawingDocument(recordId, [GROWTH_CHOICE_KEY]),
  read: async (recordId, signal) => {
    const record = (await runOperation(filmDisplayRecordQuery, { id: recordId }, { signal })).analysis_records.items[0];
    const value: GrowthChoice | null = readGrowthChoice(record?.drawing_result ?? null);
    return { value, revisions: record?.document_revisions };
  },
  // No choice made: nothing is sent (the answer null notes no revision).
  send: async (id, choice, base) =>
    choice === null ? null : runOperation(mergeDrawingResultMutation, { id, patch: growthChoicePatch(choice), ...base }),
  revisions: (answer) => answer?.merge_drawing_result.document_revisions,
});

/**
 * The chart's growth-forecast choice (`drawing_result.growth`, contract growth-choice.ts), held by the
 * record store as its `growth` document, so a change is one step of the record's undo history, saved at
 * once; a save refused because someone changed it since shows theirs. `choice` is null when none was
 * stored; `read` says whether the stored choice has been read (the controls wait for it).
 */
export function useGrowthChoice(recordId: number | null) {
  const { held, value, query } = useQueryHeldDocument(growthDocument, recordId);
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
