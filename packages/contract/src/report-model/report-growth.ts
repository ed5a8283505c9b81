import {
  GROWTH_METHODS,
  TRACING_OUTLINES,
  forecastGrowth,
  getLandmark,
  type Calibration,
  type GrowthForecast,
  type ImagePoint,
  type LandmarkMap,
} from '@ceppro/ceph';
import { imgSizeSchema } from '../analysis-record';
import { fillLabel, type ReportLabels } from '../report-labels';
import { readGrowthChoice } from '../viewer-documents/growth-choice';
import type { ReportGrowth } from './schema';

/**
 * The planning page's growth forecast (issue 28 item 4): the chart's stored choice (contract
 * growth-choice.ts: years ahead, shown or not), the forecast run as the viewer's Growth tab runs it
 * (packages/ceph `forecastGrowth`, recomputed from today's landmarks, never read back), its method and its
 * uncertainty, in the report's language, and the forecast drawn over today's tracing when it applies (the
 * forecast refuses an uncalibrated film) and the record has the film's size. Null when the chart has no stored choice.
 */
export function growthForReport(
  drawingResult: unknown,
  positions: LandmarkMap<ImagePoint>,
  calibration: Calibration,
  ageYears: number | null,
  sex: 'male' | 'female' | null,
  labels: ReportLabels,
  imgSize: unknown = null,
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
    drawing: growthDrawing(forecast, positions, imgSize, labels),
  };
}

/**
 * The forecast over today's tracing (film px): the tracing's outlines through today's points with the
 * forecast's points moved (a point the forecast does not move stays where it is today), and each forecast
 * point today and predicted with its SD in px. Null when the forecast does not apply or the film's size is unknown.
 */
function growthDrawing(
  forecast: GrowthForecast,
  positions: LandmarkMap<ImagePoint>,
  imgSize: unknown,
  labels: ReportLabels,
): ReportGrowth['drawing'] {
  const size = imgSizeSchema.safeParse(imgSize);
  if (forecast.status !== 'ok' || !size.success) return null;
  const predicted: LandmarkMap<ImagePoint> = { ...positions, ...forecast.positions };
  const plain = (p: ImagePoint | undefined) => (p ? [{ x: p.x, y: p.y }] : []);
  const to = String(forecast.toAge);
  return {
    filmSize: { width: size.data.width, height: size.data.height },
    outlines: TRACING_OUTLINES.map((o) => o.landmarks.flatMap((id) => plain(predicted[id]))).filter((line) => line.length >= 2),
    points: forecast.points.map((p) => ({
      label: getLandmark(p.id).shortName,
      from: { x: p.from.x, y: p.from.y },
      to: { x: p.to.x, y: p.to.y },
      sdX: p.sdPx.x,
      sdY: p.sdPx.y,
    })),
    todayCaption: labels.growthTodayPanel,
    forecastCaption: fillLabel(labels.growthForecastPanel, { to }),
    legend: fillLabel(labels.growthLegend, { to }),
  };
}
