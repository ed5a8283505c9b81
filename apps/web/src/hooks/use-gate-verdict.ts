import { useEffect, useState } from 'react';
import { gateVerdict, type GateVerdict } from '../lib/browser.ts';

function currentVerdict(): GateVerdict {
  return gateVerdict({
    online: navigator.onLine,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    width: window.innerWidth,
    height: window.innerHeight,
  });
}

/** The browser gate's verdict, re-evaluated on online/offline and resize events. */
export function useGateVerdict(): GateVerdict {
  const [verdict, setVerdict] = useState(currentVerdict);
  useEffect(() => {
    const update = () => setVerdict(currentVerdict());
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    window.addEventListener('resize', update);
    update();
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return verdict;
}
