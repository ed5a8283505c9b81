import { forecastGrowth, type GrowthForecast } from '@ceppro/ceph';
import { IMAGE_TYPE, ageInYears } from '@ceppro/contract';
import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import { useOpenRecordId } from '../../api/chart-norm-choice.ts';
import { useViewerChart } from '../../api/use-viewer-chart.ts';
import { useFilmCalibration } from '../../hooks/use-film-calibration.ts';
import { useLandmarkPositions } from '../../store/landmark-store.ts';
import { useGrowthChoice } from '../api/growth-choice.ts';
import { DEFAULT_GROWTH_CHOICE, type GrowthChoice } from '../store/growth-store.ts';

/** Today as yyyy-mm-dd in the browser's calendar (the shoot date's stand-in, as for the norm sets). */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export interface GrowthView {
  readonly chartUuid: string | null;
  readonly choice: GrowthChoice;
  /** Age in whole years at the shoot date, null when the birth date is unknown. */
  readonly ageYears: number | null;
  readonly sex: 'male' | 'female' | null;
  /** False while the chart or the calibration is still loading. */
  readonly ready: boolean;
  readonly forecast: GrowthForecast;
  /** Changes the chart's choice and stores it in its record (api/growth-choice.ts). */
  readonly setChoice: (patch: Partial<GrowthChoice>) => void;
  /** A change is being stored. */
  readonly saving: boolean;
}

/**
 * The open chart's growth forecast: today's landmarks, the film's calibration, the patient's age at the
 * cephalogram's shoot date and sex (as the norm sets read them, api/use-chart-norms.ts), and the years
 * chosen in the Growth tab (stored per chart in its record, printed by the report).
 */
export function useGrowthForecast(): GrowthView {
  const chartUuid = useParams().id ?? null;
  const chart = useViewerChart(chartUuid);
  const calibration = useFilmCalibration();
  const positions = useLandmarkPositions();
  const recordId = useOpenRecordId();
  const stored = useGrowthChoice(recordId);
  const choice = stored.choice ?? DEFAULT_GROWTH_CHOICE;
  const { change, saving } = stored;
  // The controls wait for the stored choice: a change made before it arrived would be overwritten by it.
  const storedRead = stored.read;
  const setChoice = useCallback((patch: Partial<GrowthChoice>) => change({ ...choice, ...patch }), [change, choice]);
  const data = chart.data ?? null;
  const ceph = data?.chart_data.find((d) => d.image_type_cd === IMAGE_TYPE.cephalogram && d.shoot_date !== null);
  const birth = data?.patient.birth_info ?? null;
  const shoot = (ceph?.shoot_date ?? today()).slice(0, 10);
  const ageYears = birth === null ? null : ageInYears(birth, shoot);
  const female = data === null ? null : data.patient.gender;
  const sex = female === null ? null : female ? 'female' : 'male';
  const forecast = useMemo(
    () =>
      forecastGrowth({
        landmarks: positions,
        calibration: calibration.calibration,
        ageYears,
        sex,
        years: choice.years,
        method: 'michigan-mean-increments',
      }),
    [positions, calibration.calibration, ageYears, sex, choice.years],
  );
  return { chartUuid, choice, ageYears, sex, ready: data !== null && !calibration.pending && storedRead, forecast, setChoice, saving };
}
