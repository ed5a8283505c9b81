import { getLandmark, type ImagePoint, type LandmarkId, type ViewTransform } from '@ceppro/ceph';
import type { ViewerDisplayConfig } from '@ceppro/contract';
import type { Size } from './coordinates.ts';

/**
 * How the Settings' tissue colour and size turn into the viewer's markers and tracing lines.
 * Dental landmarks are hard tissue (teeth); only the soft-tissue profile is soft. A tracing outline
 * is soft when every landmark on it is.
 */
export type Tissue = 'hard' | 'soft';

export function landmarkTissue(id: LandmarkId): Tissue {
  return getLandmark(id).category === 'soft' ? 'soft' : 'hard';
}

export function outlineTissue(landmarks: readonly LandmarkId[]): Tissue {
  return landmarks.length > 0 && landmarks.every((id) => landmarkTissue(id) === 'soft') ? 'soft' : 'hard';
}

/** One tissue's look, in screen CSS px (markers and lines keep their on-screen size at any zoom). */
export interface TissueAppearance {
  /** The chosen colour (#rgb…#rrggbbaa), or null: the viewer's own colours (AI red, tracing yellow). */
  readonly color: string | null;
  /** Marker dot radius; its halo, selection ring and review ring grow with it. */
  readonly dotRadius: number;
  /** Tracing line width. */
  readonly lineWidth: number;
}

/**
 * The Settings size when none is stored (new accounts get 3 too): the viewer's standard look, a dot
 * of radius 3.5 and 1.5 px tracing lines.
 */
export const STANDARD_SIZE = 3;
/** Below these a marker or line could no longer be seen or grabbed; size 0 shows the smallest. */
const MIN_DOT_RADIUS = 1;
const MIN_LINE_WIDTH = 0.5;
const COLOR = /^#[0-9a-fA-F]{3,8}$/;

/**
 * `size` (Settings: 0 to 100, screen px) is the marker dot's radius less half a pixel and twice the
 * tracing line width, so the standard 3 keeps the viewer's usual look. A colour that is not a hex
 * colour is ignored, never injected into a style.
 */
export function tissueAppearance(color: string | null | undefined, size: number | null | undefined): TissueAppearance {
  const s = typeof size === 'number' && Number.isFinite(size) && size >= 0 ? size : STANDARD_SIZE;
  return {
    color: typeof color === 'string' && COLOR.test(color) ? color.toLowerCase() : null,
    dotRadius: Math.max(MIN_DOT_RADIUS, s + 0.5),
    lineWidth: Math.max(MIN_LINE_WIDTH, s / 2),
  };
}

/** What the user's Settings change in an open viewer (beyond the layers it opens with). */
export interface ViewerAppearance {
  readonly hard: TissueAppearance;
  readonly soft: TissueAppearance;
  /** The reference planes to draw (ids of REFERENCE_PLANES); null: all of them. */
  readonly planes: ReadonlySet<string> | null;
  /** Landmarks Settings leaves off the film (`landmark_list`); a selected one still shows. */
  readonly hiddenLandmarks: ReadonlySet<string>;
  /** Selecting a landmark in the list zooms in around it (see `focusView`). */
  readonly autoZoom: boolean;
}

/** The appearance for a display config; null (never saved, or not loaded yet): the viewer's defaults. */
export function viewerAppearance(config: ViewerDisplayConfig | null | undefined): ViewerAppearance {
  return {
    hard: tissueAppearance(config?.hard_tissue_color, config?.hard_tissue_size),
    soft: tissueAppearance(config?.soft_tissue_color, config?.soft_tissue_size),
    planes: config?.plane_list ? new Set(config.plane_list.planes) : null,
    hiddenLandmarks: new Set(config?.landmark_list?.hidden ?? []),
    autoZoom: config?.auto_zoom_NY ?? false,
  };
}

/** Auto zoom-in: the zoom (percent of the fitted view) a selected landmark is shown at, at least. */
export const AUTO_ZOOM_PERCENT = 250;

/**
 * Auto zoom-in: the view centred on `point` (image px) at AUTO_ZOOM_PERCENT of the fitted scale,
 * or at the current scale when the user is already zoomed in further.
 */
export function focusView(point: ImagePoint, view: ViewTransform, viewport: Size, fitScale: number): ViewTransform {
  const scale = Math.max(view.scale, (fitScale * AUTO_ZOOM_PERCENT) / 100);
  return { scale, translateX: viewport.width / 2 - point.x * scale, translateY: viewport.height / 2 - point.y * scale };
}
