import { getLandmark, type LandmarkId } from '@ceppro/ceph';
import { normSourceNote } from '@ceppro/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalysisRow } from '../../lib/analysis-rows.ts';
import { formatNorm, formatPercentile, formatValue, formatZ } from '../../lib/format.ts';
import { readingWords, rowReading } from '../lib/reading.ts';
import { useClinicalNames } from '../../hooks/use-clinical-names.ts';
import { useAnalysisUiStore } from '../../store/analysis-ui-store.ts';

const LEVEL_KEY = {
  ok: 'analysis.legendOk',
  mild: 'analysis.legendMild',
  severe: 'analysis.legendSevere',
  unrated: 'analysis.legendUnrated',
  incomplete: 'analysis.legendIncomplete',
} as const;

const shortNames = (ids: readonly LandmarkId[]) => ids.map((id) => getLandmark(id).shortName).join(', ');

/**
 * One measurement of the table. Hover or keyboard focus highlights its construction on the film;
 * an incomplete row names the missing landmarks and offers to place them.
 */
export function AnalysisRowView({ row, onPlace }: { row: AnalysisRow; onPlace: (ids: readonly LandmarkId[]) => void }) {
  const { t } = useTranslation();
  const hover = useAnalysisUiStore((s) => s.hover);
  const { definition, result, interpretation, level } = row;
  const names = useClinicalNames();
  const reading = rowReading(row);
  const words = readingWords(reading, definition.id, names);
  const name = names.measurement(definition.id);
  const norm = formatNorm(row.norm, definition.unit);
  // Hover: a population/age set's source, else the catalogue's source and remark (packages/ceph analyses).
  const setSource = row.norms === undefined ? null : normSourceNote(row.norms, definition.norm?.source ?? null, names.lang);
  const remark = names.normNote(definition.id);
  const catalogue = definition.norm === null ? null : [definition.norm.source, remark].filter(Boolean).join(' — ');
  const normTitle = setSource ?? remark;
  const highlight = () => hover(definition.id);
  const clear = () => {
    if (useAnalysisUiStore.getState().hoveredId === definition.id) hover(null);
  };
  // A row that disappears while hovered (another analysis chosen, tab switched) gets no mouseleave.
  const id = definition.id;
  useEffect(
    () => () => {
      if (useAnalysisUiStore.getState().hoveredId === id) useAnalysisUiStore.getState().hover(null);
    },
    [id],
  );

  return (
    <tr
      className={`analysis-row analysis-row--${level}`}
      data-testid="analysis-row"
      data-id={definition.id}
      data-value={result.status === 'ok' ? String(result.value) : ''}
      data-level={level}
      tabIndex={0}
      onMouseEnter={highlight}
      onMouseLeave={clear}
      onFocus={highlight}
      onBlur={clear}
    >
      <th scope="row" className="analysis-row__name" title={names.note(definition.id, definition.note) ?? name}>
        <span className="analysis-row__mark" aria-hidden="true" />
        {name}
        <span className="visually-hidden">, {t(LEVEL_KEY[level])}</span>
      </th>
      {result.status === 'ok' ? (
        <>
          <td className="analysis-row__value">
            {formatValue(result.value, result.unit)}
            {result.uncalibrated && <span className="analysis-row__tag">{t('analysis.uncalibrated')}</span>}
          </td>
          <td className="analysis-row__norm" data-testid="analysis-norm" title={normTitle ?? undefined}>
            {norm === null ? (
              <span className="analysis-row__muted" title={setSource ?? undefined}>
                {names.reading('noNorm')}
              </span>
            ) : (
              <span data-testid="analysis-norm-value" title={setSource ?? catalogue ?? undefined}>
                {norm}
              </span>
            )}
          </td>
          <td className="analysis-row__deviation">
            {interpretation.z === null ? (
              <span className="analysis-row__muted">—</span>
            ) : (
              <>
                {formatZ(interpretation.z)}
                {interpretation.percentile !== null && (
                  <span className="analysis-row__pct">{formatPercentile(interpretation.percentile)}</span>
                )}
              </>
            )}
          </td>
          <td className="analysis-row__reading">
            {reading && names.reading(reading.key)}
            {words && <span className="analysis-row__words">{words}</span>}
          </td>
        </>
      ) : (
        <td colSpan={4} className="analysis-row__incomplete">
          {result.status === 'incomplete' ? (
            <>
              <span data-testid="analysis-missing">{t('analysis.missing', { landmarks: shortNames(result.missing) })}</span>
              <button
                type="button"
                className="dark-button dark-button--muted analysis-button analysis-button--small"
                data-testid="place-missing"
                onClick={() => onPlace(result.missing)}
              >
                {t('analysis.placeMissing')}
              </button>
            </>
          ) : (
            <span>{t('analysis.notComputable')}</span>
          )}
          {norm && <span className="analysis-row__muted analysis-row__norm-inline">{norm}</span>}
        </td>
      )}
    </tr>
  );
}
