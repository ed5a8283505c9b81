import '../calibration/register.ts';
import { registerOverlayLayer } from '../overlay-layers.ts';
import { registerViewerPanel } from '../panels.ts';
import { AnalysisPanel } from './components/analysis-panel.tsx';
import { ConstructionLayer } from './components/construction-layer.tsx';
import './components/analysis.css';

/**
 * The analysis feature's parts of the viewer, registered on import: the "Analysis" tab, the
 * highlight of the hovered measurement's construction (between planes and landmarks), and through
 * calibration/register.ts the ruler tool and its layer.
 */
registerViewerPanel({ id: 'analysis', order: 200, labelKey: 'analysis.tab', Component: AnalysisPanel });
registerOverlayLayer({ id: 'analysis-construction', order: 250, Component: ConstructionLayer });
