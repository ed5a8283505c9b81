import type { ImagePoint, LandmarkMap } from '@ceppro/ceph';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, vi } from 'vitest';
import { useAnalysisUiStore } from '../../../src/features/viewer/store/analysis-ui-store.ts';
import { useRulerStore } from '../../../src/features/viewer/calibration/store/ruler-store.ts';
import { useToolStore } from '../../../src/features/viewer/interaction/registry.ts';
import { useLandmarkStore } from '../../../src/features/viewer/store/landmark-store.ts';
import { AnalysisTab } from '../../../src/features/viewer/shell/tabs.tsx';
import { createI18n } from '../../../src/i18n/index.ts';
import type { LandmarkPositions } from '../../../src/features/viewer/lib/analysis-rows.ts';

export interface GraphCall {
  readonly operation: string;
  readonly variables: Record<string, unknown>;
}

export interface BackendOptions {
  defaultPpm?: number | null;
  manage?: unknown;
  ruler?: unknown;
}

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

/**
 * A fake graph service for the analysis panel: user config and the record's ruler, echoing the
 * mutations back as the server would. Every call is recorded with its operation name and variables.
 */
export function analysisBackend(options: BackendOptions = {}): GraphCall[] {
  const calls: GraphCall[] = [];
  let config: { default_ppm: number | null; user_analysis_manage: unknown } = {
    default_ppm: options.defaultPpm ?? null,
    user_analysis_manage: options.manage ?? null,
  };
  let ruler = options.ruler ?? null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { query?: string; variables?: Record<string, unknown> };
      const operation = /(?:query|mutation)\s+(\w+)/.exec(body.query ?? '')?.[1] ?? String(input);
      const variables = body.variables ?? {};
      calls.push({ operation, variables });
      switch (operation) {
        case 'AnalysisUserConfig':
          return json({ data: { user_config: config } });
        case 'UpdateUserAnalysisManage':
          config = { ...config, user_analysis_manage: variables['manage'] };
          return json({ data: { update_user_config: config } });
        case 'AnalysisRuler':
          return json({ data: { analysis_records: { items: [{ id: variables['id'], ruler_info: ruler }] } } });
        case 'UpdateRulerInfo':
          ruler = variables['ruler'] ?? null;
          return json({ data: { update_analysis_record: { id: variables['id'], ruler_info: ruler } } });
        default:
          return json({ errors: [{ message: `unexpected ${operation}`, extensions: { code: 'BAD_REQUEST' } }] });
      }
    }),
  );
  return calls;
}

/** Puts a loaded chart's landmarks into the viewer's landmark store (record 5). */
export function loadLandmarks(positions: LandmarkPositions): void {
  act(() => useLandmarkStore.setState({ recordId: 5, positions: positions as LandmarkMap<ImagePoint> }));
}

export function resetStores(): void {
  useAnalysisUiStore.getState().reset();
  useRulerStore.getState().cancel();
  useToolStore.setState({ tool: 'idle', request: 0 });
  useLandmarkStore.getState().load(null);
}

export function renderWithProviders(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </I18nextProvider>,
  );
}

/** The Analysis tab with `layer` (an overlay layer the test looks at) in an SVG beside it. */
export function showAnalysisTab(layer: ReactNode) {
  return renderWithProviders(
    <>
      <AnalysisTab />
      <svg>{layer}</svg>
    </>,
  );
}

/** The analysis table's row of measurement `id`; throws when the table has none. */
export function analysisRow(id: string): HTMLElement {
  const row = screen.getAllByTestId('analysis-row').find((r) => r.dataset.id === id);
  if (!row) throw new Error(`no row ${id}`);
  return row;
}

/** Each test of the file starts from fresh viewer stores with `positions` loaded; ends with nothing rendered or stubbed. */
export function withLandmarksLoaded(positions: LandmarkPositions) {
  beforeEach(() => {
    resetStores();
    loadLandmarks(positions);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
