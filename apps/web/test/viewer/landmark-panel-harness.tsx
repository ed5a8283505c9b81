import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, vi } from 'vitest';
import { LandmarkPanel } from '../../src/features/viewer/components/landmark-panel.tsx';
import { useLandmarkStore, type LandmarkRecordInput } from '../../src/features/viewer/store/landmark-store.ts';
import { createI18n } from '../../src/i18n/index.ts';

/** The landmark panel of record 5 on its own, in `lang`. */
export function showLandmarkPanel(lang: Parameters<typeof createI18n>[0] = 'en') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <QueryClientProvider client={client}>
        <LandmarkPanel recordId={5} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** Each test of the file starts with `record` loaded on image 1, and ends with nothing loaded and nothing rendered. */
export function withLoadedRecord(record: LandmarkRecordInput) {
  beforeEach(() => {
    // The panel reads the display settings (auto zoom-in): a user who never saved any.
    const fetch = vi.fn(async () => new Response(JSON.stringify({ data: { user_config: null } }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    window.fetch = fetch;
    useLandmarkStore.getState().load(record, 1);
  });
  afterEach(() => {
    cleanup();
    useLandmarkStore.getState().load(null);
    vi.unstubAllGlobals();
  });
}
