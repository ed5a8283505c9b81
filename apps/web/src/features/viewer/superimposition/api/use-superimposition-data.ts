import {
  parseSuperimpositionData,
  superimpositionDataQuery,
  updateSuperimpositionDataMutation,
  type SuperimpositionData,
} from '@ceppro/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { runOperation } from '../../../../lib/api/graph-operation.ts';
import { columnDocument, noteRevisions } from '../../documents/document-revisions.ts';
import { saveDocument } from '../../documents/save-document.ts';
import { superimpositionKeys } from './query-keys.ts';

/**
 * The Superimposition tab's document on the chart's analysis record (`superimposition_data`), null
 * when there is none or it has a shape this version does not read (ignored, never a crash).
 */
export function useSuperimpositionData(recordId: number | null) {
  return useQuery({
    queryKey: superimpositionKeys.data(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: async ({ signal }): Promise<SuperimpositionData | null> => {
      const data = await runOperation(superimpositionDataQuery, { id: recordId ?? -1 }, { signal });
      const item = data.analysis_records.items[0];
      if (item) noteRevisions(columnDocument(item.id, 'superimposition_data'), item.document_revisions);
      return parseSuperimpositionData(item?.superimposition_data ?? null);
    },
    retry: false,
  });
}

/**
 * Stores the document (only that column: the landmark revision is neither needed nor moved), from the
 * revision last read or saved here: refused (CONFLICT) when someone saved it since, and then `reload`
 * shows theirs.
 */
export function useSaveSuperimpositionData(recordId: number | null) {
  const client = useQueryClient();
  return useCallback(
    async (doc: SuperimpositionData, reload: () => unknown): Promise<void> => {
      if (recordId === null) throw new Error('No analysis record to store the superimposition in');
      const data = await saveDocument({
        document: columnDocument(recordId, 'superimposition_data'),
        send: (base) => runOperation(updateSuperimpositionDataMutation, { id: recordId, data: doc, ...base }),
        revisions: (answer) => answer.update_analysis_record.document_revisions,
        reload,
      });
      client.setQueryData(superimpositionKeys.data(recordId), parseSuperimpositionData(data.update_analysis_record.superimposition_data));
    },
    [client, recordId],
  );
}
