import type { VtoStoConfig } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { useViewerChart } from '../../api/use-viewer-chart.ts';
import { baseOf, columnDocument } from '../../documents/document-revisions.ts';
import { recordStore } from '../../documents/record-store.ts';
import { usePhotoStore } from '../../store/photo-store.ts';
import { fetchVtoConfig, saveVtoConfig, saveVtoConfigOnUnload } from '../api/vto-config-api.ts';
import { DEFAULT_VTO_PLAN, fromVtoDocument, toVtoDocument } from '../lib/vto-config.ts';
import { useVtoStore } from '../store/vto-store.ts';

export const VTO_PANEL_ID = 'vto';
const SAVE_DELAY_MS = 800;

/** The document the VTO and photo stores describe now; null before the stored one was read. */
function currentDocument(): { recordId: number; doc: VtoStoConfig } | null {
  const { loadedFor, plan } = useVtoStore.getState();
  if (loadedFor === null) return null;
  const photo = usePhotoStore.getState();
  return {
    recordId: loadedFor,
    doc: toVtoDocument(plan, { alignment: photo.alignment, points: photo.lastPoints, followView: photo.followView }),
  };
}

/** Shows a document in the VTO and photo stores (after loading it, or an undo/redo of the record's history). */
function show(recordId: number, doc: VtoStoConfig | null): void {
  const restored = doc === null ? null : fromVtoDocument(doc);
  if (restored !== null) {
    usePhotoStore.setState({
      alignment: restored.photo.alignment,
      lastPoints: restored.photo.points,
      followView: restored.photo.followView,
    });
  }
  useVtoStore.getState().load(recordId, restored?.plan ?? DEFAULT_VTO_PLAN);
}

/** Which parts of the document an edit changed: successive edits of the same parts (a slider) make one undo step. */
function changedParts(before: VtoStoConfig | undefined, after: VtoStoConfig): string {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).join(',');
}

/**
 * Reads the chart's `vto_sto_config` into the record store (documents/record-store.ts) and the VTO and
 * photo stores once; every change of the plan or the photo alignment is then an edit of the record's
 * `vto` document (undoable with the record's history), saved by the record store a moment after it,
 * when the tab is left, when the viewer closes (route change) and, best effort, when the page closes.
 * Mounted with the stage (an overlay layer), so the photo alignment is restored even when the tab is
 * never opened.
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
    queryFn: ({ signal }) => fetchVtoConfig(chartId ?? -1, signal),
  });
  const refetch = useRef(query.refetch);
  refetch.current = query.refetch;

  useEffect(() => {
    const answer = query.data;
    if (answer === undefined || answer === null || useVtoStore.getState().loadedFor === answer.recordId) return;
    show(answer.recordId, answer.config);
    // The first document after loading is what the server holds (or the defaults): not an edit.
    const now = currentDocument();
    if (now) recordStore.load('vto', now.recordId, now.doc, baseOf(columnDocument(now.recordId, 'vto_sto_config')));
  }, [query.data]);

  useEffect(() => {
    const unregister = recordStore.register<VtoStoConfig>('vto', {
      delayMs: () => SAVE_DELAY_MS,
      save: async (doc, { recordId }) => {
        // Someone saved the plan since it was read (another member, another tab): theirs is loaded and shown instead.
        await saveVtoConfig(recordId, doc, async () => {
          // The viewer may show another chart by now: its plan stays.
          if (useVtoStore.getState().loadedFor !== recordId) return;
          useVtoStore.setState({ loadedFor: null });
          await refetch.current();
        });
        return baseOf(columnDocument(recordId, 'vto_sto_config'));
      },
      saveOnUnload: (doc, { recordId }) => saveVtoConfigOnUnload(recordId, doc),
    });
    const onChange = () => {
      const now = currentDocument();
      const held = recordStore.getState();
      if (now === null || held.recordId !== now.recordId || !held.docs.vto) return;
      recordStore.edit('vto', now.doc, { merge: `vto:${changedParts(held.docs.vto.value as VtoStoConfig, now.doc)}` });
    };
    const unsubscribeVto = useVtoStore.subscribe(onChange);
    const unsubscribePhoto = usePhotoStore.subscribe(onChange);
    // The record's `vto` document is the truth: an undo, redo or save shows here.
    const unsubscribeRecord = recordStore.subscribe((s, prev) => {
      const doc = s.docs.vto;
      if (doc === undefined || doc === prev.docs.vto || s.recordId === null) return;
      if (doc.value !== prev.docs.vto?.value && JSON.stringify(currentDocument()?.doc) !== JSON.stringify(doc.value)) {
        show(s.recordId, doc.value as VtoStoConfig);
      }
      if (doc.status !== useVtoStore.getState().saveStatus) useVtoStore.getState().set({ saveStatus: doc.status });
    });
    return () => {
      unsubscribeVto();
      unsubscribePhoto();
      unsubscribeRecord();
      // Leaving the viewer: what is unsaved is sent (unregistering saves it), then the plan is forgotten.
      unregister();
      recordStore.forget('vto');
      useVtoStore.getState().reset();
    };
  }, []);
}
