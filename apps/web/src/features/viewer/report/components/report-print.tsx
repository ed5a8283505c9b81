import { ageInYears } from '@ceppro/contract';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { ReportData } from '../hooks/use-report-data.ts';
import type { PrintFilm } from '../hooks/use-print-film.ts';
import { calibrationText } from '../lib/report-facts.ts';
import { ReportTable } from './report-table.tsx';
import { useClinicalNames } from '../../hooks/use-clinical-names.ts';
import { VtoPrintSection } from '../../vto/components/vto-print-section.tsx';
import { ProfilogramPrint } from '../../profilogram/components/profilogram-print.tsx';
import { SuperimpositionPrintSection } from '../../superimposition/components/superimposition-print.tsx';

interface ReportPrintProps {
  data: ReportData;
  film: PrintFilm;
  /** yyyy-mm-dd, the report's date. */
  date: string;
  onFilmLoaded: () => void;
}

/**
 * The printed report (A4, report.css): hidden on screen, and the only thing on paper. Rendered as
 * a direct child of <body> so the print styles can hide the whole app beside it.
 */
export function ReportPrint({ data, film, date, onFilmLoaded }: ReportPrintProps) {
  const { t } = useTranslation();
  const names = useClinicalNames();
  const { chart, analysis } = data;
  const analysisTitle = analysis.option ? (analysis.option.kind === 'default' ? t('analysis.defaultOption') : names.analysis(analysis.option.analysis)) : '—';
  if (chart === null) return null;
  const { patient } = chart;
  const age = ageInYears(patient.birth_info, date);
  const calibration = calibrationText(analysis.calibration);
  const facts: Array<[string, string, string]> = [
    ['patient', t('report.patient'), patient.first_name],
    ['chart-id', t('report.chartId'), chart.chart_id],
    ['patient-id', t('report.patientId'), patient.patient_id],
    ['shoot-date', t('report.shootDate'), data.shootDate ?? t('report.noDate')],
    ['birth-date', t('report.birthDate'), age === null ? patient.birth_info : `${patient.birth_info} (${t('report.ageValue', { age })})`],
    ['analysis', t('report.analysis'), analysisTitle],
    ['gender', t('report.gender'), patient.gender ? t('report.female') : t('report.male')],
    ['calibration', t('report.calibration'), t(calibration.key, { ppm: calibration.ppm })],
  ];

  return createPortal(
    <article className="report-print" data-testid="report-print" aria-hidden="true">
      <header className="report-print__header">
        <h1>{t('report.title')}</h1>
        <div className="report-print__issuer">
          {data.clinic && <strong data-testid="report-clinic">{data.clinic}</strong>}
          <span>
            {t('report.date')}: {date}
          </span>
        </div>
      </header>
      <dl className="report-print__facts">
        {facts.map(([key, label, value]) => (
          <div key={key} className="report-print__fact" data-testid={`report-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <figure className="report-print__film">
        {film.status === 'ready' ? (
          <img src={film.url} alt={t('report.filmAlt', { name: patient.first_name })} data-testid="report-film" onLoad={onFilmLoaded} />
        ) : (
          <p>{film.status === 'error' ? t('report.filmFailed') : t('report.preparing')}</p>
        )}
      </figure>
      {analysis.option && <ReportTable name={analysisTitle} rows={analysis.rows} />}
      <ProfilogramPrint />
      <SuperimpositionPrintSection recordId={chart.analysis_record_id} />
      <footer className="report-print__footer">
        <p className="report-print__disclaimer" data-testid="report-disclaimer">
          {t('report.disclaimer')}
        </p>
        <p className="report-print__credit">
          {data.clinic && `${data.clinic} · `}
          {t('report.footer', { date })}
        </p>
      </footer>
      <VtoPrintSection film={film} />
    </article>,
    document.body,
  );
}
