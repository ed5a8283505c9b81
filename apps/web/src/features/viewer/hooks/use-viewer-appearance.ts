import { useMemo } from 'react';
import { useDisplayConfig } from '../api/use-display-config.ts';
import { viewerAppearance, type ViewerAppearance } from '../lib/viewer-appearance.ts';

/**
 * The Settings that change how an open viewer draws (tissue colour and size, the plane list, auto
 * zoom-in), read from the server cache: saving Settings invalidates it, so the next viewer visit
 * shows the new values without reloading the app.
 */
export function useViewerAppearance(): ViewerAppearance {
  const config = useDisplayConfig(true).data;
  return useMemo(() => viewerAppearance(config), [config]);
}
