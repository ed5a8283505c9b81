import { findIdRequestSchema } from '@ceppro/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { CodeVerification } from '../../../../components/form/code-verification.tsx';
import { Field, FormMessage } from '../../../../components/form/field.tsx';
import { PhoneInput } from '../../../../components/form/phone-input.tsx';
import { withMessageKey } from '../../../../lib/to-message-error.ts';
import { paths } from '../../../../routes/paths.ts';
import { findId, tfindId } from '../../api/auth-api.ts';
import { schemaResolver } from '../../../../components/form/schema-resolver.ts';

type Values = z.input<typeof findIdRequestSchema>;

/** Name and mobile number -> SMS code -> the account's email. */
export function FindEmailForm() {
  const { t } = useTranslation();
  const [found, setFound] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof findIdRequestSchema>>({
    resolver: schemaResolver(findIdRequestSchema),
    defaultValues: { name: '', mobileNumber: '' },
  });
  const errors = form.formState.errors;

  return (
    <div className="form" data-testid="find-email">
      <Field label={t('signUp.fields.name')} htmlFor="fe-name" error={errors.name?.message}>
        <input id="fe-name" className="input" {...form.register('name')} data-testid="fe-name" />
      </Field>
      <Field label={t('signUp.fields.mobile')} htmlFor="fe-mobile" error={errors.mobileNumber?.message}>
        <Controller
          control={form.control}
          name="mobileNumber"
          render={({ field }) => (
            <PhoneInput id="fe-mobile" value={field.value} onChange={field.onChange} onBlur={field.onBlur} testId="fe-mobile" />
          )}
        />
      </Field>
      <CodeVerification
        testId="fe-code"
        verified={found !== null}
        precheck={() => {
          void form.trigger();
          return findIdRequestSchema.safeParse(form.getValues()).success ? null : '';
        }}
        send={() => withMessageKey(() => findId(form.getValues('name'), form.getValues('mobileNumber')), 'auth.error.noMember')}
        verify={async (code) => {
          setFound(await withMessageKey(() => tfindId(form.getValues('name'), form.getValues('mobileNumber'), code), 'auth.code.invalid'));
        }}
      />
      {found !== null && (
        <FormMessage kind="success" testId="fe-result">
          {t('findAccount.emailFound')} <strong>{found}</strong>
        </FormMessage>
      )}
      {found !== null && (
        <Link className="button button--primary button--block" to={paths.home.to()}>
          {t('findAccount.toSignIn')}
        </Link>
      )}
    </div>
  );
}
