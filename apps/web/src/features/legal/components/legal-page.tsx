import type { LegalDocumentId } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form/field.tsx';
import { WarningIcon } from '../../../components/icons.tsx';
import { isLanguage, LANGUAGE_SELF_NAMES } from '../../../i18n/languages.ts';
import { legalLang, useLegalDocument } from '../api/use-legal-document.ts';
import { LegalBlocks } from './legal-blocks.tsx';
import './legal.css';

/**
 * `/terms` and `/privacy`: the operator's document in the interface language (LEGAL_DIR on the
 * server), else in a language the operator wrote it in, else the product's template; a template is
 * said to be one, above the text.
 */
export function LegalPage({ doc }: { doc: LegalDocumentId }) {
  const { t, i18n } = useTranslation();
  const lang = legalLang(i18n.language);
  const query = useLegalDocument(doc, lang);
  const document = query.data;
  const served = document?.lang;
  return (
    <div className="page legal" data-testid={`legal-${doc}`}>
      {query.isPending && (
        <p className="legal__status" role="status">
          {t('chrome.legal.loading')}
        </p>
      )}
      {query.isError && (
        <FormMessage kind="error" testId="legal-error">
          {t('chrome.legal.loadFailed')}{' '}
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
            {t('chrome.legal.retry')}
          </button>
        </FormMessage>
      )}
      {document && (
        <article className="legal__card" lang={document.lang}>
          {document.template && (
            <p className="legal__template" role="note" lang={lang} data-testid="legal-template">
              <WarningIcon className="legal__template-icon" width={18} height={18} />
              {t('chrome.legal.template')}
            </p>
          )}
          {served !== undefined && served !== lang && isLanguage(served) && (
            <p className="legal__language" lang={lang} data-testid="legal-language">
              {t('chrome.legal.otherLanguage', { language: LANGUAGE_SELF_NAMES[served] })}
            </p>
          )}
          <LegalBlocks blocks={document.blocks} />
        </article>
      )}
    </div>
  );
}
