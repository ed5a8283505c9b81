import { useEffect, useRef } from 'react';
import type { Size } from '../lib/coordinates.ts';
import { useViewerStore, type ViewerFilm } from '../store/viewer-store.ts';

/** The CSS filter for the film adjustments (also used by the magnifier, so both look the same). */
export function filmFilter(film: ViewerFilm): string {
  return film.brightness === 100 && film.contrast === 100 ? 'none' : `brightness(${film.brightness}%) contrast(${film.contrast}%)`;
}

/**
 * The radiograph layer (docs/house-rules.md §7): a viewport-sized canvas drawn with the view transform. It
 * redraws outside React, at most once per animation frame, and only when the view, the viewport or
 * the X-ray toggle changes. Brightness and contrast are a CSS filter on the canvas: the GPU applies
 * it while compositing, so moving a slider repaints nothing.
 */
export function ImageCanvas({ image, imageSize, label }: { image: HTMLImageElement | null; imageSize: Size; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    let frame = 0;
    let drawn: unknown[] = [];
    const draw = () => {
      frame = 0;
      const { view, viewportSize, display } = useViewerStore.getState();
      const dpr = window.devicePixelRatio || 1;
      const width = Math.round(viewportSize.width * dpr);
      const height = Math.round(viewportSize.height * dpr);
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, width, height);
      if (!image || !display.xray) return;
      ctx.setTransform(dpr * view.scale, 0, 0, dpr * view.scale, dpr * view.translateX, dpr * view.translateY);
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = view.scale < 1 ? 'medium' : 'low';
      // Stretch to the original upload's size: landmarks live in that space even if the file differs.
      ctx.drawImage(image, 0, 0, imageSize.width, imageSize.height);
    };
    const onStore = () => {
      const { view, viewportSize, display, film } = useViewerStore.getState();
      canvas.style.filter = filmFilter(film);
      const key = [view, viewportSize, display.xray];
      if (key.every((v, i) => v === drawn[i])) return;
      drawn = key;
      if (frame === 0) frame = requestAnimationFrame(draw);
    };
    onStore();
    draw();
    const unsubscribe = useViewerStore.subscribe(onStore);
    return () => {
      unsubscribe();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [image, imageSize]);
  return <canvas ref={ref} className="viewer-stage__canvas" data-testid="viewer-image" role="img" aria-label={label} />;
}
