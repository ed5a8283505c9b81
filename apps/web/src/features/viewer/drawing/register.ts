import { registerTool } from '../interaction/registry.ts';
import { registerOverlayLayer } from '../overlay-layers.ts';
import { DrawingLayer } from './components/drawing-layer.tsx';
import './components/drawing.css';
import { DRAWING_TOOL_ID, drawingState } from './interaction/drawing-state.ts';

/**
 * The drawing pad's parts of the viewer, registered on import: the drawing tool (a viewer state in
 * which the pointer draws instead of panning) and the layer that shows the drawings over everything
 * else (and holds the pad's toolbar and autosave).
 */
registerTool({ id: DRAWING_TOOL_ID, enter: () => drawingState() });
registerOverlayLayer({ id: 'drawing', order: 900, Component: DrawingLayer });
