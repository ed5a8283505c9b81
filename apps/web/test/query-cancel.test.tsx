import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminAccounts } from '../src/features/admin/api/use-admin-accounts.ts';
import { useUserInfo } from '../src/features/account/hooks/use-user-info.ts';
import { useLegalDocument } from '../src/features/legal/api/use-legal-document.ts';
import { useMembership } from '../src/features/membership/api/use-membership.ts';
import { useChartThumbnail } from '../src/features/patients/api/use-chart-thumbnail.ts';
import { usePatient } from '../src/features/patients/api/use-patient.ts';
import { useSettings } from '../src/features/settings/api/use-settings.ts';
import { useRuler } from '../src/features/viewer/api/use-ruler.ts';
import { useMeasurements } from '../src/features/viewer/measure/api/use-measurements.ts';
import { useDrawingSession } from '../src/features/viewer/drawing/hooks/use-drawing-session.ts';
import { useLandmarkStore } from '../src/features/viewer/store/landmark-store.ts';

/*
 * A query that is no longer wanted aborts its request (issue 29 item 2): each query hook hands TanStack
 * Query's `signal` to the one HTTP client (REST and GraphQL alike), which aborts the fetch when the query
 * is cancelled, when the component unmounts, or when the key changes. The fake fetch never answers; it
 * keeps each request's signal and rejects as a browser does once the signal is aborted.
 */

interface Sent {
  url: string;
  body: string;
  signal: AbortSignal;
}

let sent: Sent[] = [];

beforeEach(() => {
  sent = [];
  vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
    const signal = init?.signal;
    if (!signal) throw new Error(`${String(input)}: fetched without a signal`);
    sent.push({ url: String(input), body: typeof init.body === 'string' ? init.body : '', signal });
    return new Promise<Response>((_resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** One query hook of each kind: REST with and without path parameters, GraphQL, an infinite query, a held document. */
const hooks: Array<[string, () => unknown, RegExp]> = [
  ['useMembership (REST)', () => useMembership(), /\/api\/membership$/],
  ['useLegalDocument (REST, path parameter)', () => useLegalDocument('terms', 'en'), /\/public\/legal\/terms\?lang=en$/],
  ['useUserInfo (REST, through a fetch helper)', () => useUserInfo(), /\/api\/user-info$/],
  ['useChartThumbnail (REST POST read)', () => useChartThumbnail('c-1'), /\/minio\/download$/],
  ['useAdminAccounts (infinite query)', () => useAdminAccounts('', 'all'), /\/api\/admin\/accounts/],
  ['usePatient (GraphQL)', () => usePatient(7), /\/graphql/],
  ['useSettings (GraphQL)', () => useSettings(), /\/graphql/],
  ['useMeasurements (GraphQL, a held document)', () => useMeasurements(91), /\/graphql/],
  ['useRuler (GraphQL, a query-read document)', () => useRuler(92), /\/graphql/],
];

describe('a cancelled query aborts its request', () => {
  it.each(hooks)('%s: on unmount', async (_name, hook, url) => {
    const { unmount } = renderHook(hook, { wrapper: wrapperWith(newClient()) });
    await waitFor(() => expect(sent).toHaveLength(1));
    const [request] = sent;
    expect(request?.url).toMatch(url);
    expect(request?.signal.aborted).toBe(false);
    unmount();
    await waitFor(() => expect(request?.signal.aborted).toBe(true));
  });

  it.each(hooks)('%s: when the client cancels it', async (_name, hook) => {
    const client = newClient();
    renderHook(hook, { wrapper: wrapperWith(client) });
    await waitFor(() => expect(sent).toHaveLength(1));
    await client.cancelQueries();
    expect(sent[0]?.signal.aborted).toBe(true);
  });

  it('when the key changes (another patient): the first request is aborted, the second goes on', async () => {
    const { rerender } = renderHook(({ id }: { id: number }) => usePatient(id), {
      wrapper: wrapperWith(newClient()),
      initialProps: { id: 1 },
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    rerender({ id: 2 });
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(JSON.parse(sent[1]?.body ?? '{}')).toMatchObject({ variables: { id: 2 } });
    await waitFor(() => expect(sent[0]?.signal.aborted).toBe(true));
    expect(sent[1]?.signal.aborted).toBe(false);
  });
});

describe('a read outside a query hook', () => {
  afterEach(() => {
    act(() => useLandmarkStore.setState({ recordId: null }));
  });

  it("the drawing pad's record read is aborted when the chart closes before it is answered", async () => {
    act(() => useLandmarkStore.setState({ recordId: 93 }));
    const { unmount } = renderHook(() => useDrawingSession(), { wrapper: wrapperWith(newClient()) });
    const isRecordRead = (request: Sent) => request.body.includes('query DrawingRecord');
    await waitFor(() => expect(sent.filter(isRecordRead)).toHaveLength(1));
    const read = sent.find(isRecordRead);
    expect(JSON.parse(read?.body ?? '{}')).toMatchObject({ variables: { id: 93 } });
    expect(read?.signal.aborted).toBe(false);
    unmount();
    expect(read?.signal.aborted).toBe(true);
  });
});

/** Every `queryFn` of the app's source, with its file and the text up to the next property. */
function queryFns(): Array<{ file: string; text: string }> {
  const root = path.resolve(__dirname, '../src');
  const files = readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => /\.tsx?$/.test(f));
  return files.flatMap((file) => {
    const source = readFileSync(path.join(root, file), 'utf8');
    return [...source.matchAll(/queryFn:\s*([^\n]*)/g)].map((m) => ({ file, text: m[1] ?? '' }));
  });
}

describe('every query hook', () => {
  it('hands its signal on: each queryFn takes `signal` (or issues no request)', () => {
    const all = queryFns();
    // A broken scan would pass vacuously.
    expect(all.length).toBeGreaterThan(40);
    // The one queryFn that asks nothing: a cache slot that only the first paint fills (`enabled: false`).
    const asksNothing = (text: string) => /^\(\) => null,/.test(text);
    const without = all.filter(({ text }) => !/\bsignal\b/.test(text) && !asksNothing(text)).map(({ file, text }) => `${file}: ${text}`);
    expect(without).toEqual([]);
  });
});
