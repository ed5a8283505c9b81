import type { ComponentType } from 'react';
import type { Size } from './lib/coordinates.ts';
import { createOrderedRegistry, useOrderedRegistry, type OrderedEntry } from './lib/ordered-registry.ts';

/**
 * The SVG overlay's layers (docs/house-rules.md §7). Every layer draws inside one `<g>` whose single
 * `transform` maps image px to the viewport, so a layer writes coordinates in image px of the
 * original upload and never listens to pan or zoom. For a stroke or marker of constant screen size,
 * use `vector-effect="non-scaling-stroke"` or the `--u` CSS variable (image px per screen px, set on
 * the overlay). Layers read the stores they need (landmark positions, display toggles) themselves.
 *
 * Built-in orders: tracing 100, reference planes 200, landmarks 300. Another feature registers its
 * own at import time, e.g. an analysis-construction highlight at 250 or a ruler at 400.
 */
export interface OverlayLayerProps {
  /** The original upload's size in px: the overlay's coordinate space. */
  readonly imageSize: Size;
}

export interface OverlayLayer extends OrderedEntry {
  readonly Component: ComponentType<OverlayLayerProps>;
  /**
   * The layer draws the facial photo itself. While the photo is aligned by three points only such
   * layers are seen: the tracing, landmarks, planes and every other drawing over the film are hidden
   * (still mounted, so their state is kept) until the alignment ends.
   */
  readonly showsPhoto?: boolean;
}

export const OVERLAY_ORDER = { tracing: 100, planes: 200, landmarks: 300 } as const;

const layers = createOrderedRegistry<OverlayLayer>();

export function registerOverlayLayer(layer: OverlayLayer): () => void {
  return layers.register(layer);
}

export function useOverlayLayers(): readonly OverlayLayer[] {
  return useOrderedRegistry(layers);
}
