import { GROWTH_METHODS, forecastGrowth, getLandmark, type Calibration, type ImagePoint, type LandmarkMap } from '@ceppro/ceph';
import { fillLabel, type ReportLabels } from '../report-labels';
import { readGrowthChoice } from '../viewer-documents/growth-choice';
import type { ReportGrowth } from './schema';

/**
 * The planning page's growth forecast (issue 28 item 4): the chart's stored choice (contract
 * growth-choice.ts: years ahead, shown or not), the forecast run as the viewer's Growth tab runs it
 * (packages/ceph `forecastGrowth`, recomputed from today's landmarks, never read back), its method and its
 * uncertainty, in the report's language. Null when the chart has no stored choice.
 */
export function growthForReport(
  drawingResult: unknown,
  positions: LandmarkMap<ImagePoint>,
  calibration: Calibration,
  ageYears: number | null,
  sex: 'male' | 'female' | null,
  labels: ReportLabels,
): ReportGrowth | null {
  const choice = readGrowthChoice(drawingResult);
  if (choice === null) return null;
  const forecast = forecastGrowth({
    landmarks: positions,
    calibration,
    ageYears,
    sex,
    years: choice.years,
    method: 'michigan-mean-increments',
  });
  const shown = choice.shown ? labels.growthShown : labels.growthHidden;
  return {
    years: choice.years,
    shown: choice.shown,
    title: labels.growthTitle,
    choice:
      forecast.status === 'ok'
        ? fillLabel(labels.growthChoice, { years: String(choice.years), from: String(forecast.fromAge), to: String(forecast.toAge), shown })
        : fillLabel(labels.growthChoiceRefused, { years: String(choice.years), shown }),
    refusal: forecast.status === 'refused' ? forecast.reason : null,
    points:
      forecast.status === 'ok'
        ? forecast.points.map((p) =>
            fillLabel(labels.growthPoint, { point: getLandmark(p.id).shortName, move: p.moveMm.toFixed(1), sd: p.sdMm.toFixed(1) }),
          )
        : [],
    method: labels.growthMethod,
    uncertainty: labels.growthUncertainty,
    citations: [...GROWTH_METHODS['michigan-mean-increments'].citations],
  };
}
