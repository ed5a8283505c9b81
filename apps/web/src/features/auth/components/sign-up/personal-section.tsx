import { LICENSE_UPLOAD, MIN_BIRTH_DATE, todayIso } from '@ceppro/contract';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../../components/form/date-picker.tsx';
import { Field } from '../../../../components/form/field.tsx';
import { withMessageKey } from '../../../../lib/to-message-error.ts';
import { uploadLicense } from '../../api/auth-api.ts';
import type { SignUpFormApi } from './sign-up-form-types.ts';

/** The calendar opens 25 years back (docs/spec-points.md §5). */
function defaultCalendarView(): string {
  const now = new Date();
  return todayIso(new Date(now.getFullYear() - 25, now.getMonth(), 1));
}

/** png, jpg or pdf only (docs/spec-points.md §5); the server checks the bytes again. */
export function licenseFileProblem(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(LICENSE_UPLOAD.extensions as readonly string[]).includes(extension)) return 'auth.license.type';
  if (file.size > LICENSE_UPLOAD.maxBytes) return 'auth.license.tooLarge';
  return null;
}

interface PersonalSectionProps {
  form: SignUpFormApi;
  licenseToken: string | null;
  onLicense: (token: string | null) => void;
}

/** Birth date, gender and the (optional) licence file. */
export function PersonalSection({ form, licenseToken, onLicense }: PersonalSectionProps) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  const [licenseError, setLicenseError] = useState<string | undefined>();
  const [fileName, setFileName] = useState('');
  const [uploading, setUploading] = useState(false);

  const onFile = async (file: File | undefined) => {
    onLicense(null);
    setLicenseError(undefined);
    setFileName(file?.name ?? '');
    if (file === undefined) return;
    const problem = licenseFileProblem(file);
    if (problem !== null) {
      setLicenseError(problem);
      return;
    }
    setUploading(true);
    try {
      const result = await withMessageKey(() => uploadLicense(file), 'auth.license.type');
      onLicense(result.license_token);
    } catch (e) {
      setLicenseError(e instanceof Error && e.message ? e.message : undefined);
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <h2 className="form-section-title">{t('signUp.sections.personal')}</h2>
      <Field label={t('signUp.fields.birth')} htmlFor="su-birth" error={errors.birth?.message} required>
        <Controller
          control={form.control}
          name="birth"
          render={({ field }) => (
            <DatePicker
              id="su-birth"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              min={MIN_BIRTH_DATE}
              max={todayIso()}
              initialView={defaultCalendarView()}
              testId="su-birth"
            />
          )}
        />
      </Field>
      <Field label={t('signUp.fields.gender')} htmlFor="su-gender-0" error={errors.gender?.message} required>
        <div className="radio-row" role="radiogroup" aria-label={t('signUp.fields.gender')}>
          <label className="check">
            <input id="su-gender-0" type="radio" value="0" {...form.register('gender')} data-testid="su-gender-male" />
            {t('signUp.gender.male')}
          </label>
          <label className="check">
            <input type="radio" value="1" {...form.register('gender')} data-testid="su-gender-female" />
            {t('signUp.gender.female')}
          </label>
        </div>
      </Field>
      <div className="form-grid__wide">
        <Field label={t('signUp.fields.license')} htmlFor="su-license" error={licenseError} hint={t('signUp.licenseHint')}>
          <div className="file-input">
            <label className="button button--secondary" htmlFor="su-license">
              {t('form.chooseFile')}
            </label>
            <input
              id="su-license"
              className="visually-hidden"
              type="file"
              accept=".png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf"
              onChange={(e) => void onFile(e.target.files?.[0])}
              data-testid="su-license"
            />
            <span className="file-input__name">{fileName || t('signUp.noFile')}</span>
            {uploading && <span className="field__hint">{t('common.loading')}</span>}
            {licenseToken !== null && (
              <span className="field__ok" data-testid="su-license-ok">
                {t('signUp.licenseUploaded')}
              </span>
            )}
          </div>
        </Field>
      </div>
    </>
  );
}
