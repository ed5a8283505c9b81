import { imageToScreen } from '@ceppro/ceph';
import { useEffect, useRef } from 'react';
import type { Size } from '../lib/coordinates.ts';
import { createFilmRenderer, type FilmRenderer } from '../lib/film-gl.ts';
import { useLandmarkStore } from '../store/landmark-store.ts';
import { useViewerStore } from '../store/viewer-store.ts';
import { filmCssFilter } from './film-svg-filter.tsx';

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
 * The film in it has the stage's adjustments: drawn by its own GPU renderer (made at the first drag)
 * and copied onto the lens, or, where the stage draws in 2D, with the same SVG filter.
 */
export function Magnifier({ image, imageSize }: { image: HTMLImageElement | null; imageSize: Size }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = LENS * dpr;
    canvas.height = LENS * dpr;
    let lens: { canvas: HTMLCanvasElement; renderer: FilmRenderer } | null | undefined;
    /** The lens's GPU renderer with the film uploaded; null where the stage draws the film in 2D. */
    const gpuLens = (film: HTMLImageElement) => {
      if (lens !== undefined || useViewerStore.getState().filmRendering !== 'gpu') return lens ?? null;
      const offscreen = document.createElement('canvas');
      offscreen.width = canvas.width;
      offscreen.height = canvas.height;
      const renderer = createFilmRenderer(offscreen);
      lens = renderer && renderer.setImage(film) ? { canvas: offscreen, renderer } : null;
      return lens;
    };
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
      const zoom = Math.max(MIN_ZOOM, view.scale * ENLARGE) * dpr;
      const lensView = {
        scale: zoom,
        translateX: canvas.width / 2 - preview.point.x * zoom,
        translateY: canvas.height / 2 - preview.point.y * zoom,
      };
      const gpu = gpuLens(image);
      canvas.style.filter = gpu ? 'none' : filmCssFilter(film);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.fillStyle = '#000';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      if (gpu) {
        gpu.renderer.draw({ viewport: { width: canvas.width, height: canvas.height }, view: lensView, imageSize, adjustments: film });
        ctx.drawImage(gpu.canvas, 0, 0);
      } else {
        ctx.setTransform(lensView.scale, 0, 0, lensView.scale, lensView.translateX, lensView.translateY);
        ctx.imageSmoothingEnabled = true;
        ctx.drawImage(image, 0, 0, imageSize.width, imageSize.height);
      }
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
    const unsubscribe = useLandmarkStore.subscribe((s, prev) => {
      if (s.preview !== prev.preview) render();
    });
    return () => {
      unsubscribe();
      lens?.renderer.dispose({ loseContext: true });
    };
  }, [image, imageSize]);
  return <canvas ref={ref} className="viewer-magnifier" data-testid="magnifier" hidden style={{ width: LENS, height: LENS }} />;
}
