import {
  address1Schema,
  address2Schema,
  companyNameSchema,
  faxValueSchema,
  nameSchema,
  phoneSchema,
  taxEmailSchema,
  USER_TYPE,
  userTypeSchema,
  zipCodeValueSchema,
  type UserProfile,
} from '@ceppro/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { Field, FormMessage, useMessage } from '../../../components/form/field.tsx';
import { formatPhone, PhoneInput } from '../../../components/form/phone-input.tsx';
import { authMessageKeyOf } from '../../../lib/auth-message.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { updateStoredUser } from '../../../stores/session.ts';
import { paths } from '../../../routes/paths.ts';
import { updateUserInfo } from '../api/account-api.ts';
import { useSetUserInfo, useUserInfo } from '../hooks/use-user-info.ts';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';

const schema = z.object({
  name: nameSchema,
  userType: userTypeSchema,
  companyName: companyNameSchema,
  taxEmail: taxEmailSchema,
  phoneNumber: phoneSchema,
  faxNumber: faxValueSchema,
  zipCode: zipCodeValueSchema,
  address1: address1Schema,
  address2: address2Schema,
});
type Values = z.input<typeof schema>;

const USER_TYPES = [
  [USER_TYPE.doctor, 'doctor'],
  [USER_TYPE.hospital, 'hospital'],
  [USER_TYPE.lab, 'lab'],
  [USER_TYPE.company, 'company'],
] as const;

function valuesOf(p: UserProfile): Values {
  return {
    name: p.first_name,
    userType: p.user_type,
    companyName: p.company_name ?? '',
    taxEmail: p.tax_email ?? '',
    phoneNumber: p.phone_number ?? '',
    faxNumber: p.fax_number ?? '',
    zipCode: p.zip_code ?? '',
    address1: p.address1 ?? '',
    address2: p.address2 ?? '',
  };
}

/** `/myinfo`: the profile entered at sign-up; email and mobile change on their own pages. */
export function MyInfo() {
  const { t } = useTranslation();
  const profile = useUserInfo();
  if (profile.isPending) return <p className="field__hint">{t('common.loading')}</p>;
  if (profile.data === undefined) return <FormMessage kind="error">{t('account.loadFailed')}</FormMessage>;
  return <MyInfoForm profile={profile.data} />;
}

function MyInfoForm({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const message = useMessage();
  const setProfile = useSetUserInfo();
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, control, getValues } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: schemaResolver(schema),
    defaultValues: valuesOf(profile),
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async () => {
    setFailure(null);
    setSaved(false);
    try {
      const result = await updateUserInfo({ ...getValues() });
      setProfile(result.user);
      updateStoredUser(result.user);
      setSaved(true);
    } catch (error) {
      if (isApiError(error) && error.handled) return;
      setFailure(authMessageKeyOf(error) ?? 'auth.error.wrongApproach');
    }
  });

  return (
    <form className="form account-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="my-info">
      <div className="form-grid">
        <Field label={t('signUp.fields.email')} htmlFor="mi-email">
          <div className="input-row">
            <input id="mi-email" className="input" value={profile.email} readOnly />
            <Link className="button button--secondary" to={paths.resetEmail.to()}>
              {t('account.change')}
            </Link>
          </div>
        </Field>
        <Field label={t('signUp.fields.mobile')} htmlFor="mi-mobile">
          <div className="input-row">
            <input id="mi-mobile" className="input" value={formatPhone(profile.mobile_number)} readOnly />
            <Link className="button button--secondary" to={paths.resetMobile.to()}>
              {t('account.change')}
            </Link>
          </div>
        </Field>
        <Field label={t('signUp.fields.name')} htmlFor="mi-name" error={errors.name?.message} required>
          <input id="mi-name" className="input" maxLength={30} {...register('name')} data-testid="mi-name" />
        </Field>
        <Field label={t('signUp.userType.label')} htmlFor="mi-type" error={errors.userType?.message} required>
          <select id="mi-type" className="select" {...register('userType')}>
            {USER_TYPES.map(([code, key]) => (
              <option key={code} value={code}>
                {t(`signUp.userType.${key}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('signUp.fields.companyName')} htmlFor="mi-company" error={errors.companyName?.message} required>
          <input id="mi-company" className="input" maxLength={100} {...register('companyName')} />
        </Field>
        <Field label={t('signUp.fields.taxNumber')} htmlFor="mi-tax">
          <input id="mi-tax" className="input" value={profile.tax_number ?? ''} readOnly />
        </Field>
        <Field label={t('signUp.fields.taxEmail')} htmlFor="mi-tax-email" error={errors.taxEmail?.message} required>
          <input id="mi-tax-email" className="input" type="email" {...register('taxEmail')} />
        </Field>
        <Field label={t('signUp.fields.phone')} htmlFor="mi-phone" error={errors.phoneNumber?.message} required>
          <Controller
            control={control}
            name="phoneNumber"
            render={({ field }) => (
              <PhoneInput id="mi-phone" defaultArea="02" value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
            )}
          />
        </Field>
        <Field label={t('signUp.fields.fax')} htmlFor="mi-fax" error={errors.faxNumber?.message}>
          <Controller
            control={control}
            name="faxNumber"
            render={({ field }) => (
              <PhoneInput id="mi-fax" defaultArea="02" value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
            )}
          />
        </Field>
        <Field label={t('signUp.fields.zipCode')} htmlFor="mi-zip" error={errors.zipCode?.message}>
          <input id="mi-zip" className="input" maxLength={7} {...register('zipCode')} />
        </Field>
        <Field label={t('signUp.fields.address1')} htmlFor="mi-address1" error={errors.address1?.message} required>
          <input id="mi-address1" className="input" maxLength={200} {...register('address1')} />
        </Field>
        <Field label={t('signUp.fields.address2')} htmlFor="mi-address2" error={errors.address2?.message} required>
          <input id="mi-address2" className="input" maxLength={200} {...register('address2')} />
        </Field>
      </div>
      {failure && <FormMessage kind="error">{message(failure)}</FormMessage>}
      {saved && (
        <FormMessage kind="success" testId="mi-saved">
          {t('account.saved')}
        </FormMessage>
      )}
      <div className="account-form__actions">
        <Link className="button button--secondary" to={paths.resetPassword.to()}>
          {t('account.password.title')}
        </Link>
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
          {t('account.save')}
        </button>
      </div>
    </form>
  );
}
