import { MIN_BIRTH_DATE, todayIso, type PacsServerView, type PacsStudySearchRequest } from '@ceppro/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../../components/form/date-picker.tsx';
import { Field } from '../../../../components/form/field.tsx';
import { schemaResolver } from '../../../../components/form/schema-resolver.ts';
import { PACS_MODALITIES, pacsSearchFormSchema, toSearchRequest, type PacsSearchForm } from '../lib/pacs-search-form.ts';

interface PacsSearchFieldsProps {
  servers: PacsServerView[];
  searching: boolean;
  onSearch: (query: PacsStudySearchRequest) => void;
}

/** The search form of the PACS dialog: server (when several), patient name, patient ID, study dates, modality. */
export function PacsSearchFields({ servers, searching, onSearch }: PacsSearchFieldsProps) {
  const { t } = useTranslation();
  const { register, control, handleSubmit, formState } = useForm<PacsSearchForm>({
    resolver: schemaResolver(pacsSearchFormSchema),
    defaultValues: { server: servers[0]?.id ?? '', name: '', patientId: '', from: '', to: '', modality: '' },
  });
  const errors = formState.errors;
  const dateError = (message: string | undefined) => (message ? t(message as 'pacs.form.badDate') : undefined);
  const date = (name: 'from' | 'to', label: string) => (
    <Field label={label} htmlFor={`pacs-${name}`} error={dateError(errors[name]?.message)}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <DatePicker
            id={`pacs-${name}`}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            min={MIN_BIRTH_DATE}
            max={todayIso()}
            initialView={todayIso()}
            invalid={errors[name] !== undefined}
            testId={`pacs-${name}`}
          />
        )}
      />
    </Field>
  );
  return (
    <form
      className="pacs-form"
      onSubmit={(e) => {
        // The dialog sits (through a portal) inside the patient form's React tree: its submit must not reach that form.
        e.stopPropagation();
        void handleSubmit((values) => onSearch(toSearchRequest(values)))(e);
      }}
      noValidate
      data-testid="pacs-form"
    >
      {servers.length > 1 && (
        <Field label={t('pacs.form.server')} htmlFor="pacs-server">
          <select id="pacs-server" className="select" {...register('server')} data-testid="pacs-server">
            {servers.map((server) => (
              <option key={server.id} value={server.id}>
                {server.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field label={t('pacs.form.name')} htmlFor="pacs-name">
        <input id="pacs-name" className="input" autoComplete="off" data-autofocus {...register('name')} data-testid="pacs-name" />
      </Field>
      <Field label={t('pacs.form.patientId')} htmlFor="pacs-patient-id">
        <input id="pacs-patient-id" className="input" autoComplete="off" {...register('patientId')} data-testid="pacs-patient-id" />
      </Field>
      {date('from', t('pacs.form.from'))}
      {date('to', t('pacs.form.to'))}
      <Field label={t('pacs.form.modality')} htmlFor="pacs-modality">
        <select id="pacs-modality" className="select" {...register('modality')} data-testid="pacs-modality">
          <option value="">{t('pacs.form.anyModality')}</option>
          {PACS_MODALITIES.map((modality) => (
            <option key={modality} value={modality}>
              {modality}
            </option>
          ))}
        </select>
      </Field>
      <div className="pacs-form__actions">
        <button type="submit" className="button button--primary" disabled={searching} data-testid="pacs-search">
          {searching ? t('pacs.searching') : t('pacs.form.search')}
        </button>
      </div>
    </form>
  );
}
