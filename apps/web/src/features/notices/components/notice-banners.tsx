import type { Notice } from '@ceppro/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, WarningIcon } from '../../../components/icons.tsx';
import { noticeLang, useNotices } from '../api/use-notices.ts';
import { dismissedNotices, markNoticeDismissed } from '../lib/seen-notices.ts';
import './notices.css';

/**
 * The operator's notices of kind `notice` (maintenance, service news; `npm run notices`) in force
 * now, as banners under the header on every screen but the viewer, in the reader's language. Each
 * can be dismissed; it then stays away on this browser. Part of the page's flow, so it covers
 * nothing; the notices are fetched with the page's first requests, before anyone can click.
 */
export function NoticeBanners() {
  const { t, i18n } = useTranslation();
  const { data } = useNotices(noticeLang(i18n.language));
  const [dismissed, setDismissed] = useState(dismissedNotices);
  const notices = (data ?? []).filter((n) => n.kind === 'notice' && !dismissed.includes(n.id));
  if (notices.length === 0) return null;

  const dismiss = (notice: Notice) => {
    markNoticeDismissed(
      notice.id,
      (data ?? []).map((n) => n.id),
    );
    setDismissed(dismissedNotices());
  };

  return (
    <section className="notice-banners" aria-label={t('chrome.notices.region')} data-testid="notice-banners">
      {notices.map((notice) => (
        <div key={notice.id} className="notice-banner" role="status" lang={notice.lang} data-testid="notice-banner" data-id={notice.id}>
          <WarningIcon className="notice-banner__icon" width={18} height={18} />
          <div className="notice-banner__body">
            <p className="notice-banner__title">{notice.title}</p>
            <p className="notice-banner__text">{notice.body}</p>
          </div>
          <button
            type="button"
            className="close-button notice-banner__close"
            aria-label={t('chrome.notices.dismiss')}
            title={t('chrome.notices.dismiss')}
            onClick={() => dismiss(notice)}
          >
            <CloseIcon width={16} height={16} />
          </button>
        </div>
      ))}
    </section>
  );
}
