import {
  FILM_DISPLAY_KEY,
  IMAGE_TYPE,
  analysisUserConfigSchema,
  readFilmAdjustments,
  viewerAnalysisRecordSchema,
  viewerDisplayConfigSchema,
  viewerFirstPaintQuery,
  type DownloadEntry,
  type ViewerAnalysisRecord,
  type ViewerChart,
  type ViewerFirstPaintConfig,
  type ViewerFirstPaintRecord,
} from '@ceppro/contract';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { parseRulerInfo } from '../lib/calibration-source.ts';
import { columnDocument, drawingDocument, noteRevisions } from '../documents/document-revisions.ts';
import { analysisKeys } from './analysis-query-keys.ts';
import { filmDisplayKey } from './film-display.ts';
import { viewerKeys } from './query-keys.ts';

export interface ViewerFirstPaint {
  /** null: the user has no such chart (also for a malformed uuid, which the graph service refuses as invalid input). */
  chart: ViewerChart | null;
  /** The chart's analysis record; null before detection ran. */
  record: ViewerAnalysisRecord | null;
  /** The film to draw (a signed URL, or lost); null when the chart has no cephalogram. */
  film: DownloadEntry | null;
}

const NOTHING: ViewerFirstPaint = { chart: null, record: null, film: null };

/**
 * Everything the viewer draws first (film, landmarks, the layers the user's settings switch on), in
 * one GraphQL request (contract `viewerFirstPaintQuery`). The answer also fills the caches of the
 * queries that read the same things later (the chart, the record, the film's URL and display, display and
 * analysis settings, the ruler), so what opens with the viewer asks nothing again. Not kept after the
 * viewer closes (`gcTime: 0`): each opening reads the chart afresh, a changed film included.
 */
export function useViewerFirstPaint(uuid: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: viewerKeys.firstPaint(uuid ?? ''),
    enabled: uuid !== null,
    gcTime: 0,
    retry: false,
    queryFn: async ({ signal }): Promise<ViewerFirstPaint> => {
      let data;
      try {
        data = await runOperation(viewerFirstPaintQuery, { uuid: uuid ?? '' }, { signal });
      } catch (error) {
        if (isApiError(error) && (error.code === 'VALIDATION_FAILED' || error.code === 'NOT_FOUND')) return NOTHING;
        throw error;
      }
      const found = data.charts[0];
      if (!found) return NOTHING;
      const { cephalogram: film, ...chart } = found;
      const stored = data.analysis_records.items.find((item) => item.chart_id === chart.id) ?? null;
      seedCaches(client, uuid ?? '', { chart, stored, film, config: data.user_config });
      return { chart, record: stored && viewerAnalysisRecordSchema.parse(stored), film };
    },
  });
}

/** Puts the answer's parts under the keys the other viewer queries read them from. */
function seedCaches(
  client: QueryClient,
  uuid: string,
  answer: { chart: ViewerChart; stored: ViewerFirstPaintRecord | null; film: DownloadEntry | null; config: ViewerFirstPaintConfig | null },
): void {
  const { chart, stored, film, config } = answer;
  client.setQueryData(viewerKeys.chart(uuid), chart);
  client.setQueryData(viewerKeys.analysisRecord(chart.id), stored && viewerAnalysisRecordSchema.parse(stored));
  const ceph = chart.chart_data.find((d) => d.image_type_cd === IMAGE_TYPE.cephalogram) ?? null;
  // The film answered for the chart's newest cephalogram: only then is it the picture these landmarks belong to.
  if (ceph !== null && film !== null && film.chart_data_id === ceph.id)
    client.setQueryData(viewerKeys.image(chart.chart_id, ceph.id), film);
  client.setQueryData(viewerKeys.displayConfig(), config && viewerDisplayConfigSchema.parse(config));
  client.setQueryData(analysisKeys.userConfig, config && analysisUserConfigSchema.parse(config));
  if (stored) {
    noteRevisions(columnDocument(stored.id, 'ruler_info'), stored.document_revisions);
    noteRevisions(drawingDocument(stored.id, [FILM_DISPLAY_KEY]), stored.document_revisions);
    client.setQueryData(analysisKeys.ruler(stored.id), parseRulerInfo(stored.ruler_info ?? null));
    client.setQueryData(filmDisplayKey(stored.id), readFilmAdjustments(stored.drawing_result));
  }
}
