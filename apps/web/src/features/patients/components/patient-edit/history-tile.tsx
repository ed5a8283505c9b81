import type { Chart } from '@ceppro/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EditIcon, SwapIcon, TrashIcon } from '../../../../components/icons.tsx';
import { paths } from '../../../../routes/paths.ts';
import { useChartThumbnail } from '../../api/use-chart-thumbnail.ts';
import { cephShootDate } from '../../lib/charts.ts';
import { ShootDateEditor } from './shoot-date-editor.tsx';
import { useMay } from '../../../../hooks/use-work-space.ts';

interface HistoryTileProps {
  chart: Chart;
  onChange: () => void;
  onDelete: () => void;
  deleting: boolean;
}

/**
 * One chart of the patient history: its cephalogram thumbnail (or LOST) and shoot date, which can be
 * corrected here without uploading the film again.
 */
export function HistoryTile({ chart, onChange, onDelete, deleting }: HistoryTileProps) {
  const { t } = useTranslation();
  const thumbnail = useChartThumbnail(chart.chart_id);
  const date = cephShootDate(chart);
  const label = date ?? t('patients.list.noDate');
  const [editingDate, setEditingDate] = useState(false);
  // What the role may not do is not offered (contract ACCESS_POLICY): replacing a film, deleting a chart.
  const mayReplaceFilm = useMay('film.delete');
  const mayDelete = useMay('chart.delete');

  return (
    <article className="history-tile" data-testid="history-tile" data-chart={chart.uuid}>
      <Link to={paths.viewer.to(chart.uuid)} className="history-tile__image" aria-label={t('patients.history.open', { date: label })}>
        {thumbnail.isPending && <span className="history-tile__placeholder" aria-hidden="true" />}
        {thumbnail.data?.kind === 'image' && <img src={thumbnail.data.url} alt="" loading="lazy" />}
        {(thumbnail.data?.kind === 'lost' || thumbnail.data?.kind === 'none') && (
          <span className="history-tile__lost" data-testid="tile-lost">
            {t('patients.history.lost')}
          </span>
        )}
        {thumbnail.isError && <span className="history-tile__unavailable">{t('patients.history.thumbnailError')}</span>}
      </Link>
      {editingDate && <ShootDateEditor chartId={chart.chart_id} current={date} onClose={() => setEditingDate(false)} />}
      <div className="history-tile__bar">
        <span className="history-tile__date">{label}</span>
        <span className="history-tile__actions">
          <button
            type="button"
            className="icon-button"
            onClick={() => setEditingDate((open) => !open)}
            aria-expanded={editingDate}
            aria-label={t('patients.history.editDate')}
            title={t('patients.history.editDate')}
            data-testid="tile-date-edit"
          >
            <EditIcon />
          </button>
          {mayReplaceFilm && (
            <button
              type="button"
              className="icon-button"
              onClick={onChange}
              aria-label={t('patients.history.change')}
              title={t('patients.history.change')}
              data-testid="tile-change"
            >
              <SwapIcon />
            </button>
          )}
          {mayDelete && (
            <button
              type="button"
              className="icon-button icon-button--danger"
              onClick={onDelete}
              disabled={deleting}
              aria-label={t('patients.history.delete')}
              title={t('patients.history.delete')}
              data-testid="tile-delete"
            >
              <TrashIcon />
            </button>
          )}
        </span>
      </div>
    </article>
  );
}
