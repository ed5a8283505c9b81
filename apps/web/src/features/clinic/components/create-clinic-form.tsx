import type { CreateClinicRequest } from '@ceppro/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Field, FormMessage } from '../../../components/form/field.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { useClinicAction } from '../api/clinic-actions.ts';
import { clinicErrorOf, type ClinicErrorCode } from '../lib/clinic-error.ts';

/** The new clinic's details as the form holds them; the account's sign-up details fill them in. */
export interface ClinicSeed {
  name: string;
  tax_number: string;
  tax_email: string;
  phone_number: string;
  zip_code: string;
  address1: string;
  address2: string;
}

export const emptySeed: ClinicSeed = {
  name: '',
  tax_number: '',
  tax_email: '',
  phone_number: '',
  zip_code: '',
  address1: '',
  address2: '',
};

const text = (max: number) => z.string().trim().max(max);
const schema = z.object({
  name: z.string().trim().min(1, 'name').max(100),
  tax_number: text(20),
  tax_email: text(254).refine((v) => v === '' || z.email().safeParse(v).success, 'email'),
  phone_number: text(30),
  zip_code: text(10),
  address1: text(200),
  address2: text(200),
});

/** The request: empty fields are left out (the server then takes nothing from the sign-up details for them either). */
export function createRequestOf(values: z.output<typeof schema>): CreateClinicRequest {
  const entries = Object.entries(values).filter(([, v]) => v !== '');
  return Object.fromEntries(entries) as CreateClinicRequest;
}

const FIELDS = [
  ['tax_number', 'taxNumber', 20],
  ['tax_email', 'taxEmail', 254],
  ['phone_number', 'phone', 30],
  ['zip_code', 'zipCode', 10],
  ['address1', 'address1', 200],
  ['address2', 'address2', 200],
] as const;

/** "Create a clinic": for an account in no clinic; it becomes the owner, and its personal patients stay personal. */
export function CreateClinicForm({ seed }: { seed: ClinicSeed }) {
  const { t } = useTranslation();
  const action = useClinicAction();
  const [failure, setFailure] = useState<ClinicErrorCode | null>(null);
  const prefilled = Object.values(seed).some((v) => v !== '');
  const { register, handleSubmit, formState } = useForm<ClinicSeed, unknown, z.output<typeof schema>>({
    resolver: schemaResolver(schema),
    defaultValues: seed,
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await action.mutateAsync({ kind: 'create', details: createRequestOf(values) });
    } catch (error) {
      setFailure(clinicErrorOf(error));
    }
  });

  return (
    <form className="form clinic-create" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="clinic-create">
      <h2 className="clinic__heading">{t('clinic.create.title')}</h2>
      <p className="clinic__text">{t('clinic.create.text')}</p>
      {prefilled && <p className="field__hint">{t('clinic.create.prefilled')}</p>}
      <div className="form-grid">
        <div className="form-grid__wide">
          <Field
            label={t('clinic.create.name')}
            htmlFor="clinic-name"
            error={errors.name ? t('clinic.create.nameRequired') : undefined}
            required
          >
            <input id="clinic-name" className="input" maxLength={100} {...register('name')} data-testid="clinic-name" />
          </Field>
        </div>
        {FIELDS.map(([name, label, max]) => (
          <Field
            key={name}
            label={t(`clinic.create.${label}`)}
            htmlFor={`clinic-${name}`}
            error={name === 'tax_email' && errors.tax_email ? t('clinic.create.invalidEmail') : undefined}
          >
            <input
              id={`clinic-${name}`}
              className="input"
              type={name === 'tax_email' ? 'email' : 'text'}
              maxLength={max}
              {...register(name)}
              data-testid={`clinic-${name}`}
            />
          </Field>
        ))}
      </div>
      {failure && (
        <FormMessage kind="error" testId="clinic-error">
          {t(`clinic.errors.${failure}`)}
        </FormMessage>
      )}
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting} data-testid="clinic-create-submit">
          {t('clinic.create.submit')}
        </button>
      </div>
    </form>
  );
}
