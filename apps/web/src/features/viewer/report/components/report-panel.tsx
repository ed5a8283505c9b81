import { reportLang } from '@ceppro/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleNote } from '../../../../components/role-note.tsx';
import { useMay } from '../../../../hooks/use-work-space.ts';
import { isApiError } from '../../../../lib/api/index.ts';
import { saveFile } from '../../../../lib/save-file.ts';
import { useClinicalNames } from '../../hooks/use-clinical-names.ts';
import { fetchReportPdf } from '../api/download-report-pdf.ts';
import { recordPrint } from '../api/record-print.ts';
import { usePrintFilm } from '../hooks/use-print-film.ts';
import { useReportData } from '../hooks/use-report-data.ts';
import { saveBeforeReport, UnsavedEditsError, useReportModel } from '../hooks/use-report-model.ts';
import { calibrationText } from '../lib/report-facts.ts';
import { ReportDicomActions } from './report-dicom-actions.tsx';
import { ReportPrint } from './report-print.tsx';
import '../../../../components/print/a4-page.css';
import './report.css';

type Problem = 'report.noImage' | 'report.noAnalysis' | 'report.downloadFailed' | 'report.printFailed' | 'report.saveFailed';
type Action = { state: 'idle' | 'saving' | 'working' } | { state: 'error'; message: Problem };

function problemOf(error: unknown, fallback: Problem): Problem {
  if (error instanceof UnsavedEditsError) return 'report.saveFailed';
  const code = isApiError(error) ? error.code : null;
  return code === 'REPORT_NO_IMAGE' ? 'report.noImage' : code === 'REPORT_NO_ANALYSIS' ? 'report.noAnalysis' : fallback;
}

/**
 * The viewer's "Report" tab: what the report holds, Print (the browser prints the A4 layout of
 * ReportPrint) and Download PDF. Both save the viewer's edits first, then use the report the server
 * builds from the saved record: Print renders its model, Download gets the PDF drawn from the same
 * model. When the save fails, the error is shown and nothing stale is printed or downloaded.
 */
export function ReportPanel() {
  const { t, i18n } = useTranslation();
  const names = useClinicalNames();
  const data = useReportData();
  const lang = reportLang(i18n.language);
  // The superimposition appendix (every landmark of every pair of films) only when asked: it is pages of small figures.
  const [appendix, setAppendix] = useState(false);
  const request = useMemo(
    () => (data.request !== null && appendix ? { ...data.request, superimposition_table: true } : data.request),
    [data.request, appendix],
  );
  const report = useReportModel(request, lang);
  const model = report.data ?? null;
  const film = usePrintFilm(data.imageUrl, model);
  const [printing, setPrinting] = useState(false);
  const [filmShown, setFilmShown] = useState<string | null>(null);
  const [action, setAction] = useState<Action>({ state: 'idle' });
  const filmReady = film.status === 'ready' && filmShown === film.url;

  // Print once the film of the fresh model has loaded in the layout: printing earlier would give an empty frame.
  useEffect(() => {
    // A lost film has no URL: the report prints without it rather than waiting forever.
    if (!printing || !(filmReady || film.status === 'error' || data.imageUrl === null)) return;
    setPrinting(false);
    if (data.request !== null) void recordPrint(data.request.chart_id);
    // And once the layout's fonts have loaded: a fallback font sets wider text and can cut a fact short.
    void fontsLoaded().then(() => window.print());
  }, [printing, filmReady, film.status, data.imageUrl, data.request]);

  const runPrint = async () => {
    setAction({ state: 'saving' });
    try {
      await report.refresh();
      setAction({ state: 'idle' });
      setPrinting(true);
    } catch (error) {
      setAction({ state: 'error', message: problemOf(error, 'report.printFailed') });
    }
  };

  const runDownload = async () => {
    if (data.request === null) return;
    setAction({ state: 'saving' });
    try {
      // The server renders the saved record: unsaved edits are saved first (through the one autosave).
      await saveBeforeReport();
      setAction({ state: 'working' });
      const pdf = await fetchReportPdf(request ?? data.request, lang);
      saveFile(pdf, `ceppro-report-${data.request.chart_id}.pdf`);
      setAction({ state: 'idle' });
    } catch (error) {
      setAction({ state: 'error', message: problemOf(error, 'report.downloadFailed') });
    }
  };

  const mayPrint = useMay('report.pdf');
  const busy = action.state === 'saving' || action.state === 'working' || printing;
  const calibration = calibrationText(data.analysis.calibration);
  const option = data.analysis.option;
  const analysisTitle = option ? (option.kind === 'default' ? t('analysis.defaultOption') : names.analysis(option.analysis)) : '—';
  const filmAlt = t('report.filmAlt', { name: model?.patient.name ?? '' });
  return (
    <div className="report-panel" data-testid="report-panel">
      <h2 className="report-panel__title">{t('report.title')}</h2>
      <p className="report-panel__intro">{t('report.intro')}</p>
      <dl className="report-panel__facts">
        <dt>{t('report.analysis')}</dt>
        <dd data-testid="report-panel-analysis">{analysisTitle}</dd>
        <dt>{t('report.calibration')}</dt>
        <dd>{t(calibration.key, { ppm: calibration.ppm })}</dd>
        <dt>{t('report.clinic')}</dt>
        <dd>{data.clinic ?? '—'}</dd>
      </dl>
      {/* Offered when the report has a superimposition (its summary is always printed); kept while the model reloads. */}
      {(appendix || model?.superimposition) && (
        <label className="report-panel__option">
          <input
            type="checkbox"
            checked={appendix}
            onChange={(event) => setAppendix(event.target.checked)}
            data-testid="report-superimposition-appendix"
          />
          {t('report.superimpositionAppendix')}
        </label>
      )}
      {/* Printing and the PDF take the report out of the product: not an assistant's (contract ACCESS_POLICY). */}
      {mayPrint ? (
        <div className="report-panel__actions">
          <button
            type="button"
            className="dark-button dark-button--muted report-panel__button report-panel__button--primary"
            data-testid="print-report"
            disabled={data.request === null || busy}
            onClick={() => void runPrint()}
          >
            {printing ? t('report.preparing') : t('report.print')}
          </button>
          <button
            type="button"
            className="dark-button dark-button--muted report-panel__button"
            data-testid="download-pdf"
            disabled={data.request === null || busy}
            onClick={() => void runDownload()}
          >
            {action.state === 'working'
              ? t('report.downloading')
              : action.state === 'saving'
                ? t('report.saving')
                : t('report.downloadPdf')}
          </button>
        </div>
      ) : (
        <RoleNote kind="report" className="report-panel__note" />
      )}
      {/* The same report as DICOM files, and sent to the clinic's PACS (docs/dicom-out.md). */}
      {mayPrint && <ReportDicomActions request={data.request} lang={lang} disabled={busy} />}
      <p className="report-panel__note">{t('report.unsavedNote')}</p>
      {film.status === 'error' && (
        <p className="report-panel__error" role="alert">
          {t('report.filmFailed')}
        </p>
      )}
      {action.state === 'error' && (
        <p className="report-panel__error" role="alert" data-testid="report-error">
          {t(action.message)}
        </p>
      )}
      <ReportPrint model={model} film={film} filmAlt={filmAlt} onFilmLoaded={() => setFilmShown(film.url)} />
    </div>
  );
}

function fontsLoaded(): Promise<unknown> {
  return 'fonts' in document ? document.fonts.ready : Promise.resolve();
}
