import { imageToScreen } from '@ceppro/ceph';
import { useEffect, useRef } from 'react';
import type { Size } from '../lib/coordinates.ts';
import { useLandmarkStore } from '../store/landmark-store.ts';
import { useViewerStore } from '../store/viewer-store.ts';
import { filmFilter } from './image-canvas.tsx';

/**
 * Lens size in CSS px and its magnification: twice the view, and at least 1.5 screen px per image
 * px; more only blurs the film (a 2400 px film has no detail finer than that at this size).
 */
const LENS = 168;
const ENLARGE = 2;
const MIN_ZOOM = 1.5;
/** Distance from the landmark to the lens's nearest edge: the lens never hides the point it shows. */
const GAP = 28;

/**
 * A zoomed lens of the film around a landmark being dragged, with a cross-hair at its new position,
 * drawn outside React from the store's drag preview (docs/house-rules.md §7): hidden when no drag runs.
 */
export function Magnifier({ image, imageSize }: { image: HTMLImageElement | null; imageSize: Size }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = LENS * dpr;
    canvas.height = LENS * dpr;
    const render = () => {
      const { preview } = useLandmarkStore.getState();
      const { view, viewportSize, film } = useViewerStore.getState();
      if (!preview || !image) {
        canvas.hidden = true;
        return;
      }
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      canvas.hidden = false;
      const at = imageToScreen(preview.point, view);
      // Up and to the right of the point, flipped where the viewport edge is too close.
      const left = at.x + GAP + LENS > viewportSize.width ? at.x - GAP - LENS : at.x + GAP;
      const top = at.y - GAP - LENS < 0 ? at.y + GAP : at.y - GAP - LENS;
      canvas.style.transform = `translate(${Math.round(left)}px, ${Math.round(top)}px)`;
      canvas.style.filter = filmFilter(film);
      const zoom = Math.max(MIN_ZOOM, view.scale * ENLARGE) * dpr;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.fillStyle = '#000';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.setTransform(zoom, 0, 0, zoom, canvas.width / 2 - preview.point.x * zoom, canvas.height / 2 - preview.point.y * zoom);
      ctx.imageSmoothingEnabled = true;
      ctx.drawImage(image, 0, 0, imageSize.width, imageSize.height);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      const c = LENS / 2;
      // A cross-hair with an open centre (the point itself stays visible), dark under light for any film.
      ctx.beginPath();
      for (const [x1, y1, x2, y2] of [
        [c - 16, c, c - 4, c],
        [c + 4, c, c + 16, c],
        [c, c - 16, c, c - 4],
        [c, c + 4, c, c + 16],
      ] as const) {
        ctx.moveTo(x1, y1);
        ctx.lineTo(x2, y2);
      }
      ctx.strokeStyle = 'rgba(0, 0, 0, 0.8)';
      ctx.lineWidth = 3;
      ctx.stroke();
      ctx.strokeStyle = '#35c9ff';
      ctx.lineWidth = 1.5;
      ctx.stroke();
    };
    render();
    return useLandmarkStore.subscribe((s, prev) => {
      if (s.preview !== prev.preview) render();
    });
  }, [image, imageSize]);
  return <canvas ref={ref} className="viewer-magnifier" data-testid="magnifier" hidden style={{ width: LENS, height: LENS }} />;
}
