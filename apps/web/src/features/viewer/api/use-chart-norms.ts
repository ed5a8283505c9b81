import type { NormSetSelection } from '@ceppro/ceph';
import { IMAGE_TYPE, chartNormSelection, readDefaultPopulation } from '@ceppro/contract';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useViewerChart } from './use-viewer-chart.ts';
import { useChartPopulation, useOpenRecordId } from './chart-norm-choice.ts';

/** Today as yyyy-mm-dd in the browser's calendar (the shoot date's stand-in when the film has none). */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The open chart's norm set: the patient's age at the cephalogram's shoot date and sex, and the chart's
 * own population or else the user's default (`normPopulation` in the stored analysis groups). One
 * object per distinct choice, so the analysis rows' cache holds across renders.
 */
export function useChartNorms(storedManage: unknown): NormSetSelection {
  const chart = useViewerChart(useParams().id ?? null).data ?? null;
  const chartPopulation = useChartPopulation(useOpenRecordId()).data ?? null;
  const defaultPopulation = readDefaultPopulation(storedManage);
  const ceph = chart?.chart_data.find((d) => d.image_type_cd === IMAGE_TYPE.cephalogram && d.shoot_date !== null);
  const birthDate = chart?.patient.birth_info ?? null;
  const shootDate = ceph?.shoot_date ?? today();
  const female = chart === null ? null : chart.patient.gender;
  return useMemo(
    () => chartNormSelection({ birthDate, shootDate, female, chartPopulation, defaultPopulation }),
    [birthDate, shootDate, female, chartPopulation, defaultPopulation],
  );
}
