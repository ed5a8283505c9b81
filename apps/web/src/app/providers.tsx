import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isApiError, setAlertPresenter, setRateLimitNotice } from '../lib/api/index.ts';
import { openAlert } from '../stores/popup-store.ts';
import { pushToast } from '../stores/toast-store.ts';

// The HTTP client (lib/, the bottom layer) knows no store: the app shell gives it the app popup for its alerts.
setAlertPresenter(openAlert);
// RATE_LIMITED (429): a warning toast with the server's Retry-After, in the language of the moment; nothing blocks.
setRateLimitNotice((seconds, retrying) => {
  const text = retrying ? 'apiAlert.rateLimited.retrying' : 'apiAlert.rateLimited.text';
  pushToast({ kind: 'warning', title: { key: 'apiAlert.rateLimited.title' }, text: { key: text, values: { seconds } } });
});

/** Server cache: one query client for the whole app (docs/house-rules.md §9). */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // RATE_LIMITED was already waited out and retried by the HTTP client (lib/api/http-client.ts): not again here.
        retry: (failures, error) => failures < 3 && !(isApiError(error) && error.code === 'RATE_LIMITED'),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 2000),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function AppProviders({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}
