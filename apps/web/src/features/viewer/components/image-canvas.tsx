import { useEffect, useRef, useState } from 'react';
import type { Size } from '../lib/coordinates.ts';
import { createFilmRenderer } from '../lib/film-gl.ts';
import { useViewerStore } from '../store/viewer-store.ts';
import { filmCssFilter, FilmSvgFilter } from './film-svg-filter.tsx';

/**
 * The radiograph layer (docs/house-rules.md §7): a viewport-sized canvas drawn with the view transform. It
 * redraws outside React, at most once per animation frame, and only when the view, the viewport, the
 * X-ray toggle or the film's adjustments change. The adjustments (brightness, contrast, gamma, invert,
 * edge enhancement, soft-tissue window) are applied by the GPU while drawing (lib/film-gl.ts): a slider
 * move is one draw call, never a CPU pass over the film. Where WebGL2 is unavailable or may not read
 * the film, a 2D canvas draws it and an SVG filter applies the same tone curve (film-svg-filter.tsx).
 */
export function ImageCanvas({ image, imageSize, label }: { image: HTMLImageElement | null; imageSize: Size; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [mode, setMode] = useState<'gpu' | 'basic'>('gpu');
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const setRendering = useViewerStore.getState().setFilmRendering;
    const renderer = mode === 'gpu' ? createFilmRenderer(canvas) : null;
    if (mode === 'gpu' && (renderer === null || (image !== null && !renderer.setImage(image)))) {
      renderer?.dispose();
      setMode('basic');
      return;
    }
    setRendering(mode);
    let frame = 0;
    let drawn: unknown[] = [];
    const draw = () => {
      frame = 0;
      const { view, viewportSize, display, film } = useViewerStore.getState();
      const dpr = window.devicePixelRatio || 1;
      const width = Math.round(viewportSize.width * dpr);
      const height = Math.round(viewportSize.height * dpr);
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      const deviceView = { scale: dpr * view.scale, translateX: dpr * view.translateX, translateY: dpr * view.translateY };
      if (renderer) {
        if (!image || !display.xray) renderer.clear();
        else renderer.draw({ viewport: { width, height }, view: deviceView, imageSize, adjustments: film });
        return;
      }
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, width, height);
      if (!image || !display.xray) return;
      ctx.setTransform(deviceView.scale, 0, 0, deviceView.scale, deviceView.translateX, deviceView.translateY);
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = view.scale < 1 ? 'medium' : 'low';
      // Stretch to the original upload's size: landmarks live in that space even if the file differs.
      ctx.drawImage(image, 0, 0, imageSize.width, imageSize.height);
    };
    const onStore = () => {
      const { view, viewportSize, display, film } = useViewerStore.getState();
      if (!renderer) canvas.style.filter = filmCssFilter(film);
      const key = [view, viewportSize, display.xray, renderer ? film : null];
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
      renderer?.dispose();
    };
  }, [image, imageSize, mode]);
  return (
    <>
      <canvas
        key={mode}
        ref={ref}
        className="viewer-stage__canvas"
        data-testid="viewer-image"
        data-rendering={mode}
        role="img"
        aria-label={label}
      />
      <FilmSvgFilter />
    </>
  );
}
