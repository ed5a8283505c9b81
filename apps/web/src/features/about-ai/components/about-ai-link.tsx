import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoIcon } from '../../../components/icons.tsx';
import { paths } from '../../../routes/paths.ts';
import '../../../components/button/dark-button.css';

/**
 * The way into "About the AI" from the viewer's top bar: an info icon, since the bar has no width
 * to spare at the 1100 px minimum window (its name is the accessible label and tooltip). Same tab: the page's Back (and the
 * browser's) return to the viewer, and the header's back button skips the page (lib/back-history).
 */
export function AboutAiLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.aboutAi.to()}
      className="dark-button dark-button--muted"
      aria-label={t('viewer.aboutAi')}
      title={`${t('viewer.aboutAi')}: ${t('viewer.aboutAiTitle')}`}
      data-testid="viewer-about-ai"
    >
      <InfoIcon width={18} height={18} />
    </Link>
  );
}
