import { IMAGE_TYPE } from '@ceppro/contract';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useMay } from '../../../hooks/use-work-space.ts';
import { useDisplayConfig } from '../api/use-display-config.ts';
import { useChartImage } from '../api/use-chart-image.ts';
import { useViewerFirstPaint } from '../api/use-viewer-first-paint.ts';
import { useRecordAutosave } from '../documents/use-record-autosave.ts';
import { useLandmarkAutosave } from '../hooks/use-landmark-autosave.ts';
import { setTool } from '../interaction/registry.ts';
import { useLandmarkStore } from '../store/landmark-store.ts';
import { useFilmDisplay } from '../hooks/use-film-display.ts';
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
  // One request draws the film and the landmarks (chart, record, film URL, settings); its answer also fills
  // the caches that the film's URL (asked again once a minute old), the panels and the settings read from.
  const paint = useViewerFirstPaint(validUuid ? chartUuid : null);
  const chart = paint.data?.chart ?? null;
  const ceph = chart?.chart_data.find((d) => d.image_type_cd === IMAGE_TYPE.cephalogram) ?? null;
  const imageQuery = useChartImage(chart?.chart_id ?? null, ceph?.id ?? null);
  const record = paint.data?.record ?? null;
  useFilmDisplay(record?.id ?? null);

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

  // The record is read into the landmark store once per opened chart (a later refetch or our own cache
  // update after a save must not wipe edits or the undo history), before the stage is drawn: the film and
  // its landmarks appear in one commit, and the layers' own queries start after the landmarks are shown.
  const [loaded, setLoaded] = useState(false);
  useLayoutEffect(() => {
    if (loaded || !paint.isSuccess) return;
    useLandmarkStore.getState().load(record, ceph?.id ?? null);
    setLoaded(true);
  }, [loaded, record, paint.isSuccess, ceph?.id]);
  // Whether this viewer is still on screen: each chart has its own (keyed by the chart in the route).
  const open = useRef(false);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);
  // After a refused (stale) save: the chart (its film may have changed) and the record afresh, again in one request.
  // Not once the viewer is gone: the save was refused as it closed, and the landmark store is another chart's by then.
  const reloadRecord = async () => {
    if (!open.current) return;
    const fresh = (await paint.refetch()).data;
    if (!open.current) return;
    const film = fresh?.chart?.chart_data.find((d) => d.image_type_cd === IMAGE_TYPE.cephalogram) ?? null;
    useLandmarkStore.getState().load(fresh?.record ?? null, film?.id ?? null);
  };
  useLandmarkAutosave(chart?.id ?? null, reloadRecord);
  useRecordAutosave(chart?.id ?? null);

  // A role that may not change landmarks (contract ACCESS_POLICY) reads them only: the store refuses edits.
  const mayEditLandmarks = useMay('landmarks.edit');
  useEffect(() => {
    useLandmarkStore.getState().setReadOnly(!mayEditLandmarks);
    return () => useLandmarkStore.getState().setReadOnly(false);
  }, [mayEditLandmarks]);

  // The user's display settings choose the layers a chart opens with (spec defaults: all on). Applied
  // once per chart when they arrive (with the first paint's answer, so before the film is drawn);
  // later refetches do not reset toggles the user has clicked since.
  const displayConfig = useDisplayConfig(paint.isSuccess).data;
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
  const ready = entry !== null && !entry.lost && entry.presignedPath !== null && paint.isSuccess && loaded;

  const retry = () => {
    void paint.refetch();
    if (imageQuery.isError) void imageQuery.refetch();
  };

  const body = (() => {
    if (!validUuid || (paint.isSuccess && chart === null)) {
      return <ViewerMessage kind="not-found" title={t('viewer.notFoundTitle')} text={t('viewer.notFoundText')} />;
    }
    if (paint.isError || imageQuery.isError) {
      return (
        <ViewerMessage
          kind="error"
          title={t('viewer.errorTitle')}
          text={t('viewer.errorText')}
          action={{ label: t('viewer.retry'), run: retry }}
        />
      );
    }
    if (paint.isPending) return <ViewerMessage kind="loading" title={t('viewer.loading')} />;
    if (ceph === null) return <ViewerMessage kind="no-image" title={t('viewer.noImage')} />;
    if (imageQuery.isPending) return <ViewerMessage kind="loading" title={t('viewer.loading')} />;
    if (entry === null) return <ViewerMessage kind="no-image" title={t('viewer.noImage')} />;
    if (entry.lost || entry.presignedPath === null)
      return <ViewerMessage kind="lost" title={t('viewer.lost')} text={t('viewer.lostText')} />;
    if (!loaded) return <ViewerMessage kind="loading" title={t('viewer.loading')} />;
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
