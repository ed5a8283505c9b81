import { ANALYSES, LANDMARKS } from '@ceppro/ceph';
import { AI_ADAPTATION_ENDPOINT, type SettingsUserConfig } from '@ceppro/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastTitles } from '../toast-titles.ts';
import type { FakeServer } from '../patients/fake-server.ts';
import { renderApp } from '../render-app.tsx';
import { NOTHING_LEARNED, startSettingsServer } from './settings-server.ts';

const stored: SettingsUserConfig = {
  default_ppm: 12.5,
  cephalo_image_NY: true,
  landmark_NY: false,
  guideline_NY: true,
  plane_NY: false,
  plane_list: null,
  landmark_list: null,
  auto_zoom_NY: false,
  auto_measurement_NY: true,
  hard_tissue_color: '#ff0000',
  soft_tissue_color: null,
  hard_tissue_size: 3,
  soft_tissue_size: null,
  user_analysis_manage: null,
};

let server: FakeServer;
let config: SettingsUserConfig | null;

beforeEach(() => {
  config = stored;
  server = startSettingsServer();
  server.on('SettingsUserConfig', () => ({ user_config: config }));
  // The page's other sections (test/settings/ai-adaptation.test.tsx, landmark-definitions.test.tsx):
  // the model's own definitions, nothing learned yet.
  server.onRest(AI_ADAPTATION_ENDPOINT.path, () => NOTHING_LEARNED);
  server.on('UpdateSettings', (v) => {
    config = { ...(config ?? stored), ...(v.input as Partial<SettingsUserConfig>) };
    return { update_user_config: config };
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);
const saveButton = () => screen.getByTestId<HTMLButtonElement>('settings-save');
const updates = () => server.graphCalls.filter((c) => c.operation === 'UpdateSettings');

async function openSettings() {
  renderApp('/setting');
  // The first render loads the screen's chunk and dictionaries: more than findBy's 1 s on a busy machine.
  await screen.findByTestId('settings-form', {}, { timeout: 5000 });
}

describe('/setting', () => {
  it('loads the stored values into the form, Save disabled until something changes', async () => {
    await openSettings();
    expect(input('settings-ppm').value).toBe('12.5');
    expect(input('settings-xray').checked).toBe(true);
    expect(input('settings-landmark').checked).toBe(false);
    expect(input('settings-tracing').checked).toBe(true);
    expect(input('settings-plane').checked).toBe(false);
    expect(input('settings-auto-measurement').checked).toBe(true);
    expect(input('settings-hard-color').value).toBe('#ff0000');
    expect(input('settings-hard-size').value).toBe('3');
    expect(screen.getByText('Not set')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it('shows the column defaults when the user never saved a setting', async () => {
    config = null;
    await openSettings();
    expect(input('settings-ppm').value).toBe('');
    for (const id of ['settings-xray', 'settings-landmark', 'settings-tracing', 'settings-plane']) expect(input(id).checked).toBe(true);
  });

  it.each([
    ['0', 'Enter a number greater than 0 and at most 1000.'],
    ['-3', 'Enter a number with at most two decimals, e.g. 10 or 10.25.'],
    ['ten', 'Enter a number with at most two decimals, e.g. 10 or 10.25.'],
    ['10.125', 'Enter a number with at most two decimals, e.g. 10 or 10.25.'],
  ])('refuses PPM %j and keeps Save disabled', async (text, message) => {
    await openSettings();
    fireEvent.change(input('settings-ppm'), { target: { value: text } });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it('saves an empty PPM as null (uncalibrated) and sends only that field', async () => {
    await openSettings();
    fireEvent.change(input('settings-ppm'), { target: { value: '' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]?.variables).toEqual({ input: { default_ppm: null } });
  });

  it('saves PPM and checkboxes with the exact input, toasts, and disables Save again', async () => {
    await openSettings();
    fireEvent.change(input('settings-ppm'), { target: { value: '10' } });
    fireEvent.click(input('settings-landmark'));
    fireEvent.click(input('settings-xray'));
    fireEvent.click(input('settings-auto-zoom'));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]?.variables).toEqual({
      input: { default_ppm: 10, cephalo_image_NY: false, landmark_NY: true, auto_zoom_NY: true },
    });
    await waitFor(() => expect(toastTitles()).toEqual(['Settings saved']));
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(input('settings-ppm').value).toBe('10');
    expect(input('settings-landmark').checked).toBe(true);
  });

  it('unticking a box back to its stored value leaves nothing to save', async () => {
    await openSettings();
    fireEvent.click(input('settings-plane'));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(input('settings-plane'));
    await waitFor(() => expect(saveButton().disabled).toBe(true));
  });

  it('shows an error when the save is refused and keeps the edits', async () => {
    server.on('UpdateSettings', {
      raw: { status: 200, body: { data: null, errors: [{ message: 'bad', extensions: { code: 'BAD_USER_INPUT' } }] } },
    });
    await openSettings();
    fireEvent.change(input('settings-ppm'), { target: { value: '11' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByTestId('settings-error')).toBeTruthy();
    expect(input('settings-ppm').value).toBe('11');
  });

  it('shows a load error with a retry', async () => {
    server.on('SettingsUserConfig', {
      raw: { status: 200, body: { data: null, errors: [{ message: 'down', extensions: { code: 'INTERNAL' } }] } },
    });
    renderApp('/setting');
    expect(await screen.findByTestId('settings-load-error')).toBeTruthy();
    server.on('SettingsUserConfig', () => ({ user_config: stored }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('settings-form')).toBeTruthy();
  });

  it('shows every landmark ticked when no list is stored; unticked ones are saved as the hidden list', async () => {
    await openSettings();
    for (const l of LANDMARKS) expect(input(`settings-landmark-${l.id}`).checked).toBe(true);
    fireEvent.click(input('settings-landmark-Ba'));
    fireEvent.click(input('settings-landmark-Bo'));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]?.variables).toEqual({ input: { landmark_list: { version: 1, hidden: ['Ba', 'Bo'] } } });
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(input('settings-landmark-Ba').checked).toBe(false);
  });

  it('Hide all, then Show all, leaves nothing to save', async () => {
    await openSettings();
    fireEvent.click(screen.getByTestId('settings-landmarks-none'));
    await waitFor(() => expect(input('settings-landmark-S').checked).toBe(false));
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(screen.getByTestId('settings-landmarks-all'));
    await waitFor(() => expect(input('settings-landmark-S').checked).toBe(true));
    await waitFor(() => expect(saveButton().disabled).toBe(true));
  });

  it('the standard analysis is the default group: choosing Steiner writes its measurements and keeps the named groups', async () => {
    const groups = [{ name: 'Ortho check', measurementIds: ['SNA', 'SNB'] }];
    config = { ...stored, user_analysis_manage: { version: 1, defaultGroup: { measurementIds: [] }, groups } };
    await openSettings();
    const select = screen.getByTestId<HTMLSelectElement>('settings-standard-analysis');
    expect(select.value).toBe('');
    expect([...select.options].map((o) => o.textContent)).toContain('Ortho check (your group)');
    fireEvent.change(select, { target: { value: 'std:steiner' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(updates()).toHaveLength(1));
    const steiner = ANALYSES.find((a) => a.id === 'steiner')?.measurementIds;
    expect(updates()[0]?.variables).toEqual({
      input: { user_analysis_manage: { version: 1, defaultGroup: { measurementIds: steiner }, groups } },
    });
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(screen.getByTestId<HTMLSelectElement>('settings-standard-analysis').value).toBe('std:steiner');
  });

  it("a default group set in the viewer shows as its analysis; one of the user's own shows as such", async () => {
    const tweed = ANALYSES.find((a) => a.id === 'tweed')?.measurementIds ?? [];
    config = { ...stored, user_analysis_manage: { version: 1, defaultGroup: { measurementIds: tweed }, groups: [] } };
    await openSettings();
    expect(screen.getByTestId<HTMLSelectElement>('settings-standard-analysis').value).toBe('std:tweed');
    cleanup();
    config = { ...stored, user_analysis_manage: { version: 1, defaultGroup: { measurementIds: ['SNA', 'FMA'] }, groups: [] } };
    await openSettings();
    const select = screen.getByTestId<HTMLSelectElement>('settings-standard-analysis');
    expect(select.value).toBe('default');
    expect(select.selectedOptions[0]?.textContent).toBe('Your default group (2 measurements)');
  });

  it('groups this version cannot read are left alone: the choice is disabled, saying why', async () => {
    config = { ...stored, user_analysis_manage: { version: 9, something: 'else' } };
    await openSettings();
    expect(screen.getByTestId<HTMLSelectElement>('settings-standard-analysis').disabled).toBe(true);
    expect(screen.getByText(/saved by another version of Ceppro/)).toBeTruthy();
  });
});
