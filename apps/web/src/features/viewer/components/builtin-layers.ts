import { OVERLAY_ORDER, registerOverlayLayer } from '../overlay-layers.ts';
import { LandmarkLayer } from './landmark-layer.tsx';
import { PlaneLayer } from './plane-layer.tsx';
import { TracingLayer } from './tracing-layer.tsx';

/** The viewer's own overlay layers, registered once on import of the stage. */
registerOverlayLayer({ id: 'tracing', order: OVERLAY_ORDER.tracing, Component: TracingLayer });
registerOverlayLayer({ id: 'planes', order: OVERLAY_ORDER.planes, Component: PlaneLayer });
registerOverlayLayer({ id: 'landmarks', order: OVERLAY_ORDER.landmarks, Component: LandmarkLayer });
