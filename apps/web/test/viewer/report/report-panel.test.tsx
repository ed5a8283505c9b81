import { getAnalysis, imagePoint } from '@ceppro/ceph';
import { buildReportModel, measurementNote, type ReportInput, normNote, reportAnalysis, type ReportLang } from '@ceppro/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAnalysisUiStore } from '../../../src/features/viewer/store/analysis-ui-store.ts';
import { ReportPanel } from '../../../src/features/viewer/report/components/report-panel.tsx';
import { useLandmarkAutosave } from '../../../src/features/viewer/hooks/use-landmark-autosave.ts';
import { useLandmarkStore } from '../../../src/features/viewer/store/landmark-store.ts';
import { createI18n } from '../../../src/i18n/index.ts';
import { superimpositionFilm } from '../../../../../packages/contract/test/fixtures/superimposition-film.ts';
import { CHART_ID, CHART_UUID, viewerChart } from '../viewer-fixture.ts';

vi.mock('../../../src/features/viewer/report/lib/print-film.ts', () => ({
  composePrintFilm: vi.fn(async () => new Blob(['png'], { type: 'image/png' })),
}));

/** The test browser's time zone, as the report requests send it. */
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const CHART = viewerChart();
const RECORD = {
  id: 5 as const,
  chart_id: 11,
  infer_result: {
    version: 1 as const,
    model: { id: 'ceph-landmarks-v1', version: '1.1.0' },
    landmarks: [
      { cname: 0, name: 'Sella', x: 800, y: 1000 },
      { cname: 1, name: 'Nasion', x: 1400, y: 950 },
      { cname: 4, name: 'Subspinale (A point)', x: 1380, y: 1400 },
    ],
  },
  modified_result: null,
  img_size: { width: 1935, height: 2400 },
  revision: 1,
  updatedAt: '2026-01-02T00:00:00.000Z',
};

const PROFILE = {
  id: 1,
  uuid: '0b5f8a52-6f43-4d5e-9a55-6d2f3c1f7b10',
  email: 'kim@example.com',
  first_name: 'Minji',
  user_permission: { version: 1, tutorial: false },
  user_type: '00000',
  mobile_number: null,
  company_name: 'Smile Dental',
  tax_number: null,
  tax_email: null,
  phone_number: null,
  fax_number: null,
  address1: null,
  address2: null,
  zip_code: null,
  birth: null,
  gender: null,
  expires_at: null,
  password_change_due_at: '2030-01-01T00:00:00.000Z',
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** What the server's record holds as `infer_result` (a test may give the film landmark definitions). */
let serverInfer: unknown = RECORD.infer_result;

/** The points the server found on the film (a test may give the ramus points, as population estimates). */
let serverFromFilm: ReportInput['fromFilm'] = undefined;

/** The stored superimposition the server's model carries (a test may give one), and its two films. */
let serverSuperimposition: unknown = null;
const SUPERIMPOSITION = {
  computed_at: '2026-01-02T00:00:00.000Z',
  method: 'sn-at-s',
  unit: 'mm',
  frame_chart_id: CHART_ID,
  films: [superimpositionFilm('a', 'white', 0), superimpositionFilm(CHART_ID, 'red', 2)],
  movements: [{ id: 'N', from_chart_id: 'a', to_chart_id: CHART_ID, dx: 2, dy: 0, distance: 2 }],
};

/** The model the server would build from RECORD (the shared builder itself). */
function serverModel(lang: ReportLang, analysisId: string) {
  const analysis = reportAnalysis({ analysis_id: analysisId }) ?? getAnalysis('steiner');
  if (!analysis) throw new Error('no analysis');
  return buildReportModel(
    {
      now: new Date('2026-01-05T00:00:00Z'),
      clinic: 'Smile Dental',
      patient: {
        firstName: CHART.patient.first_name,
        patientId: CHART.patient.patient_id,
        birthInfo: CHART.patient.birth_info,
        gender: CHART.patient.gender,
      },
      chart: { chartId: CHART_ID, shootDate: '2024-03-02', sequence: { n: 1, of: 2 } },
      record: { inferResult: serverInfer, modifiedResult: null, rulerInfo: null, imgSize: RECORD.img_size },
      fromFilm: serverFromFilm,
      defaultPpm: 10,
      lang,
    },
    analysis,
  );
}

interface Backend {
  pdf?: () => Response;
  /** The landmark save fails (the autosave then reports an error). */
  saveFails?: boolean;
}

function backend({
  pdf = () => new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf' } }),
  saveFails = false,
}: Backend = {}) {
  const calls: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ path, body });
      if (path === '/graphql') {
        const query = (body as { query: string }).query;
        if (query.includes('SaveModifiedLandmarks')) {
          if (saveFails) return json({ data: null, errors: [{ message: 'database down', extensions: { code: 'INTERNAL' } }] });
          return json({ data: { update_analysis_record: { id: 5, updatedAt: '2026-01-03T00:00:00.000Z', revision: 2 } } });
        }
        if (query.includes('AnalysisUserConfig')) return json({ data: { user_config: { default_ppm: 10, user_analysis_manage: null } } });
        if (query.includes('AnalysisRuler')) return json({ data: { analysis_records: { items: [{ id: 5, ruler_info: null }] } } });
        if (query.includes('charts(')) return json({ data: { charts: [CHART] } });
        if (query.includes('analysis_records(')) return json({ data: { analysis_records: { items: [RECORD] } } });
      }
      if (path === '/minio/download') {
        return json({
          success: true,
          data: [
            {
              chart_data_id: 1,
              image_type_cd: '00700',
              thumbnail: false,
              lost: false,
              presignedPath: '/files/ceph.jpg',
              create_at: '2026-01-02T00:00:00.000Z',
              shoot_date: '2024-03-02',
              width: 1935,
              height: 2400,
            },
          ],
        });
      }
      if (path === '/api/user-info') return json({ success: true, data: PROFILE });
      if (path === '/api/report/pdf') return pdf();
      const model = /^\/api\/report\/([^/]+)\/model\?(.*)$/.exec(path);
      if (model && model[1] === CHART_ID) {
        const query = new URLSearchParams(model[2]);
        const data = serverModel((query.get('lang') ?? 'en') as ReportLang, query.get('analysis_id') ?? 'steiner');
        const superimposition = {
          superimposition: serverSuperimposition,
          superimpositionTable: query.get('superimposition_table') === 'true',
        };
        return json({ success: true, data: { ...data, ...superimposition } });
      }
      return json({ success: false, code: 'NOT_FOUND', message: 'Not found.' }, 404);
    }),
  );
  return calls;
}

/** The report tab as the viewer shows it: the viewer registers how the record's landmarks are saved (the record store). */
function ReportTab() {
  useLandmarkAutosave(RECORD.chart_id, async () => undefined);
  return <ReportPanel />;
}

function show(lang: Parameters<typeof createI18n>[0] = 'en') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/viewer/:id', element: <ReportTab /> }], { initialEntries: [`/viewer/${CHART_UUID}`] });
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeEach(() => {
  serverInfer = RECORD.infer_result;
  serverFromFilm = undefined;
  serverSuperimposition = null;
  document.cookie = 'token=t; path=/';
  useAnalysisUiStore.getState().reset();
  useLandmarkStore.getState().load(RECORD, 1);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:film'), revokeObjectURL: vi.fn() }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'token=; path=/; max-age=0';
});

describe('report tab', () => {
  it(
    "lays out the printed report from the server's report model: patient and chart, film, the " +
      'analysis table, disclaimer, date and clinic',
    async () => {
      backend();
      show();
      const print = await screen.findByTestId('report-print');
      expect(print.parentElement).toBe(document.body);
      await waitFor(() => expect(within(print).getByTestId('report-clinic').textContent).toBe('Smile Dental'));
      expect(within(print).getByTestId('report-patient').textContent).toContain('Kim Minji');
      expect(within(print).getByTestId('report-patient-id').textContent).toContain('3');
      expect(within(print).getByTestId('report-birth-date').textContent).toMatch(/1990-05-01 \(\d+ years\)/);
      expect(within(print).getByTestId('report-gender').textContent).toContain('Female');
      // The chart as the clinic knows it (its place in the patient's history), not the UUID.
      expect(within(print).getByTestId('report-chart-id').textContent).toContain('1 of 2');
      expect(within(print).getByTestId('report-chart-id').textContent).not.toContain(CHART_ID);
      expect(within(print).getByTestId('report-shoot-date').textContent).toContain('2024-03-02');
      await waitFor(() => expect(within(print).getByTestId('report-calibration').textContent).toContain('Default PPM, 10.00 px/mm'));
      const sna = within(print)
        .getAllByTestId('report-row')
        .find((r) => r.dataset.id === 'SNA');
      expect(sna?.textContent).toMatch(/SNA\d+\.\d°82 ± 2°/);
      expect(within(print).getByTestId('report-disclaimer').textContent).toBe(
        'AI landmarks are a reference for medical staff, not a diagnosis.',
      );
      expect(await within(print).findByTestId('report-film')).toBeTruthy();
      // The film kept the model's own landmark definitions: no line for them.
      expect(within(print).queryByTestId('report-definitions')).toBeNull();
    },
  );

  it('prints the landmark definitions the AI points were placed by, in the report language', async () => {
    serverInfer = {
      ...RECORD.infer_result,
      definitions: {
        profile: { Po: 'machine', Go: 'anatomical', Me: 'lowest' },
        applied: [
          { id: 'Po', choice: 'machine', found: false, reason: 'not-on-film' },
          { id: 'Go', choice: 'anatomical', found: true },
          { id: 'Me', choice: 'lowest', found: true },
        ],
      },
    };
    backend();
    show('ko');
    const print = await screen.findByTestId('report-print');
    const line = await within(print).findByTestId('report-definitions');
    expect(line.querySelector('dt')?.textContent).toBe('계측점 정의');
    expect(line.querySelector('dd')?.textContent).toBe('기계적 포리온 (찾지 못함: AI 점 사용), 해부학적 고니온, 결합부 최하방점');
  });

  it('names the constructed points and the population estimates to place by hand under the film, in the report language', async () => {
    // No ramus border found on the film: R1-R4 are population estimates (the film has too few points for Xi).
    const ramus = { R1: imagePoint(700, 1500), R2: imagePoint(1000, 1520), R3: imagePoint(860, 1300), R4: imagePoint(850, 1800) };
    serverFromFilm = { contours: [], found: ramus, foundSource: { R1: 'estimate', R2: 'estimate', R3: 'estimate', R4: 'estimate' } };
    backend();
    show('ko');
    const print = await screen.findByTestId('report-print');
    const note = await within(print).findByTestId('report-points-note');
    const lines = [...note.querySelectorAll('p')].map((p) => p.textContent);
    expect(lines).toEqual(['이 필름에서 찾지 못한 집단 추정값 (확인하고 직접 찍으십시오): R1, R2, R3, R4.']);
    // Under the film, before the analysis table.
    expect(print.querySelector('.report-print__film + [data-testid="report-points-note"]')).toBe(note);
  });

  it('prints no note on constructed points when none is', async () => {
    backend();
    show();
    const print = await screen.findByTestId('report-print');
    await within(print).findByTestId('report-disclaimer');
    expect(within(print).queryByTestId('report-points-note')).toBeNull();
  });

  it("numbers the measurement notes and norm remarks in the report's language and prints them whole under the table", async () => {
    backend();
    show('ko');
    const print = await screen.findByTestId('report-print');
    const notes = await within(print).findByTestId('report-footnotes');
    const items = [...notes.querySelectorAll('li')].map((li) => [li.value, li.textContent]);
    const anb = items.find(([, text]) => text === measurementNote('ANB', 'ko'));
    expect(anb).toBeDefined();
    expect(items.map(([, text]) => text)).toContain(normNote('SNA', 'ko'));
    const row = (id: string) =>
      within(print)
        .getAllByTestId('report-row')
        .find((r) => r.dataset.id === id);
    // The mark after ANB's name is its note's number; SND has neither note nor remark.
    expect(row('ANB')?.querySelector('th sup')?.textContent).toBe(String(anb?.[0]));
    expect(row('SND')?.querySelector('sup')).toBeNull();
    // After the table's last row, never cut with an ellipsis.
    expect(print.querySelector('[data-testid="report-table"] + [data-testid="report-footnotes"]')).toBe(notes);
    expect(notes.textContent).not.toContain('\u2026');
  });

  it('prints after saving the edits and fetching the model afresh, once its film has loaded', async () => {
    const calls = backend();
    const printSpy = vi.fn();
    vi.stubGlobal('print', printSpy);
    show();
    await screen.findByTestId('report-film');
    act(() => useLandmarkStore.getState().move('S', imagePoint(810, 1005)));
    const before = calls.length;
    fireEvent.click(screen.getByTestId('print-report'));
    await waitFor(() => expect(calls.slice(before).some((c) => c.path.includes('/model?'))).toBe(true));
    const after = calls.slice(before);
    const saved = after.findIndex((c) => c.path === '/graphql' && JSON.stringify(c.body).includes('SaveModifiedLandmarks'));
    const fetched = after.findIndex((c) => c.path.startsWith(`/api/report/${CHART_ID}/model?`));
    expect(saved).toBeGreaterThan(-1);
    expect(saved).toBeLessThan(fetched);
    expect(after[fetched]?.path).toContain(`time_zone=${encodeURIComponent(ZONE)}`);
    expect(printSpy).not.toHaveBeenCalled();
    const film = await screen.findByTestId('report-film');
    act(() => {
      fireEvent.load(film);
    });
    await waitFor(() => expect(printSpy).toHaveBeenCalledTimes(1));
    // The print is in the audit trail: the browser prints, so it tells the server.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/audit/print').map((c) => c.body)).toEqual([{ chart_id: CHART_ID }]));
  });

  it('shows the error and neither prints nor downloads when the edits cannot be saved', async () => {
    const calls = backend({ saveFails: true });
    const printSpy = vi.fn();
    vi.stubGlobal('print', printSpy);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    show();
    await screen.findByTestId('report-film');
    act(() => useLandmarkStore.getState().move('S', imagePoint(810, 1005)));
    const before = calls.length;
    fireEvent.click(screen.getByTestId('download-pdf'));
    expect((await screen.findByTestId('report-error')).textContent).toMatch(/could not be saved/);
    fireEvent.click(screen.getByTestId('print-report'));
    await waitFor(() =>
      expect(
        calls.slice(before).filter((c) => c.path === '/graphql' && JSON.stringify(c.body).includes('SaveModifiedLandmarks')).length,
      ).toBeGreaterThanOrEqual(2),
    );
    await waitFor(() => expect(screen.getByTestId('report-error').textContent).toMatch(/could not be saved/));
    expect(calls.slice(before).some((c) => c.path === '/api/report/pdf' || c.path.includes('/model?'))).toBe(false);
    expect(printSpy).not.toHaveBeenCalled();
  });

  it('downloads the PDF of the chosen analysis, saving unsaved edits first', async () => {
    const calls = backend();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    show();
    await waitFor(() => expect(screen.getAllByText('Smile Dental').length).toBeGreaterThan(0));
    act(() => useLandmarkStore.getState().move('S', imagePoint(810, 1005)));
    fireEvent.click(screen.getByTestId('download-pdf'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const saved = calls.findIndex((c) => c.path === '/graphql' && JSON.stringify(c.body).includes('SaveModifiedLandmarks'));
    const pdf = calls.findIndex((c) => c.path === '/api/report/pdf');
    expect(saved).toBeGreaterThan(-1);
    expect(saved).toBeLessThan(pdf);
    // The browser's time zone goes with it: the report is dated by the clinic's day.
    expect(calls[pdf]?.body).toEqual({ chart_id: CHART_ID, analysis_id: 'steiner', lang: 'en', time_zone: ZONE });
    expect(useLandmarkStore.getState().dirty).toBe(false);

    // Another analysis is sent by its id.
    act(() => useAnalysisUiStore.setState({ selectedKey: 'std:downs' }));
    fireEvent.click(screen.getByTestId('download-pdf'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/report/pdf')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/api/report/pdf')[1]?.body).toEqual({
      chart_id: CHART_ID,
      analysis_id: 'downs',
      lang: 'en',
      time_zone: ZONE,
    });
  });

  it('says why when there is nothing to report', async () => {
    backend({ pdf: () => json({ success: false, code: 'REPORT_NO_ANALYSIS', message: 'none' }, 409) });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    show();
    await waitFor(() => expect(screen.getAllByText('Smile Dental').length).toBeGreaterThan(0));
    fireEvent.click(screen.getByTestId('download-pdf'));
    expect((await screen.findByTestId('report-error')).textContent).toBe('This chart has no landmarks to report on yet.');
  });

  it('offers the superimposition appendix only with a superimposition, and asks for it in the print and the PDF', async () => {
    const calls = backend();
    show();
    await waitFor(() => expect(screen.getAllByText('Smile Dental').length).toBeGreaterThan(0));
    await waitFor(() => expect(calls.some((c) => c.path.includes('/model?'))).toBe(true));
    expect(screen.queryByTestId('report-superimposition-appendix')).toBeNull();
    cleanup();

    serverSuperimposition = SUPERIMPOSITION;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const more = backend();
    show();
    const box = (await screen.findByTestId('report-superimposition-appendix')) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByText(/superimposition appendix/i)).toBeTruthy();
    expect(more.some((c) => c.path.includes('superimposition_table'))).toBe(false);
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    // The print's model is fetched again with the appendix, and the PDF is asked with it.
    await waitFor(() => expect(more.some((c) => c.path.includes('/model?') && c.path.includes('superimposition_table=true'))).toBe(true));
    fireEvent.click(screen.getByTestId('download-pdf'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(more.find((c) => c.path === '/api/report/pdf')?.body).toEqual({
      chart_id: CHART_ID,
      analysis_id: 'steiner',
      superimposition_table: true,
      lang: 'en',
      time_zone: ZONE,
    });
  });
});
