import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import './lazy-screen.css';

/**
 * A screen whose code is its own chunk, fetched the first time the route is visited:
 *
 *   const ViewerScreen = lazyScreen(() => import('../routes/viewer-screen.tsx'), 'ViewerScreen');
 *
 * The result is used like the screen itself (`element: <ViewerScreen />`). The header and footer
 * stay on screen while the chunk loads; a failed load reaches the route's error element.
 * `preload()` loads the chunk before the first visit (the viewer's, from the list: routes.tsx).
 */
export function lazyScreen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ComponentType & { preload: () => Promise<void> } {
  // Once the chunk has run, the screen itself: a lazy component suspends on its first render even
  // when its module is already loaded, and React then holds the content back ~300 ms behind the fallback.
  let loaded: ComponentType | null = null;
  const loadScreen = async (): Promise<ComponentType> => {
    loaded = (await load())[name];
    return loaded;
  };
  const Screen = lazy(async (): Promise<{ default: ComponentType }> => ({ default: await loadScreen() }));
  function LazyScreen() {
    // Chosen once per mount: switching from the lazy to the loaded component would remount the screen.
    const [Chosen] = useState<ComponentType>(() => loaded ?? Screen);
    return (
      <Suspense fallback={<ScreenLoading />}>
        <Chosen />
      </Suspense>
    );
  }
  LazyScreen.displayName = `Lazy(${name})`;
  // Fetches and runs the chunk ahead of the first visit; a failure is left to that visit to show.
  LazyScreen.preload = () =>
    loadScreen().then(
      () => undefined,
      () => undefined,
    );
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
