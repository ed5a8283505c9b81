import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useViewerChart } from '../../api/use-viewer-chart.ts';
import type { ViewerPanelProps } from '../../panels.ts';
import { runAutoAlign } from '../../lib/run-auto-align.ts';
import { currentAlignment, usePhotoStore } from '../../store/photo-store.ts';
import { useVtoMeasurements } from '../hooks/use-vto-measurements.ts';
import { useVtoPrediction } from '../hooks/use-vto-prediction.ts';
import { useVtoStore } from '../store/vto-store.ts';
import { AutorotationControl } from './autorotation-control.tsx';
import { MovementTable } from './movement-table.tsx';
import { PlanModeChoice } from './plan-mode.tsx';
import { RatioControls } from './ratio-controls.tsx';
import { StoMoves } from './sto-moves.tsx';
import { StoRatios } from './sto-ratios.tsx';
import { StoSegments } from './sto-segments.tsx';
import { VtoFlagsControl } from './vto-flags.tsx';
import { VtoMeasurementsTable } from './vto-measurements.tsx';
import { VtoPresets } from './vto-presets.tsx';
import './vto.css';
import './sto.css';
import { VtoSection } from './vto-section.tsx';

/**
 * The viewer's "VTO/STO" tab: plan tooth and jaw movements (table, presets), see the predicted
 * profile on the film and the facial photo morphed with it, align the photo, choose the soft-tissue
 * ratios, and read the predicted measurements. Everything is kept in the record's `vto_sto_config`.
 */
export interface VtoPanelSlots {
  /** The facial photo's alignment controls (photo/); the viewer shell composes them (shell/compose.tsx). */
  readonly AlignmentControls: ComponentType<{ chartId: string | null }>;
}

export function VtoPanel({ recordId, AlignmentControls }: ViewerPanelProps & VtoPanelSlots) {
  const { t } = useTranslation();
  const { id } = useParams();
  const chart = useViewerChart(id ?? null).data ?? null;
  const prediction = useVtoPrediction();
  const rows = useVtoMeasurements(prediction);
  const loaded = useVtoStore((s) => s.loadedFor !== null);
  const autoAlign = useVtoStore((s) => s.plan.flags.autoAlign);
  const tried = useVtoStore((s) => s.autoAlignTried);
  const morph = useVtoStore((s) => s.plan.flags.morph);
  const split = useVtoStore((s) => s.split);
  const saveStatus = useVtoStore((s) => s.saveStatus);
  const surgical = useVtoStore((s) => s.plan.mode === 'sto');
  const aligned = usePhotoStore((s) => currentAlignment(s) !== null);
  const storedAlignment = usePhotoStore((s) => s.alignment !== null);
  const chartId = chart?.chart_id ?? null;

  // The autoAlign flag: align once, the first time the tab opens on a chart with no alignment yet.
  useEffect(() => {
    if (!loaded || tried || !autoAlign || storedAlignment || chartId === null) return;
    useVtoStore.getState().set({ autoAlignTried: true });
    void runAutoAlign(chartId);
  }, [loaded, tried, autoAlign, storedAlignment, chartId]);

  if (recordId === null) return <p className="vto-note vto-panel__empty">{t('vto.noRecord')}</p>;

  return (
    <div className="vto-panel" data-testid="vto-panel">
      <div className="vto-panel__head">
        <p className="vto-note">{t('vto.intro')}</p>
        <span className="vto-save" data-testid="vto-save-state" data-state={saveStatus}>
          {t(`vto.save.${saveStatus}`)}
        </span>
      </div>
      {prediction.status === 'uncalibrated' && (
        <p className="vto-message" role="alert">
          {t('vto.uncalibrated')}
        </p>
      )}
      {prediction.status === 'failed' && (
        <p className="vto-message" role="alert">
          {t('vto.failed')}
        </p>
      )}
      <VtoSection id="vto-plan-title" title={t('vto.plan')}>
        <PlanModeChoice />
        {surgical ? (
          <StoSegments />
        ) : (
          <>
            <VtoPresets />
            <MovementTable />
          </>
        )}
        <AutorotationControl prediction={prediction} />
        <VtoFlagsControl />
      </VtoSection>
      <AlignmentControls chartId={chartId} />
      {morph && aligned && (
        <label className="vto-split">
          <span>{t('vto.split.before')}</span>
          <input
            type="range"
            min={0}
            max={100}
            value={Math.round(split * 100)}
            aria-label={t('vto.split.label')}
            data-testid="vto-split"
            onChange={(e) => useVtoStore.getState().set({ split: e.target.valueAsNumber / 100 })}
          />
          <span>{t('vto.split.after')}</span>
        </label>
      )}
      {surgical && <StoMoves prediction={prediction} />}
      {surgical ? <StoRatios /> : <RatioControls prediction={prediction} />}
      <VtoSection id="vto-measures-title" title={t('vto.measures.title')}>
        {rows.length > 0 ? <VtoMeasurementsTable rows={rows} /> : <p className="vto-note">{t('vto.measures.none')}</p>}
      </VtoSection>
    </div>
  );
}
