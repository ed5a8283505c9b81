import { isDefaultFilmAdjustments, type FilmAdjustments } from '@ceppro/ceph';
import { fillLabel, reportLabels, type ReportLang } from '../report-labels';
import { readFilmAdjustments } from '../viewer-documents/film-display';

/**
 * The film display the chart was looked at with (`drawing_result.film`, viewer-documents/film-display.ts),
 * as the report draws the film with it; null when the film is shown as stored (every adjustment at its default).
 */
export function reportFilmAdjustments(drawingResult: unknown): FilmAdjustments | null {
  const adjustments = readFilmAdjustments(drawingResult);
  return isDefaultFilmAdjustments(adjustments) ? null : adjustments;
}

/**
 * The image settings line of the report in `lang` ("brightness 120 %, contrast 100 %, gamma 1.40,
 * inverted, edge enhancement 40 %, soft-tissue window 0 %"): brightness, contrast and gamma always
 * (the tone they set), the others only when on; null when the film is shown as stored.
 */
export function reportImageSettings(adjustments: FilmAdjustments | null, lang: ReportLang): string | null {
  if (adjustments === null) return null;
  const labels = reportLabels(lang);
  const parts = [
    fillLabel(labels.imageBrightness, { value: adjustments.brightness }),
    fillLabel(labels.imageContrast, { value: adjustments.contrast }),
    fillLabel(labels.imageGamma, { value: adjustments.gamma.toFixed(2) }),
    ...(adjustments.invert ? [labels.imageInverted] : []),
    ...(adjustments.sharpen > 0 ? [fillLabel(labels.imageSharpen, { value: adjustments.sharpen })] : []),
    ...(adjustments.softTissue > 0 ? [fillLabel(labels.imageSoftTissue, { value: adjustments.softTissue })] : []),
  ];
  return parts.join(labels.definitionSeparator);
}
