import type { AnalysisDefinition } from '@ceppro/ceph';
import type { ChartExportRequest, ExportFormat } from '@ceppro/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleNote } from '../../../../components/role-note.tsx';
import { useMay } from '../../../../hooks/use-work-space.ts';
import { isApiError } from '../../../../lib/api/index.ts';
import { saveFile } from '../../../../lib/save-file.ts';
import { fetchChartExport, fetchLandmarksExport } from '../api/chart-exports.ts';
import { chartExportName, landmarksExportName } from '../lib/export-names.ts';
import './chart-exports.css';

export interface ChartExportButtonsProps {
  /** The chart's chart_id (the file endpoints' id); null while the chart is loading. */
  readonly chartId: string | null;
  /** The analysis the table shows: a built-in one (`standard`) or a user's group. */
  readonly option: { readonly kind: string; readonly analysis: AnalysisDefinition } | null;
  /** Saves pending landmark edits; false when they could not be saved (nothing is exported then). */
  readonly prepare: () => Promise<boolean>;
}

type Kind = ExportFormat | 'json';
type State =
  | { state: 'idle' }
  | { state: 'working'; kind: Kind }
  | { state: 'error'; key: 'exports.chart.notSaved' | 'exports.chart.failed' | 'exports.chart.notFound' };

/** The request for the table's analysis (or every built-in one), as the PDF report asks for it. */
function chartRequest(chartId: string, format: ExportFormat, all: boolean, option: ChartExportButtonsProps['option']): ChartExportRequest {
  if (all || option === null) return { chart_id: chartId, format, analyses: all ? 'all' : 'selected' };
  if (option.kind === 'standard') return { chart_id: chartId, format, analyses: 'selected', analysis_id: option.analysis.id };
  return {
    chart_id: chartId,
    format,
    analyses: 'selected',
    measurement_ids: [...option.analysis.measurementIds],
    analysis_name: option.analysis.name,
  };
}

/**
 * Export buttons under the analysis table: the measurements as CSV or XLSX (the selected analysis
 * or all analyses) and the landmarks as JSON. Pending edits are saved first; the server builds the
 * files from the saved record with the same engine as the table.
 */
export function ChartExportButtons({ chartId, option, prepare }: ChartExportButtonsProps) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const [status, setStatus] = useState<State>({ state: 'idle' });
  // Exports leave the product: a role that may not export is told so instead (contract ACCESS_POLICY).
  const mayExport = useMay('export');

  const run = async (kind: Kind) => {
    if (chartId === null) return;
    setStatus({ state: 'working', kind });
    try {
      if (!(await prepare())) {
        setStatus({ state: 'error', key: 'exports.chart.notSaved' });
        return;
      }
      if (kind === 'json') saveFile(await fetchLandmarksExport(chartId), landmarksExportName(chartId));
      else saveFile(await fetchChartExport(chartRequest(chartId, kind, all, option)), chartExportName(chartId, kind));
      setStatus({ state: 'idle' });
    } catch (error) {
      setStatus({
        state: 'error',
        key: isApiError(error) && error.code === 'NOT_FOUND' ? 'exports.chart.notFound' : 'exports.chart.failed',
      });
    }
  };

  if (!mayExport)
    return (
      <section className="chart-exports" aria-labelledby="chart-exports-title" data-testid="chart-exports">
        <h3 id="chart-exports-title" className="chart-exports__title">
          {t('exports.chart.title')}
        </h3>
        <RoleNote kind="export" className="chart-exports__denied" />
      </section>
    );
  const busy = status.state === 'working';
  const label = (kind: Kind, text: string) => (status.state === 'working' && status.kind === kind ? t('exports.chart.working') : text);
  return (
    <section className="chart-exports" aria-labelledby="chart-exports-title" data-testid="chart-exports">
      <h3 id="chart-exports-title" className="chart-exports__title">
        {t('exports.chart.title')}
      </h3>
      <label className="chart-exports__scope">
        <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} data-testid="export-all-analyses" />
        {t('exports.chart.allAnalyses')}
      </label>
      <div className="chart-exports__buttons">
        <button
          type="button"
          className="chart-exports__button"
          disabled={busy || chartId === null}
          onClick={() => void run('csv')}
          data-testid="export-csv"
        >
          {label('csv', t('exports.chart.csv'))}
        </button>
        <button
          type="button"
          className="chart-exports__button"
          disabled={busy || chartId === null}
          onClick={() => void run('xlsx')}
          data-testid="export-xlsx"
        >
          {label('xlsx', t('exports.chart.xlsx'))}
        </button>
        <button
          type="button"
          className="chart-exports__button"
          disabled={busy || chartId === null}
          onClick={() => void run('json')}
          data-testid="export-landmarks"
        >
          {label('json', t('exports.chart.landmarks'))}
        </button>
      </div>
      <p className="chart-exports__note">{t('exports.chart.note')}</p>
      {status.state === 'error' && (
        <p className="chart-exports__error" role="alert" data-testid="export-error">
          {t(status.key)}
        </p>
      )}
    </section>
  );
}
