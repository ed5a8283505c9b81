import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../src/app/providers.tsx';
import { routes } from '../src/app/routes.tsx';
import { createI18n } from '../src/i18n/index.ts';

/** Renders the real route tree at `path` in English, without the browser gate. */
export function renderApp(path: string, routeTree: RouteObject[] = routes) {
  const router = createMemoryRouter(routeTree, { initialEntries: [path] });
  const i18n = createI18n('en');
  const view = render(
    <AppProviders i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, i18n, ...view };
}
