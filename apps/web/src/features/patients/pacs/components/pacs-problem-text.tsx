import { useTranslation } from 'react-i18next';
import { pacsProblemOf } from '../lib/pacs-error.ts';

/** A failed PACS call in plain words, as an alert inside the dialog; nothing when the interceptor already said it. */
export function PacsProblemText({ error, testId }: { error: unknown; testId: string }) {
  const { t } = useTranslation();
  const problem = pacsProblemOf(error);
  if (problem.kind === 'shown') return null;
  const text = problem.kind === 'dicom' ? t(`dicom.errors.${problem.code}`, { syntax: '' }) : t(`pacs.errors.${problem.code}`);
  return (
    <p className="pacs-dialog__problem" role="alert" data-testid={testId} data-code={problem.code}>
      {text}
    </p>
  );
}
