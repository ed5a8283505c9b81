import { PROFILOGRAM_TEMPLATE_SOURCE, formatFreeMeasurement, freeMeasurementValue } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { useFilmCalibration } from '../../calibration/hooks/use-film-calibration.ts';
import { useMeasurements } from '../../measure/api/use-measurements.ts';
import { useLandmarkStore } from '../../store/landmark-store.ts';
import { useProfilogramRecord } from '../api/use-profilogram-record.ts';
import { DeviationTable } from './deviation-table.tsx';
import { ProfilogramChart } from './profilogram-chart.tsx';

/**
 * The printed report's profilogram (when one was measured: chart over the norm template and the
 * deviation table, with the template's source) and the chart's free measurements.
 */
export function ProfilogramPrint() {
  const { t } = useTranslation();
  const recordId = useLandmarkStore((s) => s.recordId);
  const result = useProfilogramRecord(recordId).data ?? null;
  const measurements = useMeasurements(recordId).data ?? [];
  const { calibration } = useFilmCalibration();
  return (
    <>
      {result !== null && (
        <section className="profilogram-print" data-testid="report-profilogram">
          <h2>{t('profilogram.title')}</h2>
          <p className="profilogram-panel__note">
            {t('profilogram.printOptions', { line: t(`profilogram.lines.${result.options.standardLine}`), point: t(`profilogram.points.${result.options.point}`), scale: result.options.scale, rotate: result.options.rotate })}
          </p>
          <div className="profilogram-print__body">
            <ProfilogramChart result={result} width={220} />
            <DeviationTable result={result} />
          </div>
          <p className="profilogram-panel__source">{t('profilogram.source', { source: PROFILOGRAM_TEMPLATE_SOURCE })}</p>
        </section>
      )}
      {measurements.length > 0 && (
        <section className="profilogram-print" data-testid="report-measurements">
          <h2>{t('profilogram.measure.title')}</h2>
          <table className="profilogram-table">
            <tbody>
              {measurements.map((m, i) => (
                <tr key={m.id}>
                  <th scope="row">{m.name || `${t(`profilogram.measure.${m.kind}`)} ${i + 1}`}</th>
                  <td>{formatFreeMeasurement(freeMeasurementValue(m, calibration))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}
