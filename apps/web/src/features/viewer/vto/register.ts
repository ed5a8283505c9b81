import { registerOverlayLayer } from '../overlay-layers.ts';
import { registerViewerPanel } from '../panels.ts';
import { VtoMorphLayer } from './components/vto-morph-layer.tsx';
import { VtoPanel } from './components/vto-panel.tsx';
import { VtoProfileLayer } from './components/vto-profile-layer.tsx';
import { VTO_PANEL_ID } from './hooks/use-vto-document.ts';
import './components/vto.css';

/**
 * The VTO/STO feature's part of the viewer: its tab, the morphed facial photo (just above the photo
 * layer) and the predicted tracing (above today's tracing).
 */
registerViewerPanel({ id: VTO_PANEL_ID, order: 240, labelKey: 'vto.tab', Component: VtoPanel });
registerOverlayLayer({ id: 'vto-morph', order: 30, Component: VtoMorphLayer });
registerOverlayLayer({ id: 'vto-profile', order: 150, Component: VtoProfileLayer });
