import { useEffect, useState } from 'react';

export type LoadedImage = { status: 'idle' | 'loading' | 'error'; image: null } | { status: 'loaded'; image: HTMLImageElement };

/**
 * Loads `url` into an Image element (decoded, ready to draw on a canvas; EXIF orientation applied by the
 * browser): the viewer's film and photo layers, the printed planning page and the consultation's photo.
 */
export function useLoadedImage(url: string | null): LoadedImage {
  const [state, setState] = useState<{ url: string | null; loaded: LoadedImage }>({ url: null, loaded: { status: 'idle', image: null } });
  useEffect(() => {
    if (url === null) return;
    let live = true;
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => {
      if (live) setState({ url, loaded: { status: 'loaded', image } });
    };
    image.onerror = () => {
      if (live) setState({ url, loaded: { status: 'error', image: null } });
    };
    image.src = url;
    return () => {
      live = false;
      image.onload = null;
      image.onerror = null;
    };
  }, [url]);
  if (url === null) return { status: 'idle', image: null };
  return state.url === url ? state.loaded : { status: 'loading', image: null };
}
