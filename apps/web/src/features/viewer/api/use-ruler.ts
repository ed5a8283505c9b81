import { analysisRulerQuery, updateRulerInfoMutation, type RulerInfo } from '@ceppro/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { analysisKeys } from './analysis-query-keys.ts';
import { parseRulerInfo } from '../lib/calibration-source.ts';
import { baseOf, columnDocument, noteRevisions } from '../documents/document-revisions.ts';
import { recordStore } from '../documents/record-store.ts';
import { saveDocument } from '../documents/save-document.ts';
import { ensureHeld, useDocumentSpec, useHeldDocument } from '../documents/use-held-document.ts';

const documentOf = (recordId: number) => columnDocument(recordId, 'ruler_info');

/** Reads the stored ruler, noting its revision (the base of the next save). */
async function readStored(recordId: number): Promise<RulerInfo | null> {
  const data = await runOperation(analysisRulerQuery, { id: recordId });
  const item = data.analysis_records.items[0];
  if (item) noteRevisions(documentOf(item.id), item.document_revisions);
  return parseRulerInfo(item?.ruler_info ?? null);
}

/**
 * The ruler stored on the chart's analysis record (`ruler_info`), null when there is none or it is
 * unreadable. Read once (filled by the viewer's first paint), then held by the record store
 * (documents/record-store.ts) as its `ruler` document: a calibration or its removal is one step of
 * the record's undo history, saved from the revision last read or saved here; a save refused because
 * someone saved another ruler since shows theirs.
 */
export function useRuler(recordId: number | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: analysisKeys.ruler(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: () => readStored(recordId ?? -1),
    staleTime: 60_000,
    retry: false,
  });
  const { value } = useHeldDocument('ruler', recordId, query.data, () => baseOf(documentOf(recordId ?? -1)));
  useDocumentSpec<RulerInfo | null>('ruler', recordId, (id) => ({
    save: async (ruler) => {
      await saveDocument({
        document: documentOf(id),
        send: (base) => runOperation(updateRulerInfoMutation, { id, ruler, ...base }),
        revisions: (answer) => answer.update_analysis_record.document_revisions,
        reload: async () => {
          const stored = await readStored(id);
          client.setQueryData(analysisKeys.ruler(id), stored);
          recordStore.load('ruler', id, stored, baseOf(documentOf(id)));
        },
      });
      return baseOf(documentOf(id));
    },
  }));
  return { data: value, isPending: query.isPending && value === undefined };
}

/**
 * Stores (or with null removes) the ruler: an edit of the record's `ruler` document, saved at once;
 * the mutation fails when the save did.
 */
export function useSaveRuler(recordId: number | null) {
  return useMutation({
    mutationFn: async (ruler: RulerInfo | null) => {
      const open =
        recordId !== null &&
        (await ensureHeld(
          'ruler',
          recordId,
          () => readStored(recordId),
          () => baseOf(documentOf(recordId)),
        ));
      if (!open) throw new Error('No analysis record to store the ruler in');
      recordStore.edit('ruler', ruler);
      await recordStore.flush('ruler');
      if (recordStore.getState().docs.ruler?.status === 'error') throw new Error('The ruler was not stored');
      return ruler;
    },
  });
}
