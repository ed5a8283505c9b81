import {
  DEFAULT_PROFILOGRAM_OPTIONS,
  bjorkPolygon,
  computeProfilogramResult,
  imagePoint,
  type ImagePoint,
  type LandmarkMap,
} from '@ceppro/ceph';
import { parseRulerInfo, readRecordLandmarks, resolveCalibration, toModifiedResult } from '@ceppro/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Viewer } from '../../src/features/viewer/index.ts';
import { DEFAULT_VTO_PLAN, toVtoDocument } from '../../src/features/viewer/vto/lib/vto-config.ts';
import { createI18n } from '../../src/i18n/index.ts';
import { CHART_UUID, viewerChart, viewerTestLifecycle } from '../viewer/viewer-fixture.ts';

/**
 * Opening a chart in the viewer is a view, never a save (the trail records `chart.view`, and a save
 * only for what was changed): the whole viewer, every layer mounted, with a record that holds the
 * user's landmarks, a ruler, a VTO/STO plan, drawings and a profilogram (auto measurement on), sends
 * no mutation while it is open nor when it closes.
 */
const chart = viewerChart();
const infer = {
  version: 1,
  model: { id: 'ceph-landmarks-v1', version: '1.1.0' },
  landmarks: [{ cname: 0, name: 'Sella', x: 812.5, y: 1003, confidence: 0.93 }],
};
// The user's landmarks: Björk's mean polygon at 10 px per mm (a film the profilogram can be measured on).
const polygon = bjorkPolygon({ sn: 71, sar: 32, saddle: 123, articular: 143, argo: 44, gonial: 130, gome: 71 });
const edited: LandmarkMap<ImagePoint> = Object.fromEntries(
  Object.entries(polygon).map(([id, p]) => [id, imagePoint(500 + p.x * 10, 500 - p.y * 10)]),
);
const modified = toModifiedResult(edited, 1);
const ruler = { version: 1, p1: { x: 100, y: 100 }, p2: { x: 300, y: 100 }, length_mm: 20, ppm: 10 };
const calibration = resolveCalibration(parseRulerInfo(ruler), null, null).calibration;
const computed = computeProfilogramResult(readRecordLandmarks(infer, modified).positions, calibration, DEFAULT_PROFILOGRAM_OPTIONS);
if (!computed.ok) throw new Error('the fixture must give a profilogram');

/** As PostgreSQL's jsonb gives a document back: keys ordered by length, then bytes. */
const jsonb = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(jsonb)
    : v !== null && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .sort(([a], [b]) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))
            .map(([k, x]) => [k, jsonb(x)]),
        )
      : v;

const record = jsonb({
  id: 5,
  chart_id: 11,
  infer_result: infer,
  modified_result: modified,
  profilogram_result: computed.result,
  ruler_info: ruler,
  superimposition_data: null,
  vto_sto_config: toVtoDocument(DEFAULT_VTO_PLAN, { alignment: null, points: null, followView: true }),
  drawing_result: { version: 1, coords: [], superimpositionCoords: [] },
  img_size: { width: 1935, height: 2400 },
  revision: 3,
  createdAt: '2026-01-02T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The cephalogram as POST /minio/download (and the first paint's `cephalogram`) answers it. */
const filmEntry = {
  chart_data_id: 1,
  image_type_cd: '00700',
  thumbnail: false,
  create_at: '2026-01-02T00:00:00.000Z',
  shoot_date: '2024-03-02',
  width: 1935,
  height: 2400,
  lost: false,
  presignedPath: '/files/c.jpg',
};

/** A backend that serves the chart and its record and answers (and lists) every mutation. */
function backend(): string[] {
  const mutations: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const query = typeof init?.body === 'string' ? String((JSON.parse(init.body) as { query?: unknown }).query ?? '') : '';
      if (path === '/graphql') {
        if (/^\s*mutation/.test(query)) {
          mutations.push(query.match(/mutation\s+(\w+)/)?.[1] ?? query.slice(0, 60));
          return json({ data: null, errors: [{ message: 'not in this test' }] });
        }
        if (query.includes('ProfilogramAuto')) return json({ data: { user_config: { auto_measurement_NY: true } } });
        // The first paint: the chart with its film, the record and the settings in one answer.
        if (query.includes('ViewerFirstPaint')) {
          return json({
            data: { charts: [{ ...chart, cephalogram: filmEntry }], analysis_records: { items: [record], total: 1 }, user_config: null },
          });
        }
        if (query.includes('charts(')) return json({ data: { charts: [chart] } });
        if (query.includes('analysis_records(')) return json({ data: { analysis_records: { items: [record], total: 1 } } });
        if (query.includes('user_config')) return json({ data: { user_config: null } });
        return json({ data: null });
      }
      if (path === '/minio/download') return json({ success: true, data: [filmEntry] });
      return json({ success: false, code: 'NOT_FOUND', message: 'Not found.' }, 404);
    }),
  );
  return mutations;
}

viewerTestLifecycle();
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('opening the viewer', () => {
  it('sends no save while open, nor when it closes', async () => {
    const mutations = backend();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(
      <I18nextProvider i18n={createI18n('en')}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[`/viewer/${CHART_UUID}`]}>
            <Routes>
              <Route path="/viewer/:id" element={<Viewer chartUuid={CHART_UUID} />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(await screen.findAllByTestId('landmark')).toHaveLength(5);
    // Longer than every autosave's quiet period (drawings 600 ms, VTO/STO 800 ms).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mutations).toEqual([]);
  }, 20_000);
});
