import { registerOverlayLayer } from '../overlay-layers.ts';
import { registerViewerPanel } from '../panels.ts';
import { SUPERIMPOSITION_PANEL_ID, SuperimpositionBlendLayer, SuperimpositionTracingLayer } from './components/superimposition-layers.tsx';
import { SuperimpositionPanel } from './components/superimposition-panel.tsx';

/**
 * The superimposition feature's part of the viewer: the "Superimposition" tab, the other films
 * blended under the tracings (order 50, under the built-in tracing) and the superimposed tracings
 * (order 150, over it), both in the current film's pixels.
 */
registerViewerPanel({ id: SUPERIMPOSITION_PANEL_ID, order: 250, labelKey: 'superimposition.tab', Component: SuperimpositionPanel });
registerOverlayLayer({ id: 'superimposition-blend', order: 50, Component: SuperimpositionBlendLayer });
registerOverlayLayer({ id: 'superimposition-tracing', order: 150, Component: SuperimpositionTracingLayer });
