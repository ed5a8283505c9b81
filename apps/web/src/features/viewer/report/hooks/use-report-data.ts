import { IMAGE_TYPE, type ReportPdfRequest, type ViewerChart } from '@ceppro/contract';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useAnalysisView, type AnalysisView } from '../../hooks/use-analysis-view.ts';
import { useChartImage } from '../../api/use-chart-image.ts';
import { useViewerChart } from '../../api/use-viewer-chart.ts';
import { useReportClinic } from '../api/use-report-clinic.ts';

export interface ReportData {
  readonly chart: ViewerChart | null;
  /** Presigned URL of the full cephalogram; null while loading, lost or absent. */
  readonly imageUrl: string | null;
  /** The analysis chosen in the Analysis tab (what the report will be about) and its calibration. */
  readonly analysis: AnalysisView;
  readonly clinic: string | null;
  /** What the server needs for this report (model and PDF); null until the chart is known. */
  readonly request: ReportPdfRequest | null;
}

/**
 * What the Report tab needs from the viewer: the chart, the film's URL, the chosen analysis and the
 * clinic. The report itself (values, landmarks, tracing) comes from the server's report model, built
 * from the saved record; this only says which report to ask for.
 */
export function useReportData(): ReportData {
  const { id } = useParams();
  const chart = useViewerChart(id ?? null).data ?? null;
  const ceph = chart?.chart_data.find((d) => d.image_type_cd === IMAGE_TYPE.cephalogram) ?? null;
  const image = useChartImage(chart?.chart_id ?? null, ceph?.id ?? null).data ?? null;
  const analysis = useAnalysisView();
  const clinic = useReportClinic().data ?? null;
  const option = analysis.option;
  const request = useMemo((): ReportPdfRequest | null => {
    if (chart === null) return null;
    if (option === null) return { chart_id: chart.chart_id };
    if (option.kind === 'standard') return { chart_id: chart.chart_id, analysis_id: option.analysis.id };
    return { chart_id: chart.chart_id, measurement_ids: [...option.analysis.measurementIds], analysis_name: option.analysis.name };
  }, [chart, option]);
  return { chart, imageUrl: image && !image.lost ? image.presignedPath : null, analysis, clinic, request };
}
