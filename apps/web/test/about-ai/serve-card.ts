import { MODEL_CARD_ENDPOINT, type ModelCard } from '@ceppro/contract';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { usePopupStore } from '../../src/stores/popup-store.ts';
import { clearCookies, signIn } from '../patients/fake-server.ts';

/**
 * Each test of the file runs signed in against a server that answers `card` at the model card
 * endpoint (in its envelope) and 404 to anything else; after it, the page and any popup are gone.
 */
export function serveModelCard(card: ModelCard) {
  beforeEach(() => {
    clearCookies();
    window.sessionStorage.clear();
    signIn();
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const ok = String(input) === MODEL_CARD_ENDPOINT.path;
      const body = ok ? { success: true, data: card } : { success: false, code: 'NOT_FOUND', message: 'Not found.' };
      return new Response(JSON.stringify(body), { status: ok ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    window.fetch = fetch;
  });
  afterEach(() => {
    cleanup();
    usePopupStore.getState().close();
    vi.unstubAllGlobals();
  });
}
