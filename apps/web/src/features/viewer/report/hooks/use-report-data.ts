import type { LandmarkId } from '@ceppro/ceph';
import { IMAGE_TYPE, type ReportPdfRequest, type ViewerChart } from '@ceppro/contract';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useAnalysisView, type AnalysisView } from '../../analysis/hooks/use-analysis-view.ts';
import { useAnalysisRecord } from '../../api/use-analysis-record.ts';
import { useChartImage } from '../../api/use-chart-image.ts';
import { useViewerChart } from '../../api/use-viewer-chart.ts';
import type { Size } from '../../lib/coordinates.ts';
import { useLandmarkPositions, useLandmarkStore } from '../../store/landmark-store.ts';
import { useReportClinic } from '../api/use-report-clinic.ts';

export interface ReportData {
  readonly chart: ViewerChart | null;
  readonly shootDate: string | null;
  /** Presigned URL of the full cephalogram; null while loading, lost or absent. */
  readonly imageUrl: string | null;
  readonly imageSize: Size | null;
  readonly positions: ReturnType<typeof useLandmarkPositions>;
  readonly edited: ReadonlySet<LandmarkId>;
  readonly analysis: AnalysisView;
  readonly clinic: string | null;
  /** What the server needs for the same report as PDF; null until the chart is known. */
  readonly request: ReportPdfRequest | null;
}

/**
 * Everything the report shows, from the caches and stores the viewer already fills: the chart and
 * its patient, the film, the landmark positions (as adjusted), the analysis table as the Analysis
 * tab computes it (same analysis, calibration and readings), and the user's clinic.
 */
export function useReportData(): ReportData {
  const { id } = useParams();
  const chart = useViewerChart(id ?? null).data ?? null;
  const ceph = chart?.chart_data.find((d) => d.image_type_cd === IMAGE_TYPE.cephalogram) ?? null;
  const image = useChartImage(chart?.chart_id ?? null, ceph?.id ?? null).data ?? null;
  const record = useAnalysisRecord(chart?.id ?? null).data ?? null;
  const positions = useLandmarkPositions();
  const editedMap = useLandmarkStore((s) => s.edited);
  const edited = useMemo(() => new Set(Object.keys(editedMap) as LandmarkId[]), [editedMap]);
  const analysis = useAnalysisView();
  const clinic = useReportClinic().data ?? null;

  const width = record?.img_size?.width ?? image?.width ?? null;
  const height = record?.img_size?.height ?? image?.height ?? null;
  const imageSize = useMemo(() => (width && height ? { width, height } : null), [width, height]);
  const option = analysis.option;
  const request = useMemo((): ReportPdfRequest | null => {
    if (chart === null) return null;
    if (option === null || option.kind === 'standard') return { chart_id: chart.chart_id, ...(option && { analysis_id: option.analysis.id }) };
    return { chart_id: chart.chart_id, measurement_ids: [...option.analysis.measurementIds], analysis_name: option.analysis.name };
  }, [chart, option]);

  return {
    chart,
    shootDate: ceph?.shoot_date ?? null,
    imageUrl: image && !image.lost ? image.presignedPath : null,
    imageSize,
    positions,
    edited,
    analysis,
    clinic,
    request,
  };
}
