import { registerOverlayLayer } from '../overlay-layers.ts';
import { registerViewerPanel } from '../panels.ts';
import { GROWTH_PANEL_ID, GrowthLayer } from './components/growth-layer.tsx';
import { GrowthPanel } from './components/growth-panel.tsx';
import './components/growth.css';

/**
 * The growth forecast's parts of the viewer (issue 28 item 4), registered on import: the "Growth" tab
 * beside the other planning tabs, and the forecast tracing (drawn only while that tab is open).
 */
registerViewerPanel({ id: GROWTH_PANEL_ID, order: 245, labelKey: 'growth.tab', Component: GrowthPanel });
registerOverlayLayer({ id: 'growth-forecast', order: 160, Component: GrowthLayer });
