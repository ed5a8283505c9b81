import type { ReportLang, ReportPdfRequest } from '@ceppro/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { flushLandmarkEdits } from '../../hooks/use-landmark-autosave.ts';
import { useLandmarkStore } from '../../store/landmark-store.ts';
import { fetchReportModel, reportModelKey } from '../api/fetch-report-model.ts';

/** Thrown when the viewer's edits could not be saved: nothing stale is printed or downloaded. */
export class UnsavedEditsError extends Error {
  constructor() {
    super('The landmark edits could not be saved.');
  }
}

/**
 * Saves what the viewer has not saved yet (landmark edits, through the one autosave); throws
 * UnsavedEditsError when that fails. The report is built from the saved record, so this runs
 * before every print and download.
 */
export async function saveBeforeReport(): Promise<void> {
  await flushLandmarkEdits();
  if (useLandmarkStore.getState().saveStatus === 'error') throw new UnsavedEditsError();
}

/**
 * The report model of the chosen analysis in `lang` (server cache, one query per chart, language
 * and analysis), and `refresh`: save the viewer's edits, then fetch the model afresh.
 */
export function useReportModel(request: ReportPdfRequest | null, lang: ReportLang) {
  const client = useQueryClient();
  const key = reportModelKey(request, lang);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchReportModel(request as ReportPdfRequest, lang, signal),
    enabled: request !== null,
    retry: false,
    staleTime: 30_000,
  });
  const refresh = useCallback(async () => {
    if (request === null) throw new Error('No chart.');
    await saveBeforeReport();
    return client.fetchQuery({
      queryKey: reportModelKey(request, lang),
      queryFn: ({ signal }) => fetchReportModel(request, lang, signal),
      staleTime: 0,
    });
  }, [client, request, lang]);
  return { ...query, refresh };
}
