import { PLANNING_ENDPOINTS, summariseSuperimposition, type SuperimpositionResponse } from '@ceppro/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recordStore } from '../../../src/features/viewer/documents/record-store.ts';
import { SuperimpositionPanel } from '../../../src/features/viewer/superimposition/components/superimposition-panel.tsx';
import { createI18n } from '../../../src/i18n/index.ts';
import { CHART_ID, CHART_UUID, viewerChart, viewerTestLifecycle } from '../viewer-fixture.ts';
import { superimpositionFilm } from '../../../../../packages/contract/test/fixtures/superimposition-film.ts';

/*
 * The Superimposition tab stores the user's choices only (issue 29 item 1): it shows what the
 * superimposition endpoint answers, never a result kept in the document (an old document's result is
 * not shown while the endpoint computes), and its saves carry no result.
 */

const OLDER_ID = 'older-chart';
const CHART = viewerChart();
const OLDER = {
  ...CHART,
  id: 12,
  uuid: 'older-uuid',
  chart_id: OLDER_ID,
  chart_data: [{ id: 2, image_type_cd: '00700', shoot_date: '2020-01-01' }],
};

/** What the endpoint answers: N moved 1 mm. */
const ANSWER: SuperimpositionResponse = {
  method: 'sn-at-s',
  unit: 'mm',
  frame_chart_id: CHART_ID,
  films: [
    superimpositionFilm(OLDER_ID, 'white', 0, { chartDataId: 2, shootDate: '2020-01-01' }),
    superimpositionFilm(CHART_ID, 'red', 1, { chartDataId: 1, shootDate: '2024-03-02' }),
  ],
  movements: [{ id: 'N', from_chart_id: OLDER_ID, to_chart_id: CHART_ID, dx: 1, dy: 0, distance: 1 }],
};

/** A version-1 document of an older viewer: the same choice with a result it kept (N moved 9.5 mm). */
const OLD_DOCUMENT = {
  version: 1,
  chart_ids: [CHART_ID, OLDER_ID],
  method: 'sn-at-s',
  blending: false,
  opacity: 0.5,
  result: summariseSuperimposition(
    { ...ANSWER, movements: [{ id: 'N', from_chart_id: OLDER_ID, to_chart_id: CHART_ID, dx: 9.5, dy: 0, distance: 9.5 }] },
    '2020-06-01T00:00:00.000Z',
  ),
};

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

interface Backend {
  /** The documents the tab saved (`UpdateSuperimpositionData`'s data). */
  saved: unknown[];
  /** Lets the superimposition endpoint answer (it waits until then). */
  answer: () => void;
}

function backend(): Backend {
  const saved: unknown[] = [];
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  let stored: unknown = OLD_DOCUMENT;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const body = (typeof init?.body === 'string' ? JSON.parse(init.body) : {}) as { query?: string; variables?: Record<string, unknown> };
      const operation = /(?:query|mutation)\s+(\w+)/.exec(body.query ?? '')?.[1];
      const record = () => ({
        id: 5,
        superimposition_data: stored,
        document_revisions: { documents: { superimposition_data: 'a1' }, drawing: {} },
      });
      if (operation === 'ViewerChart') return json({ data: { charts: [CHART] } });
      if (operation === 'SuperimpositionCharts') return json({ data: { charts: [CHART, { ...OLDER, analysis_record_id: 6 }] } });
      if (operation === 'SuperimpositionData') return json({ data: { analysis_records: { items: [record()] } } });
      if (operation === 'UpdateSuperimpositionData') {
        stored = body.variables?.['data'];
        saved.push(stored);
        return json({ data: { update_analysis_record: record() } });
      }
      if (path === '/minio/download') return json({ success: true, data: [] });
      if (path === PLANNING_ENDPOINTS.superimposition.path) {
        await answered;
        return json({ success: true, data: ANSWER });
      }
      return json({ success: false, code: 'NOT_FOUND', message: `unexpected ${path}` });
    }),
  );
  return { saved, answer: () => release() };
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/viewer/:id', element: <SuperimpositionPanel recordId={5} /> }], {
    initialEntries: [`/viewer/${CHART_UUID}`],
  });
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

viewerTestLifecycle();

beforeEach(() => {
  document.cookie = 'token=t; path=/';
  recordStore.forget();
});

describe('superimposition tab', () => {
  it("shows what the endpoint answers, never an old document's stored result, and saves nothing on opening", async () => {
    const server = backend();
    show();
    await screen.findByTestId(`superimposition-film-${OLDER_ID}`);
    // Computing: the stored result (N 9.5 mm) of the same choice is not shown meanwhile.
    await waitFor(() => expect(screen.getByTestId('superimposition-panel').textContent).toContain('Superimposing…'));
    expect(screen.queryByTestId('movement-table')).toBeNull();
    await act(async () => server.answer());
    const row = await screen.findByTestId('movement-row');
    expect(row.dataset.landmark).toBe('N');
    expect(Number(row.dataset.distance)).toBe(1);
    expect(within(screen.getByTestId('movement-table')).queryByText('9.50')).toBeNull();
    await act(() => recordStore.settled());
    expect(server.saved).toEqual([]);
  });

  it('saves the choices only, as the current version', async () => {
    const server = backend();
    server.answer();
    show();
    await screen.findByTestId('movement-row');
    fireEvent.click(screen.getByTestId('superimposition-blending'));
    await waitFor(() => expect(server.saved).toHaveLength(1));
    expect(server.saved[0]).toEqual({ version: 2, chart_ids: [CHART_ID, OLDER_ID], method: 'sn-at-s', blending: true, opacity: 0.5 });
  });
});
