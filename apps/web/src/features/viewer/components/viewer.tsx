import { IMAGE_TYPE } from '@ceppro/contract';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useMay } from '../../../hooks/use-work-space.ts';
import { useAnalysisRecord } from '../api/use-analysis-record.ts';
import { useDisplayConfig } from '../api/use-display-config.ts';
import { useChartImage } from '../api/use-chart-image.ts';
import { useViewerChart } from '../api/use-viewer-chart.ts';
import { useLandmarkAutosave } from '../hooks/use-landmark-autosave.ts';
import { setTool } from '../interaction/registry.ts';
import { useLandmarkStore } from '../store/landmark-store.ts';
import { useViewerStore } from '../store/viewer-store.ts';
import { SidePanel } from './side-panel.tsx';
import { ViewerMessage } from './viewer-message.tsx';
import { ViewerStage } from './viewer-stage.tsx';
import { ViewerTopBar } from './viewer-top-bar.tsx';
import '../../../components/button/dark-button.css';
import './viewer.css';
import './viewer-stage.css';
import './viewer-panel.css';

const uuidSchema = z.uuid();

/**
 * The cephalometric viewer for one chart: its cephalogram with the landmarks drawn on it.
 * `barActions`: links the route adds to the top bar ("About the AI"); the viewer knows no routes.
 */
export function Viewer({ chartUuid, barActions }: { chartUuid: string; barActions?: ReactNode }) {
  const { t } = useTranslation();
  const validUuid = uuidSchema.safeParse(chartUuid).success;
  const chartQuery = useViewerChart(validUuid ? chartUuid : null);
  const chart = chartQuery.data ?? null;
  const ceph = chart?.chart_data.find((d) => d.image_type_cd === IMAGE_TYPE.cephalogram) ?? null;
  const recordQuery = useAnalysisRecord(chart?.id ?? null);
  const imageQuery = useChartImage(chart?.chart_id ?? null, ceph?.id ?? null);
  const record = recordQuery.data ?? null;

  const reset = useViewerStore((s) => s.reset);
  // A layout effect: it must run before the stage's own effects report the film and viewport sizes
  // (children's passive effects run before a parent's), else a viewer opened from cached data is
  // reset after measuring and shows the film unfitted at scale 1.
  useLayoutEffect(() => {
    reset();
    useLandmarkStore.getState().load(null);
    setTool('idle');
    return reset;
  }, [chartUuid, reset]);

  // The record is read into the landmark store once per opened chart: later refetches (window
  // focus) or our own cache update after a save must not wipe edits or the undo history.
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current || !recordQuery.isSuccess) return;
    loaded.current = true;
    useLandmarkStore.getState().load(record, ceph?.id ?? null);
  }, [record, recordQuery.isSuccess, ceph?.id]);
  // After a refused (stale) save: the chart (its film may have changed) and the record afresh.
  const reloadRecord = async () => {
    const [fresh, freshRecord] = await Promise.all([chartQuery.refetch(), recordQuery.refetch()]);
    const film = fresh.data?.chart_data.find((d) => d.image_type_cd === IMAGE_TYPE.cephalogram) ?? null;
    useLandmarkStore.getState().load(freshRecord.data ?? null, film?.id ?? null);
  };
  useLandmarkAutosave(chart?.id ?? null, reloadRecord);

  // A role that may not change landmarks (contract ACCESS_POLICY) reads them only: the store refuses edits.
  const mayEditLandmarks = useMay('landmarks.edit');
  useEffect(() => {
    useLandmarkStore.getState().setReadOnly(!mayEditLandmarks);
    return () => useLandmarkStore.getState().setReadOnly(false);
  }, [mayEditLandmarks]);

  // The user's display settings choose the layers a chart opens with (spec defaults: all on). Applied
  // once per chart when they arrive (cached after the first chart, so before the film is drawn);
  // later refetches do not reset toggles the user has clicked since.
  const displayConfig = useDisplayConfig(validUuid).data;
  const configApplied = useRef(false);
  useEffect(() => {
    if (configApplied.current || !displayConfig) return;
    configApplied.current = true;
    useViewerStore.getState().setDisplay({
      xray: displayConfig.cephalo_image_NY,
      landmarks: displayConfig.landmark_NY,
      tracing: displayConfig.guideline_NY,
      planes: displayConfig.plane_NY,
    });
  }, [displayConfig]);

  const entry = imageQuery.data ?? null;
  const ready = entry !== null && !entry.lost && entry.presignedPath !== null && !recordQuery.isPending;

  const retry = () => {
    void chartQuery.refetch();
    if (recordQuery.isError) void recordQuery.refetch();
    if (imageQuery.isError) void imageQuery.refetch();
  };

  const body = (() => {
    if (!validUuid || (chartQuery.isSuccess && chart === null)) {
      return <ViewerMessage kind="not-found" title={t('viewer.notFoundTitle')} text={t('viewer.notFoundText')} />;
    }
    if (chartQuery.isError || recordQuery.isError || imageQuery.isError) {
      return (
        <ViewerMessage
          kind="error"
          title={t('viewer.errorTitle')}
          text={t('viewer.errorText')}
          action={{ label: t('viewer.retry'), run: retry }}
        />
      );
    }
    if (chartQuery.isPending) return <ViewerMessage kind="loading" title={t('viewer.loading')} />;
    if (ceph === null) return <ViewerMessage kind="no-image" title={t('viewer.noImage')} />;
    if (imageQuery.isPending || recordQuery.isPending) return <ViewerMessage kind="loading" title={t('viewer.loading')} />;
    if (entry === null) return <ViewerMessage kind="no-image" title={t('viewer.noImage')} />;
    if (entry.lost || entry.presignedPath === null)
      return <ViewerMessage kind="lost" title={t('viewer.lost')} text={t('viewer.lostText')} />;
    const imageSize = record?.img_size ?? (entry.width && entry.height ? { width: entry.width, height: entry.height } : null);
    return (
      <>
        <ViewerStage
          imageUrl={entry.presignedPath}
          imageSize={imageSize}
          label={t('viewer.canvasLabel', { name: chart?.patient.first_name ?? '' })}
        />
        <SidePanel recordId={record?.id ?? null} />
      </>
    );
  })();

  return (
    <section className="viewer" aria-label={t('viewer.label')} data-testid="viewer">
      <ViewerTopBar chart={chart} shootDate={ceph?.shoot_date ?? null} ready={ready} actions={barActions} />
      <div className="viewer__body">{body}</div>
    </section>
  );
}
