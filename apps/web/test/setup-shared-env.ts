import { cleanup } from '@testing-library/react';
import { afterAll, beforeAll, vi } from 'vitest';

/**
 * The `web` project shares one jsdom per worker between test files (vitest.config.ts, `isolate:
 * false`). Each file starts as it would in a fresh window: nothing stored, no cookies, an empty page
 * at `/`; and leaves no stubbed global, spy or fake clock behind for the next one.
 */
function freshWindow(): void {
  if (typeof window === 'undefined') return; // a file in the node environment (`@vitest-environment node`)
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
  window.history.replaceState(null, '', '/');
}

beforeAll(freshWindow);
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  freshWindow();
});
