import {
  parseSuperimpositionData,
  superimpositionDataQuery,
  updateSuperimpositionDataMutation,
  type SuperimpositionData,
} from '@ceppro/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { runOperation } from '../../../../lib/api/graph-operation.ts';
import { baseArg, baseOf, noteRevision } from '../../lib/document-revisions.ts';
import { superimpositionKeys } from './query-keys.ts';

/**
 * The Superimposition tab's document on the chart's analysis record (`superimposition_data`), null
 * when there is none or it has a shape this version does not read (ignored, never a crash).
 */
export function useSuperimpositionData(recordId: number | null) {
  return useQuery({
    queryKey: superimpositionKeys.data(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: async (): Promise<SuperimpositionData | null> => {
      const data = await runOperation(superimpositionDataQuery, { id: recordId ?? -1 });
      const item = data.analysis_records.items[0];
      if (item) noteRevision(item.id, 'superimposition_data', item.document_revisions);
      return parseSuperimpositionData(item?.superimposition_data ?? null);
    },
    retry: false,
  });
}

/** Stores the document (only that column: the landmark revision is neither needed nor moved). */
export function useSaveSuperimpositionData(recordId: number | null) {
  const client = useQueryClient();
  return useCallback(
    async (doc: SuperimpositionData): Promise<void> => {
      if (recordId === null) throw new Error('No analysis record to store the superimposition in');
      const base = baseOf(recordId, 'superimposition_data');
      // CONFLICT when another person saved it since it was read (the caller reloads theirs).
      const data = await runOperation(updateSuperimpositionDataMutation, { id: recordId, data: doc, ...baseArg(base) });
      noteRevision(recordId, 'superimposition_data', data.update_analysis_record.document_revisions);
      client.setQueryData(superimpositionKeys.data(recordId), parseSuperimpositionData(data.update_analysis_record.superimposition_data));
    },
    [client, recordId],
  );
}
