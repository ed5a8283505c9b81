/** English texts of the measurement exports (viewer analysis tab, patient list). */
export const enExports = {
  chart: {
    title: 'Export',
    allAnalyses: 'All analyses (not only the selected one)',
    csv: 'Measurements CSV',
    xlsx: 'Measurements Excel',
    landmarks: 'Landmarks JSON',
    working: 'Exporting…',
    note: 'Pending landmark edits are saved first. Values, norms and deviations as in the table; landmarks with AI and adjusted positions.',
    notSaved: 'The landmark edits could not be saved, so nothing was exported. Try again.',
    notFound: 'This chart is no longer available.',
    failed: 'The export failed. Try again.',
  },
  batch: {
    open: 'Export measurements',
    title: 'Export measurements for research',
    intro: 'One row per chart and measurement, every analysis, for every chart with landmarks.',
    scopeAll: 'All my patients',
    scopePage: 'Patients on this page ({{count}})',
    csv: 'Download CSV',
    xlsx: 'Download Excel',
    preparing: 'Preparing the export…',
    progress: '{{done}} of {{total}} charts ({{percent}}%)',
    done: 'Exported {{count}} charts.',
    doneUncounted: 'Export downloaded.',
    empty: 'No charts with landmarks to export: the file holds only the column names.',
    busy: 'An export is already running for this account. Wait for it to finish.',
    failed: 'The export failed. Try again.',
    layout:
      'Columns: patient, chart, analysis, measurement, value, unit, norm, deviation (SD), ' +
      'interpretation, calibration and landmark source, model version.',
  },
};

export type ExportsDictionary = typeof enExports;
