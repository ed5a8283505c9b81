import { useCallback, useEffect, useState } from 'react';

/** Seconds left until a deadline, ticking once a second; 0 when expired or never started. */
export function useCountdown(): { remaining: number; started: boolean; start: (seconds: number) => void; stop: () => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setDeadline(at + seconds * 1000);
  }, []);
  const stop = useCallback(() => setDeadline(null), []);

  const remaining = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { remaining, started: deadline !== null, start, stop };
}

/** 179 -> "02:59". */
export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
