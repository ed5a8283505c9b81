import { AnalysisPanel } from '../analysis/components/analysis-panel.tsx';
import { CalibrationSection } from '../calibration/components/calibration-section.tsx';
import { ChartExportButtons } from '../exports/components/chart-export-buttons.tsx';
import type { ViewerPanelProps } from '../panels.ts';
import { AlignmentControls } from '../photo/components/alignment-controls.tsx';
import { VtoPanel } from '../vto/components/vto-panel.tsx';

/**
 * Tabs that show more than one viewer sub-feature, composed here in the viewer shell so that
 * sub-features never import each other (eslint.config.js, web boundaries).
 */

/** "Analysis": the analysis table with the calibration section and the export buttons. */
export function AnalysisTab() {
  return <AnalysisPanel Calibration={CalibrationSection} ExportButtons={ChartExportButtons} />;
}

/** "VTO/STO": the planning panel with the facial photo's alignment controls. */
export function VtoTab(props: ViewerPanelProps) {
  return <VtoPanel {...props} AlignmentControls={AlignmentControls} />;
}
