import { taxIdSchema, USER_TYPE, type UserTypeCd } from '@ceppro/contract';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../components/form/field.tsx';
import { PhoneInput } from '../../../../components/form/phone-input.tsx';
import { withMessageKey } from '../../../../lib/to-message-error.ts';
import { checkTaxValidation } from '../../api/auth-api.ts';
import type { ProofState, SignUpFormApi } from './sign-up-form-types.ts';

/** Clinic, lab or company: name, business (tax) number with verification, invoice email, phone, fax, address. */
export function CompanySection({ form, taxProof, userType }: { form: SignUpFormApi; taxProof: ProofState; userType: UserTypeCd }) {
  const { t } = useTranslation();
  const { register, formState, getValues, setError, clearErrors } = form;
  const errors = formState.errors;
  const [checking, setChecking] = useState(false);
  const companyLabel =
    userType === USER_TYPE.lab
      ? t('signUp.fields.labName')
      : userType === USER_TYPE.company
        ? t('signUp.fields.companyName')
        : t('signUp.fields.clinicName');

  const verifyTax = async () => {
    const value = getValues('taxNumber').trim();
    const parsed = taxIdSchema.safeParse(value);
    if (!parsed.success) {
      setError('taxNumber', { message: parsed.error.issues[0]?.message });
      return;
    }
    setChecking(true);
    try {
      const result = await withMessageKey(() => checkTaxValidation(parsed.data), 'auth.tax.invalid');
      taxProof.grant(value, result.tax_check_token);
      clearErrors('taxNumber');
    } catch (e) {
      if (e instanceof Error && e.message) setError('taxNumber', { message: e.message });
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <h2 className="form-section-title">{t('signUp.sections.company')}</h2>
      <Field label={companyLabel} htmlFor="su-company" error={errors.companyName?.message} required>
        <input id="su-company" className="input" maxLength={100} {...register('companyName')} data-testid="su-company" />
      </Field>
      <div>
        <Field label={t('signUp.fields.taxNumber')} htmlFor="su-tax" error={errors.taxNumber?.message} required>
          <div className="input-row">
            <input
              id="su-tax"
              className="input"
              inputMode="numeric"
              maxLength={12}
              placeholder="000-00-00000"
              {...register('taxNumber')}
              data-testid="su-tax"
            />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void verifyTax()}
              disabled={checking}
              data-testid="su-tax-check"
            >
              {t('signUp.verifyTax')}
            </button>
          </div>
        </Field>
        {taxProof.token !== null && (
          <p className="field__ok" data-testid="su-tax-ok">
            {t('signUp.taxVerified')}
          </p>
        )}
      </div>
      <Field label={t('signUp.fields.taxEmail')} htmlFor="su-tax-email" error={errors.taxEmail?.message} required>
        <input id="su-tax-email" className="input" type="email" {...register('taxEmail')} data-testid="su-tax-email" />
      </Field>
      <div />
      <Field label={t('signUp.fields.phone')} htmlFor="su-phone" error={errors.phoneNumber?.message} required>
        <Controller
          control={form.control}
          name="phoneNumber"
          render={({ field, fieldState }) => (
            <PhoneInput
              id="su-phone"
              defaultArea="02"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              invalid={fieldState.invalid}
              testId="su-phone"
            />
          )}
        />
      </Field>
      <Field label={t('signUp.fields.fax')} htmlFor="su-fax" error={errors.faxNumber?.message}>
        <Controller
          control={form.control}
          name="faxNumber"
          render={({ field, fieldState }) => (
            <PhoneInput
              id="su-fax"
              defaultArea="02"
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              invalid={fieldState.invalid}
              testId="su-fax"
            />
          )}
        />
      </Field>
      <Field label={t('signUp.fields.zipCode')} htmlFor="su-zip" error={errors.zipCode?.message}>
        <input id="su-zip" className="input" inputMode="numeric" maxLength={7} {...register('zipCode')} data-testid="su-zip" />
      </Field>
      <div />
      <Field label={t('signUp.fields.address1')} htmlFor="su-address1" error={errors.address1?.message} required>
        <input id="su-address1" className="input" maxLength={200} {...register('address1')} data-testid="su-address1" />
      </Field>
      <Field label={t('signUp.fields.address2')} htmlFor="su-address2" error={errors.address2?.message} required>
        <input id="su-address2" className="input" maxLength={200} {...register('address2')} data-testid="su-address2" />
      </Field>
    </>
  );
}
