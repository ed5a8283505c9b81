import type { ResolvedCalibration } from '../../lib/calibration-source.ts';

/** Today in the user's calendar as yyyy-mm-dd (the report's date). */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The i18n key and ppm text of the film's calibration, as the report states it. */
export function calibrationText(calibration: Pick<ResolvedCalibration, 'origin' | 'ppm'>): {
  key: 'report.calibrationRuler' | 'dicom.calibration.report' | 'report.calibrationDefault' | 'report.calibrationNone';
  ppm: string;
} {
  const ppm = (calibration.ppm ?? 0).toFixed(2);
  if (calibration.origin === 'ruler') return { key: 'report.calibrationRuler', ppm };
  if (calibration.origin === 'dicom') return { key: 'dicom.calibration.report', ppm };
  if (calibration.origin === 'default-ppm') return { key: 'report.calibrationDefault', ppm };
  return { key: 'report.calibrationNone', ppm };
}
