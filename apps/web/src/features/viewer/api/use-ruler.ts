import { analysisRulerQuery, updateRulerInfoMutation, type RulerInfo } from '@ceppro/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { analysisKeys } from './analysis-query-keys.ts';
import { parseRulerInfo } from '../lib/calibration-source.ts';
import { columnDocument, noteRevisions } from '../documents/document-revisions.ts';
import { saveDocument } from '../documents/save-document.ts';

/** The ruler stored on the chart's analysis record (`ruler_info`), null when there is none or it is unreadable. */
export function useRuler(recordId: number | null) {
  return useQuery({
    queryKey: analysisKeys.ruler(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: async (): Promise<RulerInfo | null> => {
      const data = await runOperation(analysisRulerQuery, { id: recordId ?? -1 });
      const item = data.analysis_records.items[0];
      if (item) noteRevisions(columnDocument(item.id, 'ruler_info'), item.document_revisions);
      return parseRulerInfo(item?.ruler_info ?? null);
    },
    // Filled by the viewer's first paint: the layers and panels opening with it ask nothing again. A save
    // another user made since is refused (CONFLICT) and read afresh.
    staleTime: 60_000,
    retry: false,
  });
}

/** Stores (or with null removes) the ruler: `update_analysis_record(id, { ruler_info })`. */
export function useSaveRuler(recordId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ruler: RulerInfo | null) => {
      if (recordId === null) throw new Error('No analysis record to store the ruler in');
      const data = await saveDocument({
        document: columnDocument(recordId, 'ruler_info'),
        send: (base) => runOperation(updateRulerInfoMutation, { id: recordId, ruler, ...base }),
        revisions: (answer) => answer.update_analysis_record.document_revisions,
        // Someone saved the ruler since it was read: theirs is shown (the caller's own error handling still runs).
        reload: () => client.invalidateQueries({ queryKey: analysisKeys.ruler(recordId) }),
      });
      return parseRulerInfo(data.update_analysis_record.ruler_info);
    },
    onSuccess: (ruler) => client.setQueryData(analysisKeys.ruler(recordId ?? -1), ruler),
  });
}
