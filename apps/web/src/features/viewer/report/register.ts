import { registerViewerPanel } from '../panels.ts';
import { ReportPanel } from './components/report-panel.tsx';

/** The report feature's part of the viewer: the "Report" tab (print and PDF download). */
registerViewerPanel({ id: 'report', order: 300, labelKey: 'report.tab', Component: ReportPanel });
