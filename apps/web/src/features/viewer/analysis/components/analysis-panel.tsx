import type { LandmarkId } from '@ceppro/ceph';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useViewerChart } from '../../api/use-viewer-chart.ts';
import { useClinicalNames } from '../../hooks/use-clinical-names.ts';
import { flushLandmarkEdits } from '../../hooks/use-landmark-autosave.ts';
import { setTool } from '../../interaction/registry.ts';
import { useLandmarkStore } from '../../store/landmark-store.ts';
import { useAnalysisView, type AnalysisView } from '../../hooks/use-analysis-view.ts';
import { missingLandmarks } from '../../lib/analysis-rows.ts';
import { useAnalysisUiStore } from '../../store/analysis-ui-store.ts';
import { AnalysisLegend } from './analysis-legend.tsx';
import { AnalysisSelect } from './analysis-select.tsx';
import { AnalysisTable } from './analysis-table.tsx';
import { CustomGroupsEditor } from './custom-groups-editor.tsx';
import { NormSetPicker } from './norm-set-picker.tsx';
import './analysis.css';

/** Exports read the saved record: pending landmark edits are saved first (false when that failed). */
async function saveEditsFirst(): Promise<boolean> {
  await flushLandmarkEdits();
  return useLandmarkStore.getState().saveStatus !== 'error';
}

/** Guided placement of `ids` (the viewer's placing tool asks for them one by one). */
function placeLandmarks(ids: readonly LandmarkId[]): void {
  if (ids.length === 0) return;
  useLandmarkStore.getState().startGuidedPlacement(ids);
  setTool('placing-landmark');
}

/**
 * The viewer's "Analysis" side panel: choose an analysis or group, read its measurements against
 * their norms (recomputed live from the landmark positions), calibrate the film, and manage the
 * user's analysis groups.
 */
export interface AnalysisPanelSlots {
  /** The calibration section (calibration/), given the film's resolved calibration. */
  readonly Calibration: ComponentType<{ calibration: AnalysisView['calibration'] }>;
  /** The chart's export buttons (exports/): the table's analysis, exported after saving pending edits. */
  readonly ExportButtons: ComponentType<{
    chartId: string | null;
    option: AnalysisView['option'];
    prepare: () => Promise<boolean>;
  }>;
}

/** Other viewer sub-features' parts come in as slots; the viewer shell composes them (shell/compose.tsx). */
export function AnalysisPanel({ Calibration, ExportButtons }: AnalysisPanelSlots) {
  const { t } = useTranslation();
  const names = useClinicalNames();
  const view = useAnalysisView();
  const select = useAnalysisUiStore((s) => s.select);
  const [customising, setCustomising] = useState(false);
  const chart = useViewerChart(useParams().id ?? null).data ?? null;
  const { option, rows, config } = view;

  if (config.isPending)
    return (
      <p className="analysis-panel__note" role="status">
        {t('analysis.loading')}
      </p>
    );
  if (config.isError) {
    return (
      <div className="analysis-panel" role="alert">
        <p className="analysis-panel__note">{t('analysis.loadError')}</p>
        <button type="button" className="dark-button dark-button--muted analysis-button" onClick={() => void config.refetch()}>
          {t('analysis.retry')}
        </button>
      </div>
    );
  }

  const missing = missingLandmarks(rows);
  const measured = rows.filter((r) => r.result.status === 'ok').length;

  return (
    <div className="analysis-panel" data-testid="analysis-panel">
      <AnalysisSelect options={view.options} value={option?.key ?? ''} onChange={select} />
      <Calibration calibration={view.calibration} />
      <NormSetPicker norms={view.norms} storedManage={config.data?.user_analysis_manage ?? null} />
      {option && (
        <>
          <div className="analysis-panel__summary">
            <span>{t('analysis.summary', { done: measured, total: rows.length })}</span>
            {missing.length > 0 && (
              <button
                type="button"
                className="dark-button dark-button--muted analysis-button"
                data-testid="place-all-missing"
                onClick={() => placeLandmarks(missing)}
              >
                {t('analysis.placeMissingCount', { count: missing.length })}
              </button>
            )}
          </div>
          <AnalysisTable
            name={option.kind === 'default' ? t('analysis.defaultOption') : names.analysis(option.analysis)}
            rows={rows}
            onPlace={placeLandmarks}
          />
          <AnalysisLegend />
          <ExportButtons chartId={chart?.chart_id ?? null} option={option} prepare={saveEditsFirst} />
        </>
      )}
      <button
        type="button"
        className="dark-button dark-button--muted analysis-button analysis-panel__customise"
        aria-expanded={customising}
        onClick={() => setCustomising((v) => !v)}
      >
        {customising ? t('analysis.custom.close') : t('analysis.custom.open')}
      </button>
      {customising && <CustomGroupsEditor stored={view.manage} storedProblem={view.manageProblem} />}
    </div>
  );
}
