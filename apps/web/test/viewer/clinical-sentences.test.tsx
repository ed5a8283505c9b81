import { STEINER, UNCALIBRATED, getLandmark, type ImagePoint, type LandmarkMap } from '@ceppro/ceph';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { AnalysisTable } from '../../src/features/viewer/analysis/components/analysis-table.tsx';
import { buildAnalysisRows } from '../../src/features/viewer/lib/analysis-rows.ts';
import { LandmarkItem } from '../../src/features/viewer/components/landmark-list.tsx';
import { LandmarkPanel } from '../../src/features/viewer/components/landmark-panel.tsx';
import { RatioControls } from '../../src/features/viewer/vto/components/ratio-controls.tsx';
import { useLandmarkStore } from '../../src/features/viewer/store/landmark-store.ts';
import { createI18n } from '../../src/i18n/index.ts';
import type { Language } from '../../src/i18n/languages.ts';
import { POSITIONS } from './analysis/fixtures.ts';

function renderIn(language: Language, ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </I18nextProvider>,
  );
}

const noop = () => undefined;

afterEach(() => {
  cleanup();
  useLandmarkStore.getState().load(null);
});

describe('landmark definitions and measurement notes in the interface language', () => {
  it('the landmark list tooltip is the Korean definition (English in English)', () => {
    renderIn('ko', <LandmarkItem id="S" selected={false} edited={false} confidence={null} review={false} onSelect={noop} />);
    expect(screen.getByRole('button', { name: /셀라/ }).getAttribute('title')).toBe('터키안(뇌하수체와)의 중심, 육안으로 판정.');
    cleanup();
    renderIn('en', <LandmarkItem id="S" selected={false} edited={false} confidence={null} review={false} onSelect={noop} />);
    expect(screen.getByRole('button', { name: /Sella/ }).getAttribute('title')).toBe(getLandmark('S').definition);
  });

  it('the selected landmark shows its Korean and Japanese definition in the panel', () => {
    act(() => useLandmarkStore.setState({ recordId: 5, positions: POSITIONS as LandmarkMap<ImagePoint>, selected: 'N' }));
    renderIn('ko', <LandmarkPanel recordId={5} />);
    expect(screen.getByTestId('landmark-definition').textContent).toBe('정중선상 전두비골 봉합의 최전방점.');
    cleanup();
    renderIn('ja', <LandmarkPanel recordId={5} />);
    expect(screen.getByTestId('landmark-definition').textContent).toBe('正中における前頭鼻骨縫合の最前点。');
  });

  it('the VTO soft-tissue ratios name their sources in Korean', () => {
    renderIn('ko', <RatioControls prediction={{ status: 'pending' }} />);
    const softA = screen.getByTestId('vto-ratio-softA');
    expect(softA.querySelector('.vto-ratios__source')?.textContent).toBe('Holdaway [S21]: A점의 연조직은 두께를 유지');
  });

  it('an analysis row carries the measurement note and the norm remark in Korean', () => {
    const rows = buildAnalysisRows(STEINER, POSITIONS, UNCALIBRATED);
    renderIn('ko', <AnalysisTable name="Steiner" rows={rows} onPlace={noop} />);
    const anb = screen.getAllByTestId('analysis-row').find((r) => r.getAttribute('data-id') === 'ANB');
    const sna = screen.getAllByTestId('analysis-row').find((r) => r.getAttribute('data-id') === 'SNA');
    if (!anb || !sna) throw new Error('no ANB / SNA row');
    expect(within(anb).getByRole('rowheader').getAttribute('title')).toBe('SNA − SNB, 부호를 그대로 유지.');
    // a row without a note keeps its name as the tooltip; the norm cell names the other source
    expect(within(sna).getByRole('rowheader').getAttribute('title')).toBe('SNA');
    expect(sna.querySelector('.analysis-row__norm')?.getAttribute('title')).toBe('일부 문헌에서는 ±3');
  });
});
