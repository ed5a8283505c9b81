import {
  CONTOUR_DEFINITIONS,
  contourMatches,
  imagePoint,
  type FilmContour,
  type ImagePoint,
  type LandmarkId,
  type LandmarkMap,
  type RamusPoints,
  type Vec2,
} from '@ceppro/ceph';
import { IMAGE_TYPE } from '@ceppro/contract';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useChartImage } from '../api/use-chart-image.ts';
import { useViewerChart } from '../api/use-viewer-chart.ts';
import type { ContourRequest, ContourResponse } from '../lib/contour-worker.ts';
import { useLandmarkStore } from '../store/landmark-store.ts';
import { useViewerStore } from '../store/viewer-store.ts';

/*
 * The open film's image-following contours (lib/contour-worker.ts, packages/ceph contours/). One
 * worker for the app keeps the decoded film; the contours of each film and landmark set are kept here
 * too, so going back to a chart or undoing a move shows them at once. While a landmark is dragged or a
 * new trace is under way, the contours that no longer end on their landmarks are left out and the
 * tracing draws those gaps as landmark curves. A film the worker cannot read (its storage refuses the
 * fetch) or a browser without workers leaves the landmark curves everywhere.
 *
 * The same trace finds Ricketts' R1-R4 on the film (packages/ceph ramus-points.ts); they go into the
 * landmark store as found points (`setFound`: shown and measured as constructed where the user placed none),
 * so Xi and the analyses that read it compute without the user placing them.
 */

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (response: ContourResponse) => void>();
const cache = new Map<string, { contours: FilmContour[]; ramus: RamusPoints | null }>();
const CACHE_SIZE = 32;

function contourWorker(): Worker | null {
  if (worker !== null) return worker;
  if (typeof Worker === 'undefined') return null;
  worker = new Worker(new URL('../lib/contour-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<ContourResponse>) => {
    waiting.get(event.data.id)?.(event.data);
    waiting.delete(event.data.id);
  };
  return worker;
}

/** The landmarks the contours run through, and those findRamusPoints reads. */
const CONTOUR_LANDMARKS: readonly LandmarkId[] = [
  ...new Set([...CONTOUR_DEFINITIONS.flatMap((c) => c.landmarks), 'Ar', 'Go', 'Co', 'Po', 'Or', 'Me'] as LandmarkId[]),
];

const RAMUS_IDS = ['R1', 'R2', 'R3', 'R4'] as const;

/** Hands R1-R4 (image px of the original upload) and which are estimates to the landmark store; none without them. */
function setFoundPoints(ramus: RamusPoints | null): void {
  const found: LandmarkMap<ImagePoint> = {};
  const estimated: LandmarkId[] = [];
  for (const id of ramus === null ? [] : RAMUS_IDS) {
    const p = (ramus as RamusPoints).points[id];
    found[id] = imagePoint(p.x, p.y);
    if ((ramus as RamusPoints).source[id] === 'estimate') estimated.push(id);
  }
  useLandmarkStore.getState().setFound(found, estimated);
}

/**
 * The contours of the open film for the current landmarks (image px of the original upload); [] until traced
 * or without a worker. Also keeps the landmark store's found points (R1-R4) up to date with the trace.
 */
export function useFilmContours(enabled: boolean): FilmContour[] {
  const chart = useViewerChart(useParams().id ?? null).data ?? null;
  const ceph = chart?.chart_data.find((d) => d.image_type_cd === IMAGE_TYPE.cephalogram) ?? null;
  const url = useChartImage(chart?.chart_id ?? null, ceph?.id ?? null).data?.presignedPath ?? null;
  const imageSize = useViewerStore((s) => s.imageSize);
  const positions = useLandmarkStore((s) => s.positions);
  const filmKey = ceph === null ? null : String(ceph.id);
  // Only the landmarks the contours run through decide a trace.
  const relevant = useMemo(() => {
    const out: Record<string, Vec2> = {};
    for (const id of CONTOUR_LANDMARKS) {
      const p = positions[id];
      if (p) out[id] = { x: p.x, y: p.y };
    }
    return out;
  }, [positions]);
  const key =
    filmKey === null || imageSize === null ? null : `${filmKey}:${imageSize.width}x${imageSize.height}:${JSON.stringify(relevant)}`;
  const [traced, setTraced] = useState<{ key: string; contours: FilmContour[] } | null>(null);

  useEffect(() => {
    if (!enabled || key === null || url === null || filmKey === null || imageSize === null) return;
    const hit = cache.get(key);
    if (hit) {
      setTraced({ key, contours: hit.contours });
      setFoundPoints(hit.ramus);
      return;
    }
    const w = contourWorker();
    if (w === null) return;
    let live = true;
    const id = nextId++;
    waiting.set(id, (response) => {
      if (!('contours' in response)) return;
      cache.set(key, { contours: response.contours, ramus: response.ramus });
      if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      if (!live) return;
      setTraced({ key, contours: response.contours });
      setFoundPoints(response.ramus);
    });
    const request: ContourRequest = { id, filmKey, url, imageSize, positions: relevant };
    w.postMessage(request);
    return () => {
      live = false;
    };
  }, [enabled, key, url, filmKey, imageSize, relevant]);

  return useMemo(() => (traced === null ? [] : traced.contours.filter((c) => contourMatches(c, relevant))), [traced, relevant]);
}
