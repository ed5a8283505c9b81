import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import './lazy-screen.css';

/**
 * A screen whose code is its own chunk, fetched the first time the route is visited:
 *
 *   const ViewerScreen = lazyScreen(() => import('../routes/viewer-screen.tsx'), 'ViewerScreen');
 *
 * The result is used like the screen itself (`element: <ViewerScreen />`). The header and footer
 * stay on screen while the chunk loads; a failed load reaches the route's error element.
 */
export function lazyScreen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): ComponentType {
  const Screen = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  function LazyScreen() {
    return (
      <Suspense fallback={<ScreenLoading />}>
        <Screen />
      </Suspense>
    );
  }
  LazyScreen.displayName = `Lazy(${name})`;
  return LazyScreen;
}

function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <div className="screen-loading" role="status" data-testid="screen-loading">
      {t('common.loading')}
    </div>
  );
}
