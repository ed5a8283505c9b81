import { DOWNS, STEINER } from '@ceppro/ceph';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConstructionLayer } from '../../../src/features/viewer/analysis/components/construction-layer.tsx';
import { useToolStore } from '../../../src/features/viewer/interaction/registry.ts';
import { useLandmarkStore } from '../../../src/features/viewer/store/landmark-store.ts';
import { A, N, POSITIONS, S, SNA_DEG, SNB_DEG } from './fixtures.ts';
import { analysisBackend, analysisRow, loadLandmarks, showAnalysisTab, withLandmarksLoaded } from './harness.tsx';

const showPanel = () => showAnalysisTab(<ConstructionLayer />);

withLandmarksLoaded(POSITIONS);

describe('analysis panel', () => {
  it('shows the first standard analysis with values, norms, deviations and levels', async () => {
    analysisBackend();
    showPanel();
    expect(await screen.findByTestId('analysis-table')).toBeTruthy();
    expect((screen.getByTestId('analysis-select') as HTMLSelectElement).value).toBe('std:steiner');
    expect(screen.getAllByTestId('analysis-row').map((r) => r.dataset.id)).toEqual([...STEINER.measurementIds]);

    const sna = analysisRow('SNA');
    expect(Number(sna.dataset.value)).toBeCloseTo(SNA_DEG, 9);
    expect(sna.dataset.level).toBe('ok');
    expect(within(sna).getByText('81.9°')).toBeTruthy();
    expect(within(sna).getByText('82 ± 2°')).toBeTruthy();
    expect(within(sna).getByText('within norm')).toBeTruthy();

    const snb = analysisRow('SNB');
    expect(Number(snb.dataset.value)).toBeCloseTo(SNB_DEG, 9);
    expect(snb.dataset.level).toBe('mild');
    expect(within(snb).getByText('−1.26')).toBeTruthy();
    expect(within(snb).getByText('mildly decreased')).toBeTruthy();
    expect(within(snb).getByText('retrognathic mandible')).toBeTruthy();
    expect(analysisRow('ANB').dataset.level).toBe('mild');
    // The colour key names every level in words.
    expect(screen.getByText('Within 1 SD')).toBeTruthy();
    expect(screen.getByText('More than 2 SD from the norm')).toBeTruthy();
  });

  it('lists the missing landmarks of incomplete rows and starts guided placement for them', async () => {
    analysisBackend();
    showPanel();
    await screen.findByTestId('analysis-table');
    const snd = analysisRow('SND');
    expect(snd.dataset.level).toBe('incomplete');
    expect(snd.dataset.value).toBe('');
    expect(within(snd).getByTestId('analysis-missing').textContent).toBe('Missing: D');
    expect(within(analysisRow('U1_NA_DEG')).getByTestId('analysis-missing').textContent).toBe('Missing: U1A, U1');

    fireEvent.click(within(analysisRow('U1_NA_DEG')).getByTestId('place-missing'));
    expect(useLandmarkStore.getState().guided).toEqual(['U1A', 'U1']);
    expect(useToolStore.getState().tool).toBe('placing-landmark');
  });

  it('recomputes live when a landmark moves', async () => {
    analysisBackend();
    showPanel();
    await screen.findByTestId('analysis-table');
    // A straight below N: SNA = 90°, 4 SD above 82 ± 2.
    loadLandmarks({ ...POSITIONS, A: { x: N.x, y: 700 } });
    expect(Number(analysisRow('SNA').dataset.value)).toBeCloseTo(90, 9);
    expect(analysisRow('SNA').dataset.level).toBe('severe');
  });

  it('selects the user default group first', async () => {
    analysisBackend({ manage: { version: 1, defaultGroup: { measurementIds: [...DOWNS.measurementIds] }, groups: [] } });
    showPanel();
    await screen.findByTestId('analysis-table');
    const select = screen.getByTestId('analysis-select') as HTMLSelectElement;
    expect(select.value).toBe('std:downs');
    expect(select.selectedOptions[0]?.textContent).toBe('Downs (default)');
    expect(screen.getAllByTestId('analysis-row').map((r) => r.dataset.id)).toEqual([...DOWNS.measurementIds]);
  });

  it('selects a default group of its own and offers the user groups', async () => {
    analysisBackend({
      manage: { version: 1, defaultGroup: { measurementIds: ['ANB', 'SNA'] }, groups: [{ name: 'Quick', measurementIds: ['SNB'] }] },
    });
    showPanel();
    await screen.findByTestId('analysis-table');
    expect((screen.getByTestId('analysis-select') as HTMLSelectElement).value).toBe('default');
    expect(screen.getAllByTestId('analysis-row').map((r) => r.dataset.id)).toEqual(['ANB', 'SNA']);
    fireEvent.change(screen.getByTestId('analysis-select'), { target: { value: 'custom:Quick' } });
    expect(screen.getAllByTestId('analysis-row').map((r) => r.dataset.id)).toEqual(['SNB']);
  });

  it('highlights the construction of the hovered row on the film, in image px', async () => {
    analysisBackend();
    showPanel();
    await screen.findByTestId('analysis-table');
    expect(screen.queryByTestId('construction-layer')).toBeNull();
    fireEvent.mouseEnter(analysisRow('SNA'));
    expect(screen.getByTestId('construction-layer').dataset.measurement).toBe('SNA');
    const lines = screen.getAllByTestId('construction-line').map((l) => ['x1', 'y1', 'x2', 'y2'].map((k) => Number(l.getAttribute(k))));
    expect(lines).toEqual([
      [N.x, N.y, S.x, S.y],
      [N.x, N.y, A.x, A.y],
    ]);
    expect(screen.getByTestId('construction-arc')).toBeTruthy();
    fireEvent.mouseLeave(analysisRow('SNA'));
    expect(screen.queryByTestId('construction-layer')).toBeNull();
    act(() => analysisRow('ANB').focus());
    expect(screen.getByTestId('construction-layer').dataset.measurement).toBe('ANB');
    // Choosing another analysis removes the hovered row: its highlight goes with it.
    fireEvent.change(screen.getByTestId('analysis-select'), { target: { value: 'std:downs' } });
    expect(screen.queryByTestId('construction-layer')).toBeNull();
  });
});
