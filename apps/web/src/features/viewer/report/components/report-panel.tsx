import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportLang } from '@ceppro/contract';
import { isApiError } from '../../../../lib/api/index.ts';
import { useClinicalNames } from '../../hooks/use-clinical-names.ts';
import { flushLandmarkEdits } from '../../hooks/use-landmark-autosave.ts';
import { useLandmarkStore } from '../../store/landmark-store.ts';
import { saveFile } from '../../../../lib/save-file.ts';
import { fetchReportPdf } from '../api/download-report-pdf.ts';
import { usePrintFilm } from '../hooks/use-print-film.ts';
import { useReportData } from '../hooks/use-report-data.ts';
import { calibrationText, localDay } from '../lib/report-facts.ts';
import { ReportPrint } from './report-print.tsx';
import './report.css';

type Download = { state: 'idle' | 'working' } | { state: 'error'; message: 'report.noImage' | 'report.noAnalysis' | 'report.downloadFailed' };

/**
 * The viewer's "Report" tab: what the report holds, Print (the browser prints the A4 layout of
 * ReportPrint) and Download PDF (the same report made on the server).
 */
export function ReportPanel() {
  const { t, i18n } = useTranslation();
  const names = useClinicalNames();
  const data = useReportData();
  const film = usePrintFilm(data.imageUrl, data.imageSize, data.positions, data.edited);
  const [date] = useState(() => localDay(new Date()));
  const [printing, setPrinting] = useState(false);
  const [filmShown, setFilmShown] = useState<string | null>(null);
  const [download, setDownload] = useState<Download>({ state: 'idle' });
  const filmReady = film.status === 'ready' && filmShown === film.url;

  // Print once the film in the layout has loaded: printing earlier would give an empty frame.
  useEffect(() => {
    if (!printing || !(filmReady || film.status === 'error')) return;
    setPrinting(false);
    window.print();
  }, [printing, filmReady, film.status]);

  const runDownload = async () => {
    if (data.request === null) return;
    setDownload({ state: 'working' });
    try {
      // The server renders the stored landmarks: unsaved edits are saved first (through the one autosave).
      await flushLandmarkEdits();
      if (useLandmarkStore.getState().saveStatus === 'error') throw new Error('landmark edits not saved');
      const pdf = await fetchReportPdf(data.request, reportLang(i18n.language));
      saveFile(pdf, `ceppro-report-${data.request.chart_id}.pdf`);
      setDownload({ state: 'idle' });
    } catch (error) {
      const code = isApiError(error) ? error.code : null;
      setDownload({ state: 'error', message: code === 'REPORT_NO_IMAGE' ? 'report.noImage' : code === 'REPORT_NO_ANALYSIS' ? 'report.noAnalysis' : 'report.downloadFailed' });
    }
  };

  const calibration = calibrationText(data.analysis.calibration);
  const option = data.analysis.option;
  return (
    <div className="report-panel" data-testid="report-panel">
      <h2 className="report-panel__title">{t('report.title')}</h2>
      <p className="report-panel__intro">{t('report.intro')}</p>
      <dl className="report-panel__facts">
        <dt>{t('report.analysis')}</dt>
        <dd data-testid="report-panel-analysis">{option ? (option.kind === 'default' ? t('analysis.defaultOption') : names.analysis(option.analysis)) : '—'}</dd>
        <dt>{t('report.calibration')}</dt>
        <dd>{t(calibration.key, { ppm: calibration.ppm })}</dd>
        <dt>{t('report.clinic')}</dt>
        <dd>{data.clinic ?? '—'}</dd>
      </dl>
      <div className="report-panel__actions">
        <button
          type="button"
          className="report-panel__button report-panel__button--primary"
          data-testid="print-report"
          disabled={data.chart === null || printing}
          onClick={() => setPrinting(true)}
        >
          {printing ? t('report.preparing') : t('report.print')}
        </button>
        <button
          type="button"
          className="report-panel__button"
          data-testid="download-pdf"
          disabled={data.request === null || download.state === 'working'}
          onClick={() => void runDownload()}
        >
          {download.state === 'working' ? t('report.downloading') : t('report.downloadPdf')}
        </button>
      </div>
      <p className="report-panel__note">{t('report.unsavedNote')}</p>
      {film.status === 'error' && <p className="report-panel__error" role="alert">{t('report.filmFailed')}</p>}
      {download.state === 'error' && (
        <p className="report-panel__error" role="alert" data-testid="report-error">
          {t(download.message)}
        </p>
      )}
      <ReportPrint data={data} film={film} date={date} onFilmLoaded={() => setFilmShown(film.url)} />
    </div>
  );
}
