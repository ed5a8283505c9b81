import { IMAGE_TYPE, type DicomCalibration } from '@ceppro/contract';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useAnalysisUserConfig } from '../api/use-analysis-user-config.ts';
import { useChartImage } from '../api/use-chart-image.ts';
import { useViewerChart } from '../api/use-viewer-chart.ts';
import { useLandmarkStore } from '../store/landmark-store.ts';
import { useRuler } from '../api/use-ruler.ts';
import { resolveCalibration, type ResolvedCalibration } from '../lib/calibration-source.ts';

/** The DICOM spacing of the open chart's cephalogram (sent with its image), or null for JPEG/PNG. */
function useDicomCalibration(): { dicom: DicomCalibration | null; pending: boolean } {
  const { id } = useParams();
  const chart = useViewerChart(id ?? null).data ?? null;
  const ceph = chart?.chart_data.find((d) => d.image_type_cd === IMAGE_TYPE.cephalogram) ?? null;
  const image = useChartImage(chart?.chart_id ?? null, ceph?.id ?? null);
  return { dicom: image.data?.dicom_calibration ?? null, pending: ceph !== null && image.isPending };
}

/**
 * The open film's calibration: its ruler, else the DICOM file's pixel spacing, else the user's
 * default PPM, else none. The returned object only changes when one of those does, so
 * measurements memoised on it stay cached. `pending` while a source is still loading (the panel
 * then avoids flashing "uncalibrated").
 */
export function useFilmCalibration(): ResolvedCalibration & { pending: boolean; dicom: DicomCalibration | null } {
  const recordId = useLandmarkStore((s) => s.recordId);
  const ruler = useRuler(recordId);
  const config = useAnalysisUserConfig();
  const { dicom, pending: dicomPending } = useDicomCalibration();
  const rulerInfo = ruler.data ?? null;
  const defaultPpm = config.data?.default_ppm ?? null;
  const pending = (recordId !== null && ruler.isPending) || config.isPending || dicomPending;
  return useMemo(() => ({ ...resolveCalibration(rulerInfo, defaultPpm, dicom), pending, dicom }), [rulerInfo, defaultPpm, dicom, pending]);
}
