import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Outlet, useLocation } from 'react-router';
import { ConfirmPopup } from '../components/confirm-popup.tsx';
import { CookieBanner } from '../components/cookie-banner.tsx';
import { EventPopup } from '../components/event-popup.tsx';
import { Footer } from '../components/footer.tsx';
import { Header } from '../components/header/header.tsx';
import { LoadingOverlay } from '../components/loading-overlay.tsx';
import { ToastStack } from '../components/toast-stack.tsx';
import { CurrentEvent } from '../features/notices/components/current-event.tsx';
import { NoticeBanners } from '../features/notices/components/notice-banners.tsx';
import { PatientModal } from '../features/patients/components/modal/patient-modal.tsx';
import { SessionWatch } from '../features/session/components/session-watch.tsx';
import { setAlertTexts } from '../lib/api/index.ts';
import { useLockStore } from '../stores/lock-store.ts';
import { isSignedIn } from '../stores/session.ts';
import { paths } from '../routes/paths.ts';
import { useHistoryStore } from '../stores/history-store.ts';
import { DetachWhileLocked } from './detach-while-locked.tsx';

/**
 * Shared chrome around every screen: header, footer (not on the viewer) and the overlays. While the
 * screen is locked all of it is out of the document (DetachWhileLocked) and only the lock screen
 * (SessionWatch) is in the page.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const visit = useHistoryStore((s) => s.visit);
  useEffect(() => visit(pathname), [pathname, visit]);
  const { t } = useTranslation();
  // The HTTP client lives outside React; give it this language's alert texts.
  useEffect(() => {
    setAlertTexts((alert) => ({ title: t(`apiAlert.${alert}.title`), text: t(`apiAlert.${alert}.text`), confirm: t('common.confirm') }));
  }, [t]);

  const onViewer = matchPath(paths.viewer.pattern, pathname) !== null;
  const onHome = pathname === paths.home.pattern;
  const signedIn = isSignedIn();
  const locked = useLockStore((s) => s.locked) && signedIn;

  return (
    <>
      <DetachWhileLocked locked={locked} className="app-shell">
        <Header />
        {/* The operator's maintenance notices (/public/notices), in the page's flow; not on the viewer's full-height stage. */}
        {!onViewer && <NoticeBanners />}
        <main className="app-shell__main">
          <Outlet />
        </main>
        {!onViewer && <Footer />}
        <CookieBanner />
        <ToastStack autoHide={!onHome} placement={onViewer ? 'bottom-left' : 'top-right'} />
        <PatientModal />
        <ConfirmPopup />
        {/* The operator's current event, from /public/notices, in a popup that is not modal; not over the viewer's work. */}
        <CurrentEvent enabled={!onViewer} />
        {!onViewer && <EventPopup />}
        <LoadingOverlay />
      </DetachWhileLocked>
      <SessionWatch signedIn={signedIn} />
    </>
  );
}
