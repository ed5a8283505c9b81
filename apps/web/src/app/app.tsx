import type { i18n as I18n } from 'i18next';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { BrowserGate } from '../components/browser-gate.tsx';
import { AppProviders } from './providers.tsx';
import { routes } from './routes.tsx';

export function createAppRouter() {
  return createBrowserRouter(routes);
}

type AppRouter = ReturnType<typeof createAppRouter>;

export function App({ i18n, router }: { i18n: I18n; router: AppRouter }) {
  return (
    <AppProviders i18n={i18n}>
      <BrowserGate>
        <RouterProvider router={router} />
      </BrowserGate>
    </AppProviders>
  );
}
