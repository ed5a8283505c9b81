import { MIN_BIRTH_DATE, todayIso } from '@ceppro/contract';
import { Controller, type Control, type FieldError, type FieldValues, type Path, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../../components/form/date-picker.tsx';
import { Field } from '../../../../components/form/field.tsx';
import { useFormError } from '../../hooks/use-form-error.ts';
import { birthCalendarStart, SHOOT_DATE_MAX_LENGTH } from '../../lib/patient-form.ts';

/**
 * The birthday and gender fields the new-patient and patient-edit forms share (docs/spec-points.md §5:
 * required; birth date from 1900-01-01 to today, calendar opening 25 years back; gender in forms
 * 0 male, 1 female). `prefix` keeps ids and test ids apart: `<prefix>-birth`, `<prefix>-gender-male`.
 */
export function BirthdayControl<T extends FieldValues, Out>(props: { control: Control<T, unknown, Out>; name: Path<T>; prefix: string }) {
  const { t } = useTranslation();
  return (
    <DateControl
      control={props.control}
      name={props.name}
      id={`${props.prefix}-birth`}
      label={t('patients.fields.birthday')}
      required
      initialView={birthCalendarStart()}
    />
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

/** The patient's name (required), as the new-patient and patient-edit forms ask it: `<prefix>-name`. */
export function NameField(props: { prefix: string; registration: UseFormRegisterReturn; error: FieldError | undefined }) {
  const { t } = useTranslation();
  const formError = useFormError();
  const id = `${props.prefix}-name`;
  return (
    <Field label={t('patients.fields.name')} htmlFor={id} error={formError(props.error?.message)} required>
      <input
        id={id}
        className="input"
        autoComplete="off"
        aria-invalid={props.error !== undefined}
        {...props.registration}
        data-testid={id}
      />
    </Field>
  );
}

/**
 * The shoot date of the new-patient and upload-image forms (`name`, a yyyy-mm-dd string): from
 * 1900-01-01 to today, calendar opening on today, at most SHOOT_DATE_MAX_LENGTH characters; `id` is
 * also its test id.
 */
export function ShootDateControl<T extends FieldValues, Out>(props: {
  control: Control<T, unknown, Out>;
  name: Path<T>;
  id: string;
  label: string;
}) {
  return <DateControl {...props} initialView={todayIso()} maxLength={SHOOT_DATE_MAX_LENGTH} />;
}

/**
 * A date field (`name`, a yyyy-mm-dd string) wired to its form: from 1900-01-01 to today, with the
 * form's error for it; `id` is also its test id.
 */
function DateControl<T extends FieldValues, Out>(props: {
  control: Control<T, unknown, Out>;
  name: Path<T>;
  id: string;
  label: string;
  required?: boolean;
  initialView: string;
  maxLength?: number;
}) {
  const formError = useFormError();
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <Field label={props.label} htmlFor={props.id} error={formError(fieldState.error?.message)} required={props.required}>
          <DatePicker
            id={props.id}
            value={field.value as string}
            onChange={field.onChange}
            onBlur={field.onBlur}
            min={MIN_BIRTH_DATE}
            max={todayIso()}
            initialView={props.initialView}
            maxLength={props.maxLength}
            invalid={fieldState.error !== undefined}
            testId={props.id}
          />
        </Field>
      )}
    />
  );
}
