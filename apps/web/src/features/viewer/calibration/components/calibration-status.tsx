import { useTranslation } from 'react-i18next';
import type { ResolvedCalibration } from '../lib/calibration-source.ts';

/** `10.00` for a ppm: two decimals are enough to tell calibrations apart (0.1 mm over 100 px). */
const formatPpm = (ppm: number) => ppm.toFixed(2);

/** Where the film's mm come from (ruler, default PPM, or none: lengths in px) and the px/mm in use. */
export function CalibrationStatus({ calibration }: { calibration: ResolvedCalibration & { pending: boolean } }) {
  const { t } = useTranslation();
  const text = calibration.pending
    ? t('analysis.calibration.checking')
    : calibration.origin === 'ruler'
      ? t('analysis.calibration.ruler', { ppm: formatPpm(calibration.ppm ?? 0) })
      : calibration.origin === 'default-ppm'
        ? t('analysis.calibration.defaultPpm', { ppm: formatPpm(calibration.ppm ?? 0) })
        : t('analysis.calibration.none');
  return (
    <span
      className={`calibration-chip calibration-chip--${calibration.pending ? 'pending' : calibration.origin}`}
      data-testid="calibration-status"
      data-source={calibration.origin}
      data-ppm={calibration.ppm ?? ''}
      role="status"
    >
      {text}
    </span>
  );
}
