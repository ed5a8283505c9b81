import { useEffect, useState } from 'react';

export type PhotoImage = { status: 'idle' | 'loading' | 'error'; image: null } | { status: 'loaded'; image: HTMLImageElement };

/** The facial photo decoded into an Image element, ready to draw on a canvas (EXIF orientation applied by the browser). */
export function usePhotoImage(url: string | null): PhotoImage {
  const [state, setState] = useState<{ url: string | null; loaded: PhotoImage }>({ url: null, loaded: { status: 'idle', image: null } });
  useEffect(() => {
    if (url === null) return;
    let live = true;
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => live && setState({ url, loaded: { status: 'loaded', image } });
    image.onerror = () => live && setState({ url, loaded: { status: 'error', image: null } });
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
