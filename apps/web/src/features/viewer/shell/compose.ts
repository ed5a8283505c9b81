import { registerViewerPanel } from '../panels.ts';
import { VTO_PANEL_ID } from '../vto/hooks/use-vto-document.ts';
import { AnalysisTab, VtoTab } from './tabs.tsx';

/** The viewer shell's own tabs (see tabs.tsx); each sub-feature registers the rest from its register.ts. */
registerViewerPanel({ id: 'analysis', order: 200, labelKey: 'analysis.tab', Component: AnalysisTab });
registerViewerPanel({ id: VTO_PANEL_ID, order: 240, labelKey: 'vto.tab', Component: VtoTab });
