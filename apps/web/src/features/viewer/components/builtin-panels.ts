import { LANDMARKS_PANEL_ID, registerViewerPanel } from '../panels.ts';
import { LandmarkPanel } from './landmark-panel.tsx';

/** The viewer's own side-panel tab: the landmark adjustment menu. */
registerViewerPanel({ id: LANDMARKS_PANEL_ID, labelKey: 'viewer.panelLandmarks', order: 100, Component: LandmarkPanel });
