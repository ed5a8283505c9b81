import { reportBirthText, reportChartText, reportGenderText, reportLabels, type ReportModel } from '@ceppro/contract';
import { createPortal } from 'react-dom';
import { useLockStore } from '../../../../stores/lock-store.ts';
import type { PrintFilm } from '../hooks/use-print-film.ts';
import { GrowthPrint } from './growth-print.tsx';
import { ProfilogramPrint } from './report-print-profilogram.tsx';
import { SuperimpositionPrint } from './report-print-superimposition.tsx';
import { VtoPrint } from './report-print-vto.tsx';
import { ReportTable } from './report-table.tsx';

interface ReportPrintProps {
  /** The report the server built from the saved record (the PDF's model); null until fetched. */
  model: ReportModel | null;
  film: PrintFilm;
  /** The film's alternative text (interface language). */
  filmAlt: string;
  onFilmLoaded: () => void;
}

/**
 * The printed report (A4, report.css): hidden on screen, and the only thing on paper. It renders the
 * report model, the same object the server's PDF is drawn from, in the model's language with the
 * PDF's labels (contract report-labels), so paper from the browser and the PDF say the same. Rendered
 * as a direct child of <body> so the print styles can hide the whole app beside it; so it is not in
 * the app's content that the lock screen takes out of the page, and leaves the page itself while locked.
 */
export function ReportPrint({ model, film, filmAlt, onFilmLoaded }: ReportPrintProps) {
  const locked = useLockStore((s) => s.locked);
  if (model === null || locked) return null;
  const labels = reportLabels(model.lang);
  const { patient, chart } = model;
  const facts: Array<[string, string, string]> = [
    ['patient', labels.patient, patient.name],
    ['chart-id', labels.chartId, reportChartText(chart, labels)],
    ['patient-id', labels.patientId, patient.patientId ?? '-'],
    ['shoot-date', labels.shootDate, chart.shootDate ?? labels.noDate],
    ['birth-date', labels.birthDate, reportBirthText(patient, labels)],
    ['analysis', labels.analysis, model.analysis.name],
    ['gender', labels.gender, reportGenderText(patient, labels)],
    ['calibration', labels.calibration, model.calibration],
    // The definitions the AI points were placed by, when the account chose others than the model's.
    ...(model.definitions ? [['definitions', labels.definitions, model.definitions] as [string, string, string]] : []),
    // The film display the film below is drawn with, when it is not shown as stored (viewer image panel).
    ...(model.imageSettings ? [['image-settings', labels.imageSettings, model.imageSettings] as [string, string, string]] : []),
  ];
  return createPortal(
    <article className="report-print" data-testid="report-print" lang={model.lang} aria-hidden="true">
      <header className="report-print__header">
        <h1>{labels.title}</h1>
        <div className="report-print__issuer">
          {model.clinic && <strong data-testid="report-clinic">{model.clinic}</strong>}
          <span data-testid="report-date">
            {labels.date}: {model.date}
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
          <img src={film.url} alt={filmAlt} data-testid="report-film" onLoad={onFilmLoaded} />
        ) : (
          <p>{film.status === 'error' ? '—' : '…'}</p>
        )}
      </figure>
      {/* The constructed points and the population estimates among them, to check and place by hand (as the server's PDF). */}
      {model.film.pointsNote && model.film.pointsNote.length > 0 && (
        <div className="report-print__note" data-testid="report-points-note">
          {model.film.pointsNote.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      <ReportTable analysisName={model.analysis.name} rows={model.rows} labels={labels} />
      {model.superimposition && (
        <SuperimpositionPrint report={model.superimposition} labels={labels} showAll={model.superimpositionTable ?? false} />
      )}
      {model.profilogram && <ProfilogramPrint report={model.profilogram} labels={labels} />}
      {model.vto && <VtoPrint report={model.vto} film={film} labels={labels} />}
      {model.growth && <GrowthPrint growth={model.growth} film={film} todayTracing={model.film.tracing} />}
      <footer className="report-print__footer">
        <p className="report-print__disclaimer" data-testid="report-disclaimer">
          {model.disclaimer}
        </p>
        <p className="report-print__credit">{`Ceppro${model.clinic ? ` - ${model.clinic}` : ''} - ${model.date} - ${chart.chartId}`}</p>
      </footer>
    </article>,
    document.body,
  );
}
