import { analysisRulerQuery, updateRulerInfoMutation, type RulerInfo } from '@ceppro/contract';
import { useMutation } from '@tanstack/react-query';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { analysisKeys } from './analysis-query-keys.ts';
import { parseRulerInfo } from '../lib/calibration-source.ts';
import { columnDocument } from '../documents/document-revisions.ts';
import { queryDocument, saveQueryDocument, useQueryHeldDocument } from '../documents/use-held-document.ts';

/**
 * The ruler stored on the chart's analysis record (`ruler_info`), null when there is none or it is
 * unreadable: the record store's `ruler` document. A calibration or its removal is one step of the
 * record's undo history; a save refused because someone saved another ruler since shows theirs.
 */
const rulerDocument = queryDocument({
  kind: 'ruler',
  queryKey: (recordId) => analysisKeys.ruler(recordId),
  ref: (recordId) => columnDocument(recordId, 'ruler_info'),
  read: async (recordId, signal) => {
    const item = (await runOperation(analysisRulerQuery, { id: recordId }, { signal })).analysis_records.items[0];
    return { value: parseRulerInfo(item?.ruler_info ?? null), revisions: item?.document_revisions };
  },
  send: (id, ruler, base) => runOperation(updateRulerInfoMutation, { id, ruler, ...base }),
  revisions: (answer) => answer.update_analysis_record.document_revisions,
  retry: false,
});

/** The chart's ruler (filled by the viewer's first paint), as held by the record store. */
export function useRuler(recordId: number | null) {
  const { value, query } = useQueryHeldDocument(rulerDocument, recordId);
  return { data: value, isPending: query.isPending && value === undefined };
}

/** Stores (or with null removes) the ruler, saved at once; the mutation fails when the save did. */
export function useSaveRuler(recordId: number | null) {
  return useMutation({
    mutationFn: async (ruler: RulerInfo | null) => {
      if (recordId === null || !(await saveQueryDocument(rulerDocument, recordId, ruler))) {
        throw new Error('No analysis record to store the ruler in');
      }
      return ruler;
    },
  });
}
