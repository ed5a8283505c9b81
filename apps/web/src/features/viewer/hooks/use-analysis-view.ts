import type { NormSetSelection, Sex, UserAnalysisManage } from '@ceppro/ceph';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useViewerChart } from '../api/use-viewer-chart.ts';
import { useFilmCalibration } from './use-film-calibration.ts';
import { useLandmarkPositions } from '../store/landmark-store.ts';
import { useAnalysisUserConfig } from '../api/use-analysis-user-config.ts';
import { analysisOptions, optionFor, type AnalysisOption } from '../lib/analysis-options.ts';
import { analysisRowsFor, type AnalysisRow } from '../lib/analysis-rows.ts';
import { readManage } from '../lib/custom-groups.ts';
import { useAnalysisUiStore } from '../store/analysis-ui-store.ts';
import { useChartNorms } from '../api/use-chart-norms.ts';

/** The patient's sex for sex-specific norms (Wits); patient.gender is true for female. */
function useChartSex(): Sex | undefined {
  const { id } = useParams();
  const chart = useViewerChart(id ?? null).data ?? null;
  return chart === null ? undefined : chart.patient.gender ? 'female' : 'male';
}

/** The user's stored analysis groups, read once per stored document. */
export function useStoredManage(): { manage: UserAnalysisManage; problem: boolean; query: ReturnType<typeof useAnalysisUserConfig> } {
  const query = useAnalysisUserConfig();
  const raw = query.data?.user_analysis_manage ?? null;
  const read = useMemo(() => readManage(raw), [raw]);
  return { ...read, query };
}

export interface AnalysisView {
  readonly options: readonly AnalysisOption[];
  readonly option: AnalysisOption | null;
  readonly rows: readonly AnalysisRow[];
  readonly calibration: ReturnType<typeof useFilmCalibration>;
  readonly manage: UserAnalysisManage;
  readonly manageProblem: boolean;
  readonly config: ReturnType<typeof useAnalysisUserConfig>;
  /** The norm set the rows are compared with (age, sex, population; analysis/api/use-chart-norms.ts). */
  readonly norms: NormSetSelection;
}

/**
 * What the analysis panel shows: the menu (user's default first selected), and the chosen
 * analysis's rows over the current landmark positions and calibration. Rows are recomputed only
 * when the positions object, the calibration or the analysis changes (see `analysisRowsFor`).
 */
export function useAnalysisView(): AnalysisView {
  const { manage, problem, query } = useStoredManage();
  const options = useMemo(() => analysisOptions(manage), [manage]);
  const selectedKey = useAnalysisUiStore((s) => s.selectedKey);
  const option = optionFor(options, selectedKey);
  const positions = useLandmarkPositions();
  const calibration = useFilmCalibration();
  const sex = useChartSex();
  const norms = useChartNorms(query.data?.user_analysis_manage ?? null);
  const rows = option === null ? [] : analysisRowsFor(option.analysis, positions, calibration.calibration, sex, norms);
  return { options, option, rows, calibration, manage, manageProblem: problem, config: query, norms };
}
