import { registerOverlayLayer } from '../overlay-layers.ts';
import { ConstructionLayer } from './components/construction-layer.tsx';
import './components/analysis.css';

/**
 * The analysis feature's part of the viewer, registered on import: the highlight of the hovered
 * measurement's construction (between planes and landmarks). Its "Analysis" tab holds the
 * calibration and export sections, so the viewer shell registers it (shell/compose.tsx).
 */
registerOverlayLayer({ id: 'analysis-construction', order: 250, Component: ConstructionLayer });
