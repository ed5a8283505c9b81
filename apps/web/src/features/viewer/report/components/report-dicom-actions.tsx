import type { DicomOutKind, PacsStoreBackResponse, ReportLang, ReportPdfRequest } from '@ceppro/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api/index.ts';
import { saveFile } from '../../../../lib/save-file.ts';
import { fetchReportDicom } from '../api/download-report-dicom.ts';
import { sendToPacs, STORE_BACK_CODES, type StoreBackCode } from '../api/send-to-pacs.ts';
import { useStoreBackServers } from '../api/use-store-back-servers.ts';
import { saveBeforeReport, UnsavedEditsError } from '../hooks/use-report-model.ts';

type Problem =
  | 'report.saveFailed'
  | 'report.noImage'
  | 'report.noAnalysis'
  | 'report.dicomFailed'
  | 'report.pacsFailed'
  | `report.pacsErrors.${StoreBackCode}`;

type State =
  | { step: 'idle' }
  | { step: 'saving'; task: DicomOutKind | 'pacs' }
  | { step: 'working'; task: DicomOutKind | 'pacs' }
  | { step: 'sent'; result: PacsStoreBackResponse; server: string }
  | { step: 'error'; problem: Problem; server: string };

function problemOf(error: unknown, fallback: Problem): Problem {
  if (error instanceof UnsavedEditsError) return 'report.saveFailed';
  const code = isApiError(error) ? error.code : null;
  if (code === 'REPORT_NO_IMAGE') return 'report.noImage';
  if (code === 'REPORT_NO_ANALYSIS') return 'report.noAnalysis';
  if ((STORE_BACK_CODES as readonly string[]).includes(code ?? '')) return `report.pacsErrors.${code as StoreBackCode}`;
  return fallback;
}

/**
 * The report as DICOM (docs/dicom-out.md): "Download report (DICOM)" and "Download tracing (DICOM)"
 * (.dcm files of the report PDF and of the traced film), and "Send to PACS" when the operator configured
 * one (both objects stored into the film's study), with its steps and its result. Each saves the viewer's
 * edits first, as Print and Download PDF do.
 */
export function ReportDicomActions({ request, lang, disabled }: { request: ReportPdfRequest | null; lang: ReportLang; disabled: boolean }) {
  const { t } = useTranslation();
  const servers = useStoreBackServers().data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const server = servers.find((s) => s.id === chosen) ?? servers[0] ?? null;
  const busy = disabled || state.step === 'saving' || state.step === 'working';

  const download = async (kind: DicomOutKind) => {
    if (request === null) return;
    setState({ step: 'saving', task: kind });
    try {
      await saveBeforeReport();
      setState({ step: 'working', task: kind });
      saveFile(await fetchReportDicom(kind, request, lang), `ceppro-${kind}-${request.chart_id}.dcm`);
      setState({ step: 'idle' });
    } catch (error) {
      setState({ step: 'error', problem: problemOf(error, 'report.dicomFailed'), server: '' });
    }
  };

  const send = async () => {
    if (request === null || server === null) return;
    setState({ step: 'saving', task: 'pacs' });
    try {
      await saveBeforeReport();
      setState({ step: 'working', task: 'pacs' });
      const result = await sendToPacs(request, lang, server.id);
      setState({ step: 'sent', result, server: server.name });
    } catch (error) {
      setState({ step: 'error', problem: problemOf(error, 'report.pacsFailed'), server: server.name });
    }
  };

  const label = (task: DicomOutKind | 'pacs', idle: string) =>
    state.step === 'saving' && state.task === task
      ? t('report.saving')
      : state.step === 'working' && state.task === task
        ? task === 'pacs'
          ? t('report.pacsSending', { server: server?.name ?? '' })
          : t('report.dicomDownloading')
        : idle;

  return (
    <section className="report-panel__dicom" data-testid="report-dicom">
      <h3 className="report-panel__subtitle">{t('report.dicomHeading')}</h3>
      <div className="report-panel__actions report-panel__actions--wrap">
        <button
          type="button"
          className="dark-button dark-button--muted report-panel__button"
          data-testid="download-report-dicom"
          disabled={request === null || busy}
          onClick={() => void download('report')}
        >
          {label('report', t('report.downloadReportDicom'))}
        </button>
        <button
          type="button"
          className="dark-button dark-button--muted report-panel__button"
          data-testid="download-tracing-dicom"
          disabled={request === null || busy}
          onClick={() => void download('tracing')}
        >
          {label('tracing', t('report.downloadTracingDicom'))}
        </button>
      </div>
      {server !== null && (
        <div className="report-panel__actions report-panel__actions--wrap">
          {servers.length > 1 && (
            <label className="report-panel__pacs-choice">
              <span>{t('report.pacsServer')}</span>
              <select
                data-testid="pacs-server"
                value={server.id}
                disabled={busy}
                onChange={(event) => {
                  setChosen(event.target.value);
                  setState({ step: 'idle' });
                }}
              >
                {servers.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button
            type="button"
            className="dark-button dark-button--muted report-panel__button"
            data-testid="send-to-pacs"
            disabled={request === null || busy}
            onClick={() => void send()}
          >
            {label('pacs', servers.length > 1 ? t('report.sendToPacs') : t('report.sendToNamedPacs', { server: server.name }))}
          </button>
        </div>
      )}
      {state.step === 'working' && state.task === 'pacs' && (
        <p className="report-panel__note" role="status">
          {t('report.pacsProgress')}
        </p>
      )}
      {state.step === 'sent' && (
        <p className="report-panel__success" role="status" data-testid="pacs-result">
          {t('report.pacsSent', { server: state.server, objects: state.result.instances.length })}
        </p>
      )}
      {state.step === 'error' && (
        <p className="report-panel__error" role="alert" data-testid="report-dicom-error">
          {t(state.problem, { server: state.server })}
        </p>
      )}
      <p className="report-panel__note">{t('report.dicomNote')}</p>
    </section>
  );
}
