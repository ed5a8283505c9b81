import { registerTool } from '../interaction/registry.ts';
import { registerOverlayLayer } from '../overlay-layers.ts';
import { registerViewerPanel } from '../panels.ts';
import { MeasureLayer } from './components/measure-layer.tsx';
import { MeasurePanel } from './components/measure-panel.tsx';
import { MEASURE_TOOL_IDS, measureState } from './interaction/measure-state.ts';

/** Free measurements: the distance and angle tools, their overlay layer and the "Measure" tab. */
registerTool({ id: MEASURE_TOOL_IDS.distance, enter: () => measureState('distance') });
registerTool({ id: MEASURE_TOOL_IDS.angle, enter: () => measureState('angle') });
registerOverlayLayer({ id: 'free-measurements', order: 420, Component: MeasureLayer });
registerViewerPanel({ id: 'measure', order: 150, labelKey: 'profilogram.measure.tab', Component: MeasurePanel });
