import { useTranslation } from 'react-i18next';
import { product } from '../config/product.ts';
import { useSiteInfo } from '../hooks/use-site-info.ts';
import { paths } from '../routes/paths.ts';
import './footer.css';

/**
 * Legal links, version, company line and medical-device line (spec point 1). The company and the UDI
 * code are the operator's (COMPANY_NAME, UDI_CODE on the server); a UDI code not configured is left
 * out rather than invented.
 */
export function Footer() {
  const { t } = useTranslation();
  const site = useSiteInfo().data;
  const year = product.releaseDate.slice(0, 4);

  return (
    <footer className="footer" data-testid="footer">
      <div className="footer__row">
        <nav className="footer__links" aria-label={t('footer.legal')}>
          <a href={paths.terms.to()} target="_blank" rel="noopener noreferrer">
            {t('footer.terms')}
          </a>
          <a href={paths.privacy.to()} target="_blank" rel="noopener noreferrer">
            <strong>{t('footer.privacy')}</strong>
          </a>
        </nav>
        <span className="footer__version">{t('footer.version', { version: product.version, date: product.releaseDate })}</span>
      </div>
      <p className="footer__line" data-testid="footer-company">
        {site ? t('footer.company', { year, company: site.company }) : '\u00a0'}
      </p>
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
        {site?.udi_code && (
          <span data-testid="footer-udi">
            {t('footer.device.udi')}: {site.udi_code}
          </span>
        )}
        <span>{t('footer.device.class', { class: product.deviceClass })}</span>
      </p>
    </footer>
  );
}
