import { registerOverlayLayer } from '../overlay-layers.ts';
import { VtoMorphLayer } from './components/vto-morph-layer.tsx';
import { VtoProfileLayer } from './components/vto-profile-layer.tsx';
import './components/vto.css';

/**
 * The VTO/STO feature's part of the viewer: the morphed facial photo (just above the photo layer)
 * and the predicted tracing (above today's tracing). Its tab holds the photo's alignment controls,
 * so the viewer shell registers it (shell/compose.tsx).
 */
registerOverlayLayer({ id: 'vto-morph', order: 30, Component: VtoMorphLayer, showsPhoto: true });
registerOverlayLayer({ id: 'vto-profile', order: 150, Component: VtoProfileLayer });
