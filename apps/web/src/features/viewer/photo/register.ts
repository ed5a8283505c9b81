import { registerTool } from '../interaction/registry.ts';
import { registerOverlayLayer } from '../overlay-layers.ts';
import { PhotoLayer } from './components/photo-layer.tsx';
import { PHOTO_ALIGN_TOOL_ID, photoAlignState } from './interaction/align-state.ts';

/**
 * The lateral facial photo in the viewer: a layer under the tracing (its own view or a blended
 * overlay, with floating controls) and the manual three-point alignment tool.
 */
registerOverlayLayer({ id: 'facial-photo', order: 20, Component: PhotoLayer, showsPhoto: true });
registerTool({ id: PHOTO_ALIGN_TOOL_ID, enter: () => photoAlignState() });
