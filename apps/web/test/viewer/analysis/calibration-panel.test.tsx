import { imagePoint } from '@ceppro/ceph';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RulerLayer } from '../../../src/features/viewer/calibration/components/ruler-layer.tsx';
import { rulerState } from '../../../src/features/viewer/calibration/interaction/ruler-state.ts';
import '../../../src/features/viewer/calibration/register.ts';
import { useRulerStore } from '../../../src/features/viewer/calibration/store/ruler-store.ts';
import { getTool, useToolStore } from '../../../src/features/viewer/interaction/registry.ts';
import type { InteractionContext, InteractionState } from '../../../src/features/viewer/interaction/types.ts';
import { POSITIONS } from './fixtures.ts';
import { analysisBackend, analysisRow, showAnalysisTab, withLandmarksLoaded } from './harness.tsx';

const RULER = { version: 2, p1: { x: 10, y: 10 }, p2: { x: 10, y: 150 }, length_mm: 20 };

const showPanel = () => showAnalysisTab(<RulerLayer />);

/** Shows the Björk/Jarabak analysis, whose S–N length (500 px in the fixture) shows the calibration. */
async function showBjork() {
  showPanel();
  await screen.findByTestId('analysis-table');
  fireEvent.change(screen.getByTestId('analysis-select'), { target: { value: 'std:bjork-jarabak' } });
  return analysisRow('ANT_CRANIAL_BASE');
}

withLandmarksLoaded(POSITIONS);

describe('calibration', () => {
  it('uses the chart ruler over the default PPM', async () => {
    analysisBackend({ defaultPpm: 10, ruler: RULER });
    const row = await showBjork();
    await waitFor(() => expect(screen.getByTestId('calibration-status').textContent).toBe('Ruler · 7.00 px/mm'));
    expect(Number(analysisRow('ANT_CRANIAL_BASE').dataset.value)).toBeCloseTo(500 / 7, 9);
    expect(analysisRow('ANT_CRANIAL_BASE').dataset.level).toBe('ok');
    expect(within(row).queryByText('uncalibrated')).toBeNull();
    // The stored ruler is drawn on the film with its length.
    expect(screen.getAllByTestId('ruler-point').map((p) => [p.dataset.x, p.dataset.y])).toEqual([
      ['10', '10'],
      ['10', '150'],
    ]);
    expect(screen.getByText('20 mm')).toBeTruthy();
  });

  it('falls back to the default PPM from the settings', async () => {
    analysisBackend({ defaultPpm: 10 });
    await showBjork();
    await waitFor(() => expect(screen.getByTestId('calibration-status').textContent).toBe('Default PPM · 10.00 px/mm'));
    expect(Number(analysisRow('ANT_CRANIAL_BASE').dataset.value)).toBeCloseTo(50, 9);
    expect(within(analysisRow('ANT_CRANIAL_BASE')).getByText('50.0 mm')).toBeTruthy();
    expect(analysisRow('ANT_CRANIAL_BASE').dataset.level).toBe('severe');
  });

  it('shows lengths in px labelled uncalibrated when nothing calibrates the film', async () => {
    analysisBackend();
    await showBjork();
    await waitFor(() => expect(screen.getByTestId('calibration-status').textContent).toBe('Uncalibrated · lengths in px'));
    const row = analysisRow('ANT_CRANIAL_BASE');
    expect(Number(row.dataset.value)).toBe(500);
    expect(row.dataset.level).toBe('unrated');
    expect(within(row).getByText('500.0 px')).toBeTruthy();
    expect(within(row).getByText('uncalibrated')).toBeTruthy();
    // Angles need no calibration.
    fireEvent.change(screen.getByTestId('analysis-select'), { target: { value: 'std:steiner' } });
    expect(analysisRow('SNA').dataset.level).toBe('ok');
  });

  it('draws a ruler with two clicks, asks for its length and stores ruler_info on the record', async () => {
    const calls = analysisBackend({ defaultPpm: 10 });
    await showBjork();
    await waitFor(() => expect(screen.getByTestId('calibration-status').dataset.source).toBe('default-ppm'));
    fireEvent.click(screen.getByTestId('ruler-tool'));
    expect(useToolStore.getState().tool).toBe('ruler');
    expect(useRulerStore.getState().phase).toBe('placing');

    // The registered tool, driven with plain pointer events (viewport px = image px here).
    const ctx = { toImage: (p: { x: number; y: number }) => imagePoint(p.x, p.y) } as unknown as InteractionContext;
    const tool = getTool('ruler');
    if (!tool) throw new Error('ruler tool not registered');
    let state: InteractionState = tool.enter(ctx);
    const click = (x: number, y: number) => {
      const pointer = { local: { x, y }, button: 0, pointerId: 1 };
      state = state.onPointerDown?.(pointer, ctx) ?? state;
      state = state.onPointerUp?.(pointer, ctx) ?? state;
    };
    click(10, 10);
    expect(state.id).toBe('ruler');
    await screen.findByText('Click the second point on the scale.');
    click(10, 150);
    expect(state.id).toBe('idle');
    expect(useRulerStore.getState()).toMatchObject({ phase: 'length', p1: { x: 10, y: 10 }, p2: { x: 10, y: 150 } });
    expect(await screen.findByText('The points are 140.0 px apart.')).toBeTruthy();

    fireEvent.change(screen.getByTestId('ruler-length'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('ruler-apply'));
    expect(screen.getByRole('alert').textContent).toBe('Enter a length greater than 0 and at most 1000 mm.');
    fireEvent.change(screen.getByTestId('ruler-length'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('ruler-apply'));

    await waitFor(() => expect(screen.getByTestId('calibration-status').textContent).toBe('Ruler · 7.00 px/mm'));
    expect(calls.find((c) => c.operation === 'UpdateRulerInfo')?.variables).toEqual({ id: 5, ruler: RULER });
    expect(useRulerStore.getState().phase).toBe('idle');
    expect(Number(analysisRow('ANT_CRANIAL_BASE').dataset.value)).toBeCloseTo(500 / 7, 9);
  });

  it('abandons an unfinished ruler on Escape', () => {
    useRulerStore.getState().start();
    const ctx = {} as InteractionContext;
    const next = rulerState().onKeyDown?.({ key: 'Escape' }, ctx);
    expect(next?.id).toBe('idle');
    expect(useRulerStore.getState().phase).toBe('idle');
  });
});

describe('analysis customisation', () => {
  it('creates a group, adds measurements, chooses the default and saves user_analysis_manage', async () => {
    const calls = analysisBackend();
    showPanel();
    await screen.findByTestId('analysis-table');
    fireEvent.click(screen.getByText('Customise groups'));
    const editor = screen.getByTestId('custom-groups');
    expect((screen.getByTestId('custom-group-save') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(editor).getByTestId('custom-group-create'));
    expect(within(editor).getByRole('alert').textContent).toBe('Enter a group name.');
    fireEvent.change(within(editor).getByTestId('custom-group-name'), { target: { value: 'Quick check' } });
    fireEvent.click(within(editor).getByTestId('custom-group-create'));
    expect((within(editor).getByTestId('custom-group-edit') as HTMLSelectElement).value).toBe('Quick check');
    const box = (id: string) =>
      within(editor)
        .getAllByTestId('custom-measurement')
        .find((b) => b.dataset.id === id) as HTMLInputElement;
    fireEvent.click(box('ANB'));
    fireEvent.click(box('FMA'));
    fireEvent.click(box('ANB'));
    fireEvent.click(box('SNB'));
    fireEvent.change(within(editor).getByTestId('default-group'), { target: { value: 'custom:Quick check' } });
    fireEvent.click(screen.getByTestId('custom-group-save'));

    await screen.findByText('Groups saved');
    const saved = calls.find((c) => c.operation === 'UpdateUserAnalysisManage')?.variables;
    expect(saved).toEqual({
      manage: {
        version: 1,
        defaultGroup: { measurementIds: ['FMA', 'SNB'] },
        groups: [{ name: 'Quick check', measurementIds: ['FMA', 'SNB'] }],
      },
    });
    // The saved group is in the menu and marked as the default.
    const option = [...(screen.getByTestId('analysis-select') as HTMLSelectElement).options].find((o) => o.value === 'custom:Quick check');
    expect(option?.textContent).toBe('Quick check (default)');
  });

  it('deletes a group', async () => {
    const calls = analysisBackend({
      manage: { version: 1, defaultGroup: { measurementIds: [] }, groups: [{ name: 'Old', measurementIds: ['SNA'] }] },
    });
    showPanel();
    await screen.findByTestId('analysis-table');
    fireEvent.click(screen.getByText('Customise groups'));
    fireEvent.change(screen.getByTestId('custom-group-edit'), { target: { value: 'Old' } });
    fireEvent.click(screen.getByTestId('custom-group-delete'));
    fireEvent.click(screen.getByTestId('custom-group-save'));
    await screen.findByText('Groups saved');
    expect(calls.find((c) => c.operation === 'UpdateUserAnalysisManage')?.variables).toEqual({
      manage: { version: 1, defaultGroup: { measurementIds: [] }, groups: [] },
    });
  });
});
