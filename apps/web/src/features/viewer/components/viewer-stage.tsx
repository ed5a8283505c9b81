import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadedImage } from '../../../hooks/use-loaded-image.ts';
import { useViewerInteraction } from '../interaction/use-viewer-interaction.ts';
import type { Size } from '../lib/coordinates.ts';
import { useViewerStore } from '../store/viewer-store.ts';
import { FilmControls } from './film-controls.tsx';
import { GuidedPrompt } from './guided-prompt.tsx';
import { Legend } from './legend.tsx';
import { ImageCanvas } from './image-canvas.tsx';
import { Magnifier } from './magnifier.tsx';
import { Overlay } from './overlay.tsx';

interface ViewerStageProps {
  imageUrl: string;
  /** The original upload's size: the space landmarks are in. Null: take it from the loaded file. */
  imageSize: Size | null;
  label: string;
}

/**
 * The viewport, in layers (docs/house-rules.md §7): the radiograph canvas, the SVG overlay (tracing, planes,
 * landmarks and any registered layer), the drag magnifier, and floating controls.
 */
export function ViewerStage({ imageUrl, imageSize, label }: ViewerStageProps) {
  const { t } = useTranslation();
  const viewportRef = useRef<HTMLDivElement>(null);
  const loaded = useLoadedImage(imageUrl);
  const width = imageSize?.width ?? loaded.image?.naturalWidth ?? 0;
  const height = imageSize?.height ?? loaded.image?.naturalHeight ?? 0;
  const size = useMemo(() => (width > 0 && height > 0 ? { width, height } : null), [width, height]);
  const setImageSize = useViewerStore((s) => s.setImageSize);
  const setViewportSize = useViewerStore((s) => s.setViewportSize);

  useEffect(() => setImageSize(size), [size, setImageSize]);

  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const measure = () => {
      // A stage out of the document (the lock screen takes the app out) measures 0 x 0: keep the last size.
      if (element.clientWidth === 0 || element.clientHeight === 0) return;
      setViewportSize({ width: element.clientWidth, height: element.clientHeight });
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [setViewportSize]);

  useViewerInteraction(viewportRef);

  return (
    <div className="viewer-stage">
      <div ref={viewportRef} className="viewer-stage__viewport" data-testid="viewer-stage" tabIndex={-1}>
        {size && <ImageCanvas image={loaded.image} imageSize={size} label={label} />}
        {size && <Overlay imageSize={size} />}
        {size && <Magnifier image={loaded.image} imageSize={size} />}
      </div>
      <GuidedPrompt />
      <FilmControls />
      <Legend />
      {loaded.status === 'loading' && (
        <div className="viewer-stage__status" role="status">
          <span className="viewer-stage__spinner" aria-hidden="true" />
          {t('viewer.loading')}
        </div>
      )}
      {loaded.status === 'error' && (
        <div className="viewer-stage__status viewer-stage__status--error" role="alert">
          {t('viewer.imageError')}
        </div>
      )}
    </div>
  );
}
