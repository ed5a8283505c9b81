import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { Viewer } from '../../src/features/viewer/index.ts';
import { recordStore } from '../../src/features/viewer/documents/record-store.ts';
import { useLandmarkStore, type LandmarkRecordInput } from '../../src/features/viewer/store/landmark-store.ts';
import { useViewerStore } from '../../src/features/viewer/store/viewer-store.ts';
import { createI18n } from '../../src/i18n/index.ts';
import { MemoryRouter } from 'react-router';
import { CHART_UUID, viewerChart, viewerTestLifecycle } from './viewer-fixture.ts';

const record = {
  id: 5,
  chart_id: 11,
  infer_result: {
    version: 1,
    model: { id: 'ceph-landmarks-v1', version: '1.1.0' },
    landmarks: [
      { cname: 0, name: 'Sella', x: 812.5, y: 1003, confidence: 0.93 },
      { cname: 1, name: 'Nasion', x: 1391, y: 958, confidence: 0.9 },
      { cname: 6, name: 'Pogonion', x: 1290, y: 1952, confidence: 0.88 },
    ],
  },
  modified_result: { version: 1, landmarks: [{ cname: 1, name: 'Nasion', x: 1400, y: 960 }] },
  img_size: { width: 1935, height: 2400 },
  revision: 3,
  updatedAt: '2026-01-02T00:00:00.000Z',
};

type Download = { lost: boolean; presignedPath: string | null } | null;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The cephalogram as POST /minio/download (and the first paint's `cephalogram`) answers it. */
function filmEntry(download: Download | undefined) {
  const d = download === undefined ? { lost: false, presignedPath: '/files/ceph.jpg?sig=1' } : download;
  if (d === null) return null;
  return {
    chart_data_id: 1,
    image_type_cd: '00700',
    thumbnail: false,
    create_at: '2026-01-02T00:00:00.000Z',
    shoot_date: '2024-03-02',
    width: 1935,
    height: 2400,
    ...d,
  };
}

function backend(
  options: {
    charts?: unknown[];
    download?: Download;
    displayConfig?: Record<string, boolean>;
    /** Landmark saves answer CONFLICT (another tab saved first). */
    staleSaves?: boolean;
  } = {},
) {
  const requests: Array<{ path: string; body: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    requests.push({ path, body });
    if (path === '/graphql') {
      const { query } = body as { query: string };
      // The first paint: chart with its film, record and settings in one answer.
      if (query.includes('ViewerFirstPaint')) {
        const charts = (options.charts ?? [viewerChart()]) as Array<{
          chart_data: unknown[];
        }>;
        const config = options.displayConfig && {
          ...options.displayConfig,
          plane_list: null,
          landmark_list: null,
          default_ppm: null,
          user_analysis_manage: null,
        };
        return json({
          data: {
            charts: charts.map((c) => ({ ...c, cephalogram: c.chart_data.length > 0 ? filmEntry(options.download) : null })),
            analysis_records: { items: charts.length > 0 ? [{ ...record, ruler_info: null, drawing_result: null }] : [] },
            user_config: config ?? null,
          },
        });
      }
      if (query.includes('charts(')) return json({ data: { charts: options.charts ?? [viewerChart()] } });
      if (query.includes('analysis_records(')) return json({ data: { analysis_records: { items: [record] } } });
      if (query.includes('ViewerDisplayConfig')) {
        return json({ data: { user_config: options.displayConfig ?? null } });
      }
      if (query.includes('SaveModifiedLandmarks') && options.staleSaves === true) {
        return json({ data: null, errors: [{ message: 'The analysis record changed since.', extensions: { code: 'CONFLICT' } }] });
      }
      if (query.includes('SaveModifiedLandmarks'))
        return json({ data: { update_analysis_record: { id: 5, updatedAt: '2026-01-03T00:00:00.000Z', revision: 4 } } });
    }
    if (path === '/minio/download') {
      const entry = filmEntry(options.download);
      return json({ success: true, data: entry === null ? [] : [entry] });
    }
    return json({ success: false, code: 'NOT_FOUND', message: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return requests;
}

function show(uuid = CHART_UUID) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <QueryClientProvider client={client}>
        {/* The app's router: the top bar links to the chart's consultation view. */}
        <MemoryRouter>
          <Viewer chartUuid={uuid} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

viewerTestLifecycle();

describe('Viewer', () => {
  it('draws each landmark at its image-pixel position, the adjusted one where there is one', async () => {
    const requests = backend();
    show();
    expect(await screen.findByTestId('viewer-image')).toBeTruthy();
    const points = screen
      .getAllByTestId('landmark')
      .map((g) => [g.dataset.name, Number(g.dataset.x), Number(g.dataset.y), g.dataset.source]);
    expect(points).toEqual([
      ['Sella', 812.5, 1003, 'ai'],
      ['Nasion', 1400, 960, 'modified'],
      ['Pogonion', 1290, 1952, 'ai'],
    ]);
    // One group carries the view transform; markers are written in image px of the original upload.
    expect(screen.getByTestId('landmark-overlay').dataset.width).toBe('1935');
    expect(screen.getByTestId('overlay-root').getAttribute('transform')).toMatch(/^matrix\(/);
    expect(screen.getAllByTestId('landmark')[0]?.getAttribute('transform')).toBe('translate(812.5 1003)');
    expect(screen.getAllByTestId('landmark').map((g) => g.dataset.id)).toEqual(['S', 'N', 'Pog']);
    expect(screen.getByTestId('landmark-count').textContent).toBe('Landmarks: 3');
    expect(screen.getByTestId('viewer-patient-name').textContent).toBe('Kim Minji');
    expect(screen.getByTestId('viewer-shoot-date').textContent).toBe('2024-03-02');
    // One request drew it: the chart, its film's URL, the record and the settings came together, and
    // nothing asked for them again (the layers' own documents may follow).
    const graph = requests.filter((r) => r.path === '/graphql').map((r) => JSON.stringify(r.body));
    expect(graph[0]).toContain('ViewerFirstPaint');
    expect(requests[0]?.body).toMatchObject({ variables: { uuid: CHART_UUID } });
    expect(graph.filter((q) => /ViewerFirstPaint|ViewerChart|ViewerAnalysisRecord|ViewerDisplayConfig|AnalysisRuler/.test(q))).toHaveLength(
      1,
    );
    expect(requests.some((r) => r.path === '/minio/download')).toBe(false);
  });

  it('adjusts from the Landmarks panel and saves modified_result when the panel is left', async () => {
    const requests = backend();
    // The other tabs' panels ask for data this fake backend does not serve; their warnings are noise here.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    show();
    await screen.findAllByTestId('landmark');
    const marker = (id: string) => screen.getAllByTestId('landmark').find((g) => g.dataset.id === id);
    // Listed: the one the model was unsure of would come first; all three here are confident.
    const items = screen.getAllByTestId('landmark-item').map((li) => li.dataset.id);
    expect(items.slice(0, 3)).toEqual(['S', 'N', 'Pog']);
    fireEvent.click(screen.getAllByTestId('landmark-item')[0]!.querySelector('button')!);
    expect(marker('S')?.dataset.selected).toBe('true');
    fireEvent.keyDown(window, { key: 'ArrowRight', shiftKey: true });
    expect(marker('S')?.dataset.x).toBe('822.5');
    expect(marker('S')?.dataset.source).toBe('modified');
    expect(screen.getByTestId('save-state').dataset.state).toBe('unsaved');
    fireEvent.click(screen.getByTestId('viewer-undo'));
    expect(marker('S')?.dataset.x).toBe('812.5');
    fireEvent.click(screen.getByTestId('viewer-redo'));
    expect(requests.some((r) => JSON.stringify(r.body).includes('SaveModifiedLandmarks'))).toBe(false);

    const other = screen.getAllByRole('tab').find((tab) => tab.dataset.testid !== 'panel-tab-landmarks');
    if (!other) throw new Error('the test needs a second panel tab');
    fireEvent.click(other);
    await waitFor(() => expect(screen.getByTestId('save-state').dataset.state).toBe('saved'));
    const saves = requests.filter((r) => JSON.stringify(r.body).includes('SaveModifiedLandmarks'));
    expect(saves).toHaveLength(1);
    expect((saves[0]?.body as { variables: unknown }).variables).toEqual({
      id: 5,
      base: 3,
      input: {
        modified_result: {
          version: 2,
          image: { chart_data_id: 1 },
          landmarks: [
            { cname: 0, name: 'S', x: 822.5, y: 1003 },
            { cname: 1, name: 'N', x: 1400, y: 960 },
          ],
        },
      },
    });
  });

  it('a landmark save refused as the viewer closes reads nothing back into the chart opened next', async () => {
    const requests = backend({ staleSaves: true });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const view = show();
    await screen.findAllByTestId('landmark');
    fireEvent.click(screen.getAllByTestId('landmark-item')[0]!.querySelector('button')!);
    fireEvent.keyDown(window, { key: 'ArrowRight', shiftKey: true });
    expect(screen.getByTestId('save-state').dataset.state).toBe('unsaved');
    const paints = () => requests.filter((r) => JSON.stringify(r.body).includes('ViewerFirstPaint')).length;
    expect(paints()).toBe(1);

    // Leaving the chart sends the unsaved edit; another chart's record is in the landmark store by the time
    // the refusal comes back.
    view.unmount();
    const next: LandmarkRecordInput = { id: 6, revision: 9, infer_result: null, modified_result: null };
    act(() => useLandmarkStore.getState().load(next, 2));
    await waitFor(() => expect(requests.filter((r) => JSON.stringify(r.body).includes('SaveModifiedLandmarks'))).toHaveLength(1));
    await act(() => recordStore.settled());

    expect(paints()).toBe(1);
    expect(useLandmarkStore.getState().recordId).toBe(6);
    expect(useLandmarkStore.getState().imageId).toBe(2);
    expect(recordStore.getState().recordId).toBe(6);
  });

  it('opens with the display layers of the user settings; all on without settings', async () => {
    backend();
    show();
    await screen.findAllByTestId('landmark');
    for (const id of ['toggle-xray', 'toggle-landmark', 'toggle-tracing', 'toggle-plane'])
      expect(screen.getByTestId(id).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('tracing-layer')).toBeTruthy();
    cleanup();
    backend({ displayConfig: { cephalo_image_NY: true, landmark_NY: true, guideline_NY: false, plane_NY: false } });
    show();
    await waitFor(() => expect(screen.getByTestId('toggle-plane').getAttribute('aria-pressed')).toBe('false'));
    expect(screen.getByTestId('toggle-tracing').getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('tracing-layer')).toBeNull();
    expect(screen.queryByTestId('plane-layer')).toBeNull();
    fireEvent.click(screen.getByTestId('toggle-plane'));
    expect(screen.getByTestId('plane-layer')).toBeTruthy();
  });

  it('shows short landmark names on request', async () => {
    backend();
    show();
    await screen.findAllByTestId('landmark');
    const overlay = screen.getByTestId('landmark-overlay');
    const labels = () => [...overlay.querySelectorAll('.landmark__label')].map((e) => e.textContent);
    expect(labels()).toEqual([]);
    fireEvent.click(screen.getByTestId('viewer-toggle-names'));
    expect(labels()).toEqual(['S', 'N', 'Pog']);
    act(() => useViewerStore.getState().toggle('names'));
    expect(labels()).toEqual([]);
  });

  it('says LOST when the stored image is missing', async () => {
    backend({ download: { lost: true, presignedPath: null } });
    show();
    expect((await screen.findByTestId('viewer-lost')).textContent).toContain('LOST');
    expect(screen.queryByTestId('viewer-image')).toBeNull();
  });

  it('says "Chart without patient data" when the chart has no cephalogram', async () => {
    const requests = backend({ charts: [viewerChart([])] });
    show();
    expect((await screen.findByTestId('viewer-no-image')).textContent).toContain('Chart without patient data');
    expect(requests.some((r) => r.path === '/minio/download')).toBe(false);
  });

  it('says not found for an unknown chart, and for a malformed id without asking the server', async () => {
    backend({ charts: [] });
    show();
    expect((await screen.findByTestId('viewer-not-found')).textContent).toContain('Chart not found');
    cleanup();
    const requests = backend();
    show('abc');
    expect(screen.getByTestId('viewer-not-found')).toBeTruthy();
    expect(requests).toEqual([]);
  });
});
