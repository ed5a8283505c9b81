import { REPORT_LANGS, consultationLabels, fillLabel, viewerChartQuery, type ReportLang } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_SELF_NAMES } from '../../../i18n/languages.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { fetchConsultationPdf, useConsultationModel, useConsultationPhoto } from '../api/consultation-api.ts';
import { useFullscreen } from '../hooks/use-fullscreen.ts';
import { useLoadedImage } from '../../../hooks/use-loaded-image.ts';
import { PhotoCompare, type PhotoMode } from './photo-compare.tsx';
import { PlanWords } from './plan-words.tsx';
import { TracingCompare } from './tracing-compare.tsx';
import '../../../components/print/a4-page.css';
import './consultation.css';

/**
 * Consultation mode (issue 28 item 5): the patient's full-screen view of the plan. The patient-facing words
 * are the model's and contract `consultationLabels` in the patient's language (the picker, the interface
 * language at first); the controls are in the interface language. Print prints this screen on one A4 page
 * (consultation.css); the PDF is the server's one page of the same model.
 */
export function ConsultationView({ chartUuid, onClose }: { chartUuid: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [uiLanguage] = useLanguage();
  const [lang, setLang] = useState<ReportLang>(uiLanguage);
  const [mode, setMode] = useState<PhotoMode>('side-by-side');
  const [pdf, setPdf] = useState<'idle' | 'busy' | 'failed'>('idle');
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => onClose(), [onClose]);
  const fullscreen = useFullscreen(root, close);
  const chart = useQuery({
    queryKey: ['consultation-chart', chartUuid] as const,
    queryFn: async ({ signal }) => (await runOperation(viewerChartQuery, { uuid: chartUuid }, { signal })).charts[0] ?? null,
    retry: false,
  });
  const chartId = chart.data?.chart_id ?? null;
  const model = useConsultationModel(chartId ?? '', lang, chartId !== null);
  const photo = useConsultationPhoto(chartId ?? '', model.data !== undefined && model.data.photo !== 'none');
  const image = useLoadedImage(photo.data?.url ?? null);
  const labels = consultationLabels(lang);
  const data = model.data;

  // The print shows the photos side by side whatever the screen shows (the canvases draw in the layout phase).
  useEffect(() => {
    let shown: PhotoMode | null = null;
    const before = () =>
      setMode((current) => {
        shown = current;
        return 'side-by-side';
      });
    const beforePrint = () => flushSync(before);
    const afterPrint = () => shown !== null && setMode(shown);
    window.addEventListener('beforeprint', beforePrint);
    window.addEventListener('afterprint', afterPrint);
    return () => {
      window.removeEventListener('beforeprint', beforePrint);
      window.removeEventListener('afterprint', afterPrint);
    };
  }, []);

  const downloadPdf = async () => {
    if (chartId === null) return;
    setPdf('busy');
    try {
      saveFile(await fetchConsultationPdf(chartId, lang), `ceppro-consultation-${chartId}.pdf`);
      setPdf('idle');
    } catch {
      setPdf('failed');
    }
  };

  const failed = chart.isError || model.isError || (chart.isSuccess && chart.data === null);
  return (
    <div ref={root} className="consultation" lang={lang} data-testid="consultation" data-fullscreen={fullscreen.active}>
      <header className="consultation__bar">
        <div className="consultation__titles">
          <h1 className="consultation__title">{labels.title}</h1>
          {data && <p className="consultation__sub">{fillLabel(labels.preparedFor, { name: data.patientName, date: data.date })}</p>}
        </div>
        <div className="consultation__controls" role="toolbar" aria-label={t('consultation.label')}>
          <label className="consultation__control">
            <span>{t('consultation.language')}</span>
            <select value={lang} onChange={(event) => setLang(event.target.value as ReportLang)} data-testid="consultation-language">
              {REPORT_LANGS.map((l) => (
                <option key={l} value={l}>
                  {LANGUAGE_SELF_NAMES[l]}
                </option>
              ))}
            </select>
          </label>
          {data?.morph && image.status === 'loaded' && (
            <span className="consultation__toggle" role="group" aria-label={t('consultation.view')}>
              {(['side-by-side', 'slider'] as const).map((m) => (
                <button key={m} type="button" aria-pressed={mode === m} onClick={() => setMode(m)} data-testid={`consultation-mode-${m}`}>
                  {m === 'slider' ? t('consultation.slider') : t('consultation.sideBySide')}
                </button>
              ))}
            </span>
          )}
          <button type="button" onClick={() => window.print()} disabled={!data} data-testid="consultation-print">
            {t('consultation.print')}
          </button>
          <button type="button" onClick={() => void downloadPdf()} disabled={!data || pdf === 'busy'} data-testid="consultation-pdf">
            {pdf === 'busy' ? t('consultation.pdfBusy') : t('consultation.pdf')}
          </button>
          {!fullscreen.active && (
            <button type="button" onClick={fullscreen.enter} data-testid="consultation-fullscreen">
              {t('consultation.fullscreen')}
            </button>
          )}
          <button type="button" onClick={close} title={t('consultation.closeTitle')} data-testid="consultation-close">
            {t('consultation.close')}
          </button>
        </div>
      </header>
      {pdf === 'failed' && (
        <p className="consultation__alert" role="alert">
          {t('consultation.pdfFailed')}
        </p>
      )}
      {failed && (
        <p className="consultation__alert" role="alert">
          {t('consultation.failed')}
        </p>
      )}
      {!failed && !data && <p className="consultation__loading">{t('consultation.loading')}</p>}
      {data && (
        <main className={`consultation__stage${data.photo === 'none' ? ' consultation__stage--no-photo' : ''}`} data-plan={data.plan.state}>
          {data.photo !== 'none' && (
            <section className="consultation__panel consultation__panel--photos" aria-label={labels.photoTitle}>
              <h2 className="consultation__heading">{labels.photoTitle}</h2>
              {image.status === 'loaded' ? (
                <PhotoCompare image={image.image} morph={data.morph} mode={mode} labels={labels} />
              ) : image.status === 'error' || photo.isError ? (
                <p className="consultation__note">{t('consultation.photoFailed')}</p>
              ) : (
                <p className="consultation__loading">{t('consultation.loading')}</p>
              )}
            </section>
          )}
          <section className="consultation__panel consultation__panel--tracing" aria-label={labels.tracingTitle}>
            <h2 className="consultation__heading">{labels.tracingTitle}</h2>
            <TracingCompare film={data.film} labels={labels} />
          </section>
          <div className="consultation__panel consultation__panel--words">
            <PlanWords model={data} labels={labels} />
          </div>
        </main>
      )}
    </div>
  );
}
