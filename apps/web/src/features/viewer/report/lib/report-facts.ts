import type { ResolvedCalibration } from '../../calibration/lib/calibration-source.ts';

/** Today in the user's calendar as yyyy-mm-dd (the report's date). */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Age in whole years (spec point 9) on `today`, both yyyy-mm-dd; null for an unreadable date or a
 * birth after today. The birthday counts on its day.
 */
export function ageOn(birth: string, today: string): number | null {
  const b = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birth);
  const t = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!b || !t) return null;
  const before = Number(t[2]) < Number(b[2]) || (t[2] === b[2] && Number(t[3]) < Number(b[3]));
  const age = Number(t[1]) - Number(b[1]) - (before ? 1 : 0);
  return age >= 0 ? age : null;
}

/** The i18n key and ppm text of the film's calibration, as the report states it. */
export function calibrationText(calibration: Pick<ResolvedCalibration, 'origin' | 'ppm'>): { key: 'report.calibrationRuler' | 'report.calibrationDefault' | 'report.calibrationNone'; ppm: string } {
  const ppm = (calibration.ppm ?? 0).toFixed(2);
  if (calibration.origin === 'ruler') return { key: 'report.calibrationRuler', ppm };
  if (calibration.origin === 'default-ppm') return { key: 'report.calibrationDefault', ppm };
  return { key: 'report.calibrationNone', ppm };
}
