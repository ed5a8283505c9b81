import { signUpFormSchema, type UserTypeCd } from '@ceppro/contract';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMessage, useMessage } from '../../../../components/form/field.tsx';
import { authMessageKeyOf, errorFieldOf } from '../../../../lib/auth-message.ts';
import { isApiError } from '../../../../lib/api/index.ts';
import { signUp } from '../../api/auth-api.ts';
import { useProof } from '../../hooks/use-proof.ts';
import { AccountSection } from './account-section.tsx';
import { CompanySection } from './company-section.tsx';
import { PersonalSection } from './personal-section.tsx';
import type { SignUpOutput, SignUpValues } from './sign-up-form-types.ts';
import { schemaResolver } from '../../../../components/form/schema-resolver.ts';

interface DetailsStepProps {
  userType: UserTypeCd;
  onBack: () => void;
  onDone: (email: string) => void;
}

/** Step 3: every sign-up field of docs/spec-points.md §3, with the three verifications the server requires. */
export function DetailsStep({ userType, onBack, onDone }: DetailsStepProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const [licenseToken, setLicenseToken] = useState<string | null>(null);
  const form = useForm<SignUpValues, unknown, SignUpOutput>({
    resolver: schemaResolver(signUpFormSchema),
    mode: 'onTouched',
    defaultValues: {
      agreeTerms: true,
      agreePrivacy: true,
      agreeSso: true,
      userType,
      email: '',
      name: '',
      password: '',
      confirmPassword: '',
      mobileNumber: '',
      companyName: '',
      taxNumber: '',
      taxEmail: '',
      phoneNumber: '',
      faxNumber: '',
      address1: '',
      address2: '',
      zipCode: '',
      birth: '',
    },
  });
  const [email, taxNumber, mobileNumber] = form.watch(['email', 'taxNumber', 'mobileNumber']);
  const emailProof = useProof(email.trim());
  const taxProof = useProof(taxNumber.trim());
  const mobileProof = useProof(mobileNumber.trim());

  /** The verifications are not zod rules: they are checked next to them, on every submit. */
  const checkProofs = (): boolean => {
    const missing: Array<[FieldPath<SignUpValues>, string, boolean]> = [
      ['email', 'auth.email.checkRequired', emailProof.token === null],
      ['taxNumber', 'auth.tax.verificationRequired', taxProof.token === null],
      ['mobileNumber', 'auth.mobile.verificationRequired', mobileProof.token === null],
    ];
    // zod checks "same as password" only once every field is valid; say it as soon as it is true.
    const { password, confirmPassword } = form.getValues();
    if (confirmPassword !== '' && password !== confirmPassword && form.getFieldState('confirmPassword').error === undefined) {
      form.setError('confirmPassword', { message: 'auth.confirmPassword.mismatch' });
    }
    let ok = true;
    for (const [field, key, isMissing] of missing) {
      if (isMissing && form.getFieldState(field).error === undefined) form.setError(field, { message: key });
      ok &&= !isMissing;
    }
    return ok;
  };

  const onSubmit = form.handleSubmit(
    async () => {
      setFailure(null);
      if (!checkProofs() || emailProof.token === null || taxProof.token === null || mobileProof.token === null) return;
      const raw = form.getValues();
      try {
        const done = await signUp({
          ...raw,
          agreeTerms: 'true',
          agreePrivacy: 'true',
          agreeSso: 'true',
          gender: raw.gender,
          emailCheckToken: emailProof.token,
          taxCheckToken: taxProof.token,
          mobileToken: mobileProof.token,
          licenseToken: licenseToken ?? undefined,
        });
        onDone(done.email);
      } catch (error) {
        if (isApiError(error) && error.handled) return;
        const key = authMessageKeyOf(error) ?? 'auth.error.wrongApproach';
        const field = errorFieldOf(error);
        if (field !== null && field in form.getValues()) form.setError(field as FieldPath<SignUpValues>, { message: key });
        else setFailure(key);
      }
    },
    () => {
      checkProofs();
    },
  );

  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="sign-up-details">
      <div className="form-grid">
        <AccountSection form={form} emailProof={emailProof} mobileProof={mobileProof} />
        <CompanySection form={form} taxProof={taxProof} userType={userType} />
        <PersonalSection form={form} licenseToken={licenseToken} onLicense={setLicenseToken} />
      </div>
      {failure && <FormMessage kind="error">{message(failure)}</FormMessage>}
      <div className="sign-up__actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('common.back')}
        </button>
        <button type="submit" className="button button--primary" disabled={form.formState.isSubmitting} data-testid="sign-up-submit">
          {form.formState.isSubmitting ? t('common.loading') : t('signUp.submit')}
        </button>
      </div>
    </form>
  );
}
