import { MIN_BIRTH_DATE, todayIso } from '@ceppro/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../../components/form/date-picker.tsx';
import { Field } from '../../../../components/form/field.tsx';
import { birthCalendarStart } from '../../lib/patient-form.ts';

/**
 * The birthday and gender fields the new-patient and patient-edit forms share (docs/spec-points.md §5:
 * required; birth date from 1900-01-01 to today, calendar opening 25 years back; gender in forms
 * 0 male, 1 female). `prefix` keeps ids and test ids apart: `<prefix>-birth`, `<prefix>-gender-male`.
 */
export function BirthdayField(props: {
  prefix: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const id = `${props.prefix}-birth`;
  return (
    <Field label={t('patients.fields.birthday')} htmlFor={id} error={props.error} required>
      <DatePicker
        id={id}
        value={props.value}
        onChange={props.onChange}
        onBlur={props.onBlur}
        min={MIN_BIRTH_DATE}
        max={todayIso()}
        initialView={birthCalendarStart()}
        invalid={props.error !== undefined}
        testId={id}
      />
    </Field>
  );
}

export function GenderField(props: { prefix: string; registration: UseFormRegisterReturn; error: string | undefined }) {
  const { t } = useTranslation();
  const male = `${props.prefix}-gender-male`;
  const female = `${props.prefix}-gender-female`;
  return (
    <Field label={t('patients.fields.gender')} htmlFor={male} error={props.error} required>
      <div className="radio-row" role="radiogroup" aria-label={t('patients.fields.gender')}>
        <label className="check">
          <input id={male} type="radio" value="0" {...props.registration} data-testid={male} />
          {t('patients.gender.male')}
        </label>
        <label className="check">
          <input id={female} type="radio" value="1" {...props.registration} data-testid={female} />
          {t('patients.gender.female')}
        </label>
      </div>
    </Field>
  );
}
