import type { TemplateOffset } from '@ceppro/ceph';
import { filmDisplayRecordQuery, mergeDrawingResultMutation, readTemplateOffsets, templateOffsetsPatch } from '@ceppro/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { runOperation } from '../../../lib/api/graph-operation.ts';

/** Server-cache key of a record's tooth-template offsets. */
export const templateOffsetsKey = (recordId: number) => ['viewer', 'template-offsets', recordId] as const;

type Offsets = Readonly<Record<string, TemplateOffset>>;

/** The chart's moves of the tracing's tooth templates (`drawing_result.templates`), by template id; {} when none. */
export function useTemplateOffsets(recordId: number | null) {
  return useQuery({
    queryKey: templateOffsetsKey(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: async (): Promise<Offsets> => {
      const record = (await runOperation(filmDisplayRecordQuery, { id: recordId ?? -1 })).analysis_records.items[0];
      return readTemplateOffsets(record?.drawing_result ?? null);
    },
    staleTime: 60_000,
  });
}

/** Stores the chart's template offsets; the server sets only the `templates` key of `drawing_result`. */
export function useSaveTemplateOffsets(recordId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (offsets: Offsets): Promise<Offsets> => {
      if (recordId === null) return offsets;
      const saved = await runOperation(mergeDrawingResultMutation, { id: recordId, patch: templateOffsetsPatch(offsets) });
      return readTemplateOffsets(saved.merge_drawing_result.drawing_result);
    },
    onMutate: (offsets) => {
      // Shown at once where the user let go; the server's answer then replaces it.
      if (recordId !== null) client.setQueryData(templateOffsetsKey(recordId), offsets);
    },
    onSuccess: (offsets) => {
      if (recordId !== null) client.setQueryData(templateOffsetsKey(recordId), offsets);
    },
  });
}
