import type { DicomPatientFacts } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import './dicom-prefill-offer.css';

/** The form fields a DICOM file can fill (gender in the form's '0' male / '1' female). */
export interface PrefillValues {
  name: string;
  birth: string;
  gender: string;
  shootDate: string;
}

/** The facts as form values, only those the file gives. */
export function prefillValues(facts: DicomPatientFacts): Partial<PrefillValues> {
  return {
    ...(facts.name !== null && { name: facts.name }),
    ...(facts.birthDate !== null && { birth: facts.birthDate }),
    ...(facts.gender !== null && { gender: facts.gender === 'F' ? '1' : '0' }),
    ...(facts.studyDate !== null && { shootDate: facts.studyDate }),
  };
}

/**
 * Fields the offer would fill: only empty ones. What the user typed is never replaced, even when
 * the file says otherwise (it is listed as kept).
 */
export function fieldsToFill(offered: Partial<PrefillValues>, current: PrefillValues): Partial<PrefillValues> {
  const out: Partial<PrefillValues> = {};
  for (const key of Object.keys(offered) as Array<keyof PrefillValues>) {
    if (current[key].trim() === '') out[key] = offered[key];
  }
  return out;
}

interface Props {
  facts: DicomPatientFacts;
  current: PrefillValues;
  onUse: (values: Partial<PrefillValues>) => void;
  onDismiss: () => void;
}

/** "Details found in the DICOM file": what it names, and a button to fill the empty fields with it. */
export function DicomPrefillOffer({ facts, current, onUse, onDismiss }: Props) {
  const { t } = useTranslation();
  const offered = prefillValues(facts);
  const fill = fieldsToFill(offered, current);
  const shown = (key: keyof PrefillValues, value: string) =>
    key === 'gender' ? t(value === '1' ? 'dicom.prefill.female' : 'dicom.prefill.male') : value;
  const labels: Record<keyof PrefillValues, string> = {
    name: t('dicom.prefill.name'),
    birth: t('dicom.prefill.birth'),
    gender: t('dicom.prefill.gender'),
    shootDate: t('dicom.prefill.studyDate'),
  };
  return (
    <section className="dicom-prefill" role="region" aria-labelledby="dicom-prefill-title" data-testid="dicom-prefill">
      <h2 id="dicom-prefill-title" className="dicom-prefill__title">
        {t('dicom.prefill.title')}
      </h2>
      <p className="dicom-prefill__intro">{t('dicom.prefill.intro')}</p>
      <dl className="dicom-prefill__facts">
        {(Object.keys(offered) as Array<keyof PrefillValues>).map((key) => (
          <div key={key} className="dicom-prefill__fact" data-testid={`dicom-prefill-${key}`}>
            <dt>{labels[key]}</dt>
            <dd>
              {shown(key, offered[key] ?? '')}
              {fill[key] === undefined && current[key].trim() !== offered[key] && (
                <span className="dicom-prefill__kept"> ({t('dicom.prefill.kept', { value: shown(key, current[key]) })})</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <div className="dicom-prefill__actions">
        <button type="button" className="button button--secondary" onClick={onDismiss} data-testid="dicom-prefill-dismiss">
          {t('dicom.prefill.dismiss')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => onUse(fill)}
          disabled={Object.keys(fill).length === 0}
          data-testid="dicom-prefill-use"
        >
          {t('dicom.prefill.use')}
        </button>
      </div>
    </section>
  );
}
