import { MIN_BIRTH_DATE, todayIso } from '@ceppro/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { schemaResolver } from '../../../../components/form/schema-resolver.ts';
import { isApiError } from '../../../../lib/api/index.ts';
import { pushToast } from '../../../../stores/toast-store.ts';
import { useUpdateShootDate } from '../../api/use-update-shoot-date.ts';
import { useFormError } from '../../hooks/use-form-error.ts';
import { SHOOT_DATE_MAX_LENGTH, shootDateSchema } from '../../lib/patient-form.ts';
import { DatePicker } from '../../../../components/form/date-picker.tsx';

const schema = z.object({ shootDate: shootDateSchema });

interface ShootDateEditorProps {
  chartId: string;
  /** The date shown now (null: none). */
  current: string | null;
  onClose: () => void;
}

/** The shoot date of one history tile, corrected in place: the same calendar-date rule as uploads. */
export function ShootDateEditor({ chartId, current, onClose }: ShootDateEditorProps) {
  const { t } = useTranslation();
  const formError = useFormError();
  const update = useUpdateShootDate();
  const { control, handleSubmit, formState } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: schemaResolver(schema),
    mode: 'onChange',
    defaultValues: { shootDate: current ?? '' },
  });
  const error = formError(formState.errors.shootDate?.message);

  const onSubmit = handleSubmit(async ({ shootDate }) => {
    try {
      await update.mutateAsync({ chartId, shootDate: shootDate || null });
      pushToast({ kind: 'success', title: { key: 'patients.history.dateSaved' }, text: '' });
      onClose();
    } catch (e) {
      if (!(isApiError(e) && e.handled)) pushToast({ kind: 'error', title: { key: 'patients.history.dateFailed' }, text: '' });
    }
  });

  return (
    <form className="shoot-date-editor" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="tile-date-form">
      <label className="visually-hidden" htmlFor={`shoot-date-${chartId}`}>
        {t('patients.upload.shootDate')}
      </label>
      <Controller
        control={control}
        name="shootDate"
        render={({ field }) => (
          <DatePicker
            id={`shoot-date-${chartId}`}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            min={MIN_BIRTH_DATE}
            max={todayIso()}
            initialView={current ?? todayIso()}
            maxLength={SHOOT_DATE_MAX_LENGTH}
            invalid={error !== undefined}
            testId="tile-date-input"
          />
        )}
      />
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="shoot-date-editor__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={!formState.isValid || update.isPending}
          data-testid="tile-date-save"
        >
          {t('patients.actions.save')}
        </button>
      </div>
    </form>
  );
}
