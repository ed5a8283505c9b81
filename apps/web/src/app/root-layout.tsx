import { useEffect } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router';
import { ConfirmPopup } from '../components/confirm-popup.tsx';
import { CookieBanner } from '../components/cookie-banner.tsx';
import { Footer } from '../components/footer.tsx';
import { Header } from '../components/header/header.tsx';
import { LoadingOverlay } from '../components/loading-overlay.tsx';
import { ToastStack } from '../components/toast-stack.tsx';
import { paths } from '../routes/paths.ts';
import { useHistoryStore } from '../stores/history-store.ts';

/** Shared chrome around every screen: header, footer (not on the viewer) and the overlays. */
export function RootLayout() {
  const { pathname } = useLocation();
  const visit = useHistoryStore((s) => s.visit);
  useEffect(() => visit(pathname), [pathname, visit]);

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
      <ToastStack autoHide={!onHome} />
      <ConfirmPopup />
      <LoadingOverlay />
    </div>
  );
}
