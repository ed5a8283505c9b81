import type { TemplateOffset } from '@ceppro/ceph';
import { filmDisplayRecordQuery, mergeDrawingResultMutation, readTemplateOffsets, templateOffsetsPatch } from '@ceppro/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { drawingDocument, noteRevisions } from '../documents/document-revisions.ts';
import { saveDocument } from '../documents/save-document.ts';

/** Server-cache key of a record's tooth-template offsets. */
export const templateOffsetsKey = (recordId: number) => ['viewer', 'template-offsets', recordId] as const;

type Offsets = Readonly<Record<string, TemplateOffset>>;

/** The templates' document: the `templates` key of the record's `drawing_result`. */
const templatesDocument = (recordId: number) => drawingDocument(recordId, ['templates']);

/** The chart's moves of the tracing's tooth templates (`drawing_result.templates`), by template id; {} when none. */
export function useTemplateOffsets(recordId: number | null) {
  return useQuery({
    queryKey: templateOffsetsKey(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: async (): Promise<Offsets> => {
      const record = (await runOperation(filmDisplayRecordQuery, { id: recordId ?? -1 })).analysis_records.items[0];
      if (record) noteRevisions(templatesDocument(record.id), record.document_revisions);
      return readTemplateOffsets(record?.drawing_result ?? null);
    },
    staleTime: 60_000,
  });
}

/**
 * Stores the chart's template offsets through the one document save path (documents/save-document.ts):
 * the server sets only the `templates` key of `drawing_result`, from the revision last read or saved
 * here, and refuses it (CONFLICT) when someone moved a template since, whose offsets are then shown.
 */
export function useSaveTemplateOffsets(recordId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (offsets: Offsets): Promise<Offsets> => {
      if (recordId === null) return offsets;
      const id = recordId;
      const saved = await saveDocument({
        document: templatesDocument(id),
        send: (base) => runOperation(mergeDrawingResultMutation, { id, patch: templateOffsetsPatch(offsets), ...base }),
        revisions: (answer) => answer.merge_drawing_result.document_revisions,
        reload: () => client.invalidateQueries({ queryKey: templateOffsetsKey(id) }),
      });
      return readTemplateOffsets(saved.merge_drawing_result.drawing_result);
    },
    onMutate: (offsets) => {
      // Shown at once where the user let go; the server's answer then replaces it.
      if (recordId !== null) client.setQueryData(templateOffsetsKey(recordId), offsets);
    },
    onSuccess: (offsets) => {
      if (recordId !== null) client.setQueryData(templateOffsetsKey(recordId), offsets);
    },
    // A refused or failed save shows the stored offsets again, not the move that was not kept.
    onError: () => {
      if (recordId !== null) void client.invalidateQueries({ queryKey: templateOffsetsKey(recordId) });
    },
  });
}
