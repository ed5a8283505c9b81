import { getLandmark, isLandmarkId } from '@ceppro/ceph';
import { landmarkName, type AdaptedLandmark } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language.ts';
import { shiftParts } from '../lib/adaptation-shift.ts';

/** The learned shift per landmark, largest first as the server orders them, in mm along and across S-N. */
export function AiAdaptationTable({ landmarks }: { landmarks: readonly AdaptedLandmark[] }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const shiftText = (l: AdaptedLandmark) => {
    const [first, second] = shiftParts(l).map((p) => t(`settings.adaptation.shift.${p.direction}`, { mm: p.mm }));
    if (first === undefined) return t('settings.adaptation.shift.none');
    return second === undefined ? first : t('settings.adaptation.shift.join', { first, second });
  };
  return (
    <div className="settings-adaptation__scroll">
      <table className="settings-adaptation__table" data-testid="ai-adaptation-table">
        <thead>
          <tr>
            <th scope="col">{t('settings.adaptation.table.landmark')}</th>
            <th scope="col">{t('settings.adaptation.table.shift')}</th>
            <th scope="col" className="settings-adaptation__number">
              {t('settings.adaptation.table.films')}
            </th>
          </tr>
        </thead>
        <tbody>
          {landmarks.map((l) => (
            <tr key={l.id} data-testid="ai-adaptation-row" data-id={l.id}>
              <th scope="row">
                {/* Short names (Po, ANS) are not translated; an id outside the registry shows as it came. */}
                <span className="settings-adaptation__short">{isLandmarkId(l.id) ? getLandmark(l.id).shortName : l.id}</span>{' '}
                {landmarkName(l.id, language)}
              </th>
              <td data-testid="ai-adaptation-shift">{shiftText(l)}</td>
              <td className="settings-adaptation__number">{l.films}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
