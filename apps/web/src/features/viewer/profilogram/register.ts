import { registerOverlayLayer } from '../overlay-layers.ts';
import { registerViewerPanel } from '../panels.ts';
import { PROFILOGRAM_PANEL_ID, ProfilogramLayer } from './components/profilogram-layer.tsx';
import { ProfilogramPanel } from './components/profilogram-panel.tsx';
import './components/profilogram.css';

/**
 * The profilogram feature's parts of the viewer, registered on import: the "Profilogram" tab, and
 * its overlay layer (drawn while the tab is open; mounted always, it keeps the stored profilogram in
 * step with the landmarks).
 */
registerViewerPanel({ id: PROFILOGRAM_PANEL_ID, order: 220, labelKey: 'profilogram.tab', Component: ProfilogramPanel });
registerOverlayLayer({ id: 'profilogram', order: 150, Component: ProfilogramLayer });
