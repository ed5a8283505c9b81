import type { VtoStoConfig } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { useViewerChart } from '../../api/use-viewer-chart.ts';
import { usePanelStore } from '../../panels.ts';
import { usePhotoStore } from '../../store/photo-store.ts';
import { fetchVtoConfig, saveVtoConfig, saveVtoConfigOnUnload } from '../api/vto-config-api.ts';
import { createDocumentAutosave } from '../lib/vto-autosave.ts';
import { DEFAULT_VTO_PLAN, fromVtoDocument, toVtoDocument } from '../lib/vto-config.ts';
import { useVtoStore } from '../store/vto-store.ts';

export const VTO_PANEL_ID = 'vto';
const SAVE_DELAY_MS = 800;

/** The document the stores describe now; null before the stored one was read. */
function currentDocument(): { recordId: number; doc: VtoStoConfig } | null {
  const { loadedFor, plan } = useVtoStore.getState();
  if (loadedFor === null) return null;
  const photo = usePhotoStore.getState();
  return {
    recordId: loadedFor,
    doc: toVtoDocument(plan, { alignment: photo.alignment, points: photo.lastPoints, followView: photo.followView }),
  };
}

/**
 * Reads the chart's `vto_sto_config` into the VTO and photo stores once, then keeps it saved: a
 * debounced save after each change, a save when the VTO/STO tab is left, when the viewer closes
 * (route change) and, best effort, when the page closes. Mounted with the stage (an overlay layer),
 * so the photo alignment is restored even when the tab is never opened.
 */
export function useVtoDocument(): void {
  const { id } = useParams();
  const chart = useViewerChart(id ?? null).data ?? null;
  const chartId = chart?.id ?? null;
  const query = useQuery({
    queryKey: ['viewer', 'vto-config', chartId ?? -1] as const,
    enabled: chartId !== null,
    retry: false,
    // Read once per opened chart: a refetch must not undo edits made since.
    staleTime: Infinity,
    gcTime: 0,
    queryFn: () => fetchVtoConfig(chartId ?? -1),
  });
  const refetch = useRef(query.refetch);
  refetch.current = query.refetch;

  useEffect(() => {
    const answer = query.data;
    if (answer === undefined || answer === null || useVtoStore.getState().loadedFor === answer.recordId) return;
    const restored = answer.config === null ? null : fromVtoDocument(answer.config);
    if (restored !== null) {
      usePhotoStore.setState({
        alignment: restored.photo.alignment,
        lastPoints: restored.photo.points,
        followView: restored.photo.followView,
      });
    }
    useVtoStore.getState().load(answer.recordId, restored?.plan ?? DEFAULT_VTO_PLAN);
  }, [query.data]);

  useEffect(() => {
    const autosave = createDocumentAutosave<{ recordId: number; doc: VtoStoConfig }>({
      current: currentDocument,
      // Someone saved the plan since it was read (another member, another tab): theirs is loaded and shown instead.
      save: ({ recordId, doc }) =>
        saveVtoConfig(recordId, doc, async () => {
          baselineFor = null;
          useVtoStore.setState({ loadedFor: null });
          await refetch.current();
        }),
      onStatus: (saveStatus) => useVtoStore.getState().set({ saveStatus }),
      delayMs: SAVE_DELAY_MS,
    });
    let baselineFor: number | null = null;
    const onChange = () => {
      const now = currentDocument();
      if (now === null) return;
      // The first document after loading is what the server holds (or the defaults): not an edit.
      if (baselineFor !== now.recordId) {
        baselineFor = now.recordId;
        autosave.baseline(now);
        return;
      }
      autosave.changed();
    };
    const unsubscribeVto = useVtoStore.subscribe(onChange);
    const unsubscribePhoto = usePhotoStore.subscribe(onChange);
    const unsubscribePanel = usePanelStore.subscribe((s, prev) => {
      if (prev.active === VTO_PANEL_ID && s.active !== VTO_PANEL_ID) void autosave.flush();
    });
    const onPageHide = () => {
      const pending = autosave.pending();
      if (pending) saveVtoConfigOnUnload(pending.recordId, pending.doc);
    };
    window.addEventListener('pagehide', onPageHide);
    onChange();
    return () => {
      unsubscribeVto();
      unsubscribePhoto();
      unsubscribePanel();
      window.removeEventListener('pagehide', onPageHide);
      void autosave.flush().finally(() => autosave.dispose());
      useVtoStore.getState().reset();
    };
  }, []);
}
