import type { TemplateOffset } from '@ceppro/ceph';
import { filmDisplayRecordQuery, mergeDrawingResultMutation, readTemplateOffsets, templateOffsetsPatch } from '@ceppro/contract';
import { useCallback } from 'react';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { drawingDocument } from '../documents/document-revisions.ts';
import { recordStore } from '../documents/record-store.ts';
import { queryDocument, useQueryHeldDocument } from '../documents/use-held-document.ts';

/** Server-cache key of a record's tooth-template offsets. */
export const templateOffsetsKey = (recordId: number) => ['viewer', 'template-offsets', recordId] as const;

type Offsets = Readonly<Record<string, TemplateOffset>>;

/** The templates' document: the `templates` key of the record's `drawing_result` ({} when none). */
const templatesDocument = queryDocument({
  kind: 'templates',
  queryKey: templateOffsetsKey,
  ref: (recordId) => drawingDocument(recordId, ['templates']),
  read: async (recordId, signal) => {
    const record = (await runOperation(filmDisplayRecordQuery, { id: recordId }, { signal })).analysis_records.items[0];
    return { value: readTemplateOffsets(record?.drawing_result ?? null), revisions: record?.document_revisions };
  },
  send: (id, offsets, base) => runOperation(mergeDrawingResultMutation, { id, patch: templateOffsetsPatch(offsets), ...base }),
  revisions: (answer) => answer.merge_drawing_result.document_revisions,
});

/**
 * The chart's moves of the tracing's tooth templates (by template id), held by the record store as its
 * `templates` document: a drag's release is one step of the record's undo history, saved at once; a
 * save refused because someone moved a template since shows theirs. `commit(offsets)` stores the
 * offsets after a drag.
 */
export function useTemplateOffsets(recordId: number | null) {
  const { held, value } = useQueryHeldDocument(templatesDocument, recordId);
  const commit = useCallback(
    (offsets: Offsets) => {
      if (recordId !== null && held) recordStore.edit('templates', offsets);
    },
    [recordId, held],
  );
  return { offsets: value, commit };
}
