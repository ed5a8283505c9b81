import { useTranslation } from 'react-i18next';
import { privacyPolicyUrl, termsOfServiceUrl } from '../config/documents.ts';
import { product } from '../config/product.ts';
import { useLanguage } from '../i18n/use-language.ts';
import './footer.css';

export function Footer() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const year = product.releaseDate.slice(0, 4);

  return (
    <footer className="footer" data-testid="footer">
      <div className="footer__row">
        <nav className="footer__links" aria-label={t('footer.legal')}>
          <a href={termsOfServiceUrl(language)} target="_blank" rel="noopener noreferrer">
            {t('footer.terms')}
          </a>
          <a href={privacyPolicyUrl(language)} target="_blank" rel="noopener noreferrer">
            <strong>{t('footer.privacy')}</strong>
          </a>
        </nav>
        <span className="footer__version">{t('footer.version', { version: product.version, date: product.releaseDate })}</span>
      </div>
      <p className="footer__line">{t('footer.company', { year, company: product.company })}</p>
      <p className="footer__line footer__device">
        <span>
          {t('footer.device.item')}: {t('footer.device.itemValue')}
        </span>
        <span>
          {t('footer.device.model')}: {product.model}
        </span>
        <span>
          {t('footer.device.product')}: {product.name}
        </span>
        <span>
          {t('footer.device.udi')}: {product.udiCode ?? t('footer.device.udiUnset')}
        </span>
        <span>{t('footer.device.class', { class: product.deviceClass })}</span>
      </p>
    </footer>
  );
}
