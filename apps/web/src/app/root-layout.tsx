import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Outlet, useLocation } from 'react-router';
import { ConfirmPopup } from '../components/confirm-popup.tsx';
import { CookieBanner } from '../components/cookie-banner.tsx';
import { Footer } from '../components/footer.tsx';
import { Header } from '../components/header/header.tsx';
import { LoadingOverlay } from '../components/loading-overlay.tsx';
import { ToastStack } from '../components/toast-stack.tsx';
import { EventPopup } from '../features/notices/components/event-popup.tsx';
import { PatientModal } from '../features/patients/components/modal/patient-modal.tsx';
import { SessionWatch } from '../features/session/components/session-watch.tsx';
import { setAlertTexts } from '../lib/api/index.ts';
import { isSignedIn } from '../stores/session.ts';
import { paths } from '../routes/paths.ts';
import { useHistoryStore } from '../stores/history-store.ts';

/** Shared chrome around every screen: header, footer (not on the viewer) and the overlays. */
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

  return (
    <div className="app-shell">
      <Header />
      <main className="app-shell__main">
        <Outlet />
      </main>
      {!onViewer && <Footer />}
      <CookieBanner />
      <ToastStack autoHide={!onHome} placement={onViewer ? 'bottom-left' : 'top-right'} />
      <PatientModal />
      <ConfirmPopup />
      {/* The operator's current event, from /public/notices; not over the viewer's work. */}
      <EventPopup enabled={!onViewer} />
      <LoadingOverlay />
      <SessionWatch signedIn={isSignedIn()} />
    </div>
  );
}
