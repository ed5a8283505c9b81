import type { DicomCalibration } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import type { ResolvedCalibration } from '../../lib/calibration-source.ts';
import './calibration-status.css';

/** `10.00` for a ppm: two decimals are enough to tell calibrations apart (0.1 mm over 100 px). */
const formatPpm = (ppm: number) => ppm.toFixed(2);
/** Spacings as the file gives them, without float noise: 0.1, 0.136364. */
const formatMm = (value: number) => String(Number(value.toPrecision(6)));

/** Where a DICOM film's mm come from, for the badge's tooltip: the tag, the spacing, the magnification. */
export function useDicomSourceText(dicom: DicomCalibration | null): string | null {
  const { t } = useTranslation();
  if (dicom === null) return null;
  const magnification = dicom.magnification;
  const row = formatMm(magnification === null ? dicom.row_spacing_mm : dicom.row_spacing_mm * magnification);
  const column = formatMm(magnification === null ? dicom.column_spacing_mm : dicom.column_spacing_mm * magnification);
  const spacing = t(dicom.tag === 'pixel-spacing' ? 'dicom.calibration.pixelSpacing' : 'dicom.calibration.imagerSpacing', { row, column });
  return magnification === null ? spacing : `${spacing}, ${t('dicom.calibration.magnification', { factor: formatMm(magnification) })}`;
}

/** Where the film's mm come from (ruler, DICOM, default PPM, or none: lengths in px) and the px/mm in use. */
export function CalibrationStatus({
  calibration,
}: {
  calibration: ResolvedCalibration & { pending: boolean; dicom?: DicomCalibration | null };
}) {
  const { t } = useTranslation();
  const dicomSource = useDicomSourceText(calibration.origin === 'dicom' ? (calibration.dicom ?? null) : null);
  const ppm = formatPpm(calibration.ppm ?? 0);
  const text = calibration.pending
    ? t('analysis.calibration.checking')
    : calibration.origin === 'ruler'
      ? t('analysis.calibration.ruler', { ppm })
      : calibration.origin === 'dicom'
        ? t('dicom.calibration.badge', { ppm })
        : calibration.origin === 'default-ppm'
          ? t('analysis.calibration.defaultPpm', { ppm })
          : t('analysis.calibration.none');
  return (
    <span
      className={`calibration-chip calibration-chip--${calibration.pending ? 'pending' : calibration.origin}`}
      data-testid="calibration-status"
      data-source={calibration.origin}
      data-ppm={calibration.ppm ?? ''}
      title={dicomSource ?? undefined}
      role="status"
    >
      {text}
    </span>
  );
}
