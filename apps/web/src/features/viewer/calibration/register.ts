import { registerTool } from '../interaction/registry.ts';
import { registerOverlayLayer } from '../overlay-layers.ts';
import { RulerLayer } from './components/ruler-layer.tsx';
import { RULER_TOOL_ID, rulerState } from './interaction/ruler-state.ts';
import './components/calibration.css';

/** The calibration ruler: a viewer tool (two clicks on the film's scale) and its overlay layer. */
registerTool({ id: RULER_TOOL_ID, enter: () => rulerState() });
registerOverlayLayer({ id: 'calibration-ruler', order: 400, Component: RulerLayer });
