import type { TemplateOffset } from '@ceppro/ceph';
import { filmDisplayRecordQuery, mergeDrawingResultMutation, readTemplateOffsets, templateOffsetsPatch } from '@ceppro/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { baseOf, drawingDocument, noteRevisions } from '../documents/document-revisions.ts';
import { recordStore } from '../documents/record-store.ts';
import { saveDocument } from '../documents/save-document.ts';
import { useDocumentSpec, useHeldDocument } from '../documents/use-held-document.ts';

/** Server-cache key of a record's tooth-template offsets. */
export const templateOffsetsKey = (recordId: number) => ['viewer', 'template-offsets', recordId] as const;

type Offsets = Readonly<Record<string, TemplateOffset>>;

/** The templates' document: the `templates` key of the record's `drawing_result`. */
const templatesDocument = (recordId: number) => drawingDocument(recordId, ['templates']);

/** Reads the stored offsets ({} when none), noting their revision (the base of the next save). */
async function readStored(recordId: number): Promise<Offsets> {
  const record = (await runOperation(filmDisplayRecordQuery, { id: recordId })).analysis_records.items[0];
  if (record) noteRevisions(templatesDocument(record.id), record.document_revisions);
  return readTemplateOffsets(record?.drawing_result ?? null);
}

/**
 * The chart's moves of the tracing's tooth templates (`drawing_result.templates`, by template id; {} when
 * none): read once, then held by the record store (documents/record-store.ts) as its `templates` document.
 * A drag's release is one step of the record's undo history, saved at once through the one save path
 * from the revision last read or saved here; a save refused because someone moved a template since
 * shows theirs. `commit(offsets)` stores the offsets after a drag.
 */
export function useTemplateOffsets(recordId: number | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: templateOffsetsKey(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: () => readStored(recordId ?? -1),
    staleTime: 60_000,
  });
  const { held, value } = useHeldDocument<Offsets>('templates', recordId, query.data, () => baseOf(templatesDocument(recordId ?? -1)));
  useDocumentSpec<Offsets>('templates', recordId, (id) => ({
    save: async (offsets) => {
      await saveDocument({
        document: templatesDocument(id),
        send: (base) => runOperation(mergeDrawingResultMutation, { id, patch: templateOffsetsPatch(offsets), ...base }),
        revisions: (answer) => answer.merge_drawing_result.document_revisions,
        reload: async () => {
          const stored = await readStored(id);
          client.setQueryData(templateOffsetsKey(id), stored);
          recordStore.load('templates', id, stored, baseOf(templatesDocument(id)));
        },
      });
      return baseOf(templatesDocument(id));
    },
  }));
  const commit = useCallback(
    (offsets: Offsets) => {
      if (recordId !== null && held) recordStore.edit('templates', offsets);
    },
    [recordId, held],
  );
  return { offsets: value, commit };
}
