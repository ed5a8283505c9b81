import { useTranslation } from 'react-i18next';
import { isFormErrorCode } from '../lib/patient-form.ts';

/** Turns a form rule's code (lib/patient-form.ts) into this language's message. */
export function useFormError(): (code: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (code) => {
    if (code === undefined || code === '') return undefined;
    return isFormErrorCode(code) ? t(`patients.errors.${code}`) : code;
  };
}
