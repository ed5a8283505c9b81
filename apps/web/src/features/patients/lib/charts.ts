import { IMAGE_TYPE, type PatientChart } from '@ceppro/contract';

/** The shoot date of a chart's cephalogram, or null when it has none (the list shows ----). */
export function cephShootDate(chart: Pick<PatientChart, 'chart_data'>): string | null {
  const ceph = chart.chart_data.find((d) => d.image_type_cd === IMAGE_TYPE.cephalogram);
  return ceph?.shoot_date ?? null;
}

/** The most recently created chart (the one a row click opens), or null when there is none. */
export function newestChart<C extends Pick<PatientChart, 'createdAt' | 'id'>>(charts: readonly C[]): C | null {
  let newest: C | null = null;
  for (const chart of charts) {
    if (newest === null || chart.createdAt > newest.createdAt || (chart.createdAt === newest.createdAt && chart.id > newest.id))
      newest = chart;
  }
  return newest;
}
