import { DEFAULT_DEFINITION_PROFILE } from '@ceppro/ceph';
import { AI_ADAPTATION_ENDPOINT, type AiAdaptation } from '@ceppro/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shiftParts } from '../../src/features/settings/lib/adaptation-shift.ts';
import { usePopupStore } from '../../src/stores/popup-store.ts';
import type { FakeServer } from '../patients/fake-server.ts';
import { renderApp } from '../render-app.tsx';
import { NOTHING_LEARNED, startSettingsServer } from './settings-server.ts';

/** An account that corrected 12 films: porion (machine porion) sits back and up, orbitale a little lower. */
const learned: AiAdaptation = {
  enabled: true,
  definitions: DEFAULT_DEFINITION_PROFILE,
  films: 12,
  updated_at: '2026-11-20T08:00:00.000Z',
  sn_mm: { value: 68.5, source: 'calibrated' },
  landmarks: [
    { id: 'Po', anterior_mm: -2.74, inferior_mm: -1.81, length_mm: 3.28, films: 9 },
    { id: 'Or', anterior_mm: 0.02, inferior_mm: 1.2, length_mm: 1.2, films: 4 },
  ],
};

let server: FakeServer;
let profile: AiAdaptation;

beforeEach(() => {
  profile = learned;
  server = startSettingsServer();
  server.on('SettingsUserConfig', { user_config: null });
  // The server as the contract describes it: GET reads, PUT switches, DELETE forgets; each answers the profile after.
  server.onRest(AI_ADAPTATION_ENDPOINT.path, (body, method) => {
    if (method === 'PUT') profile = { ...profile, ...(body as { enabled: boolean }) };
    if (method === 'DELETE') profile = { ...NOTHING_LEARNED, enabled: profile.enabled };
    return profile;
  });
});
afterEach(() => {
  cleanup();
  usePopupStore.getState().close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const calls = (method: string) => server.restCalls.filter((c) => c.path === AI_ADAPTATION_ENDPOINT.path && c.method === method);
const section = () => within(screen.getByTestId('ai-adaptation'));
const toggle = () => screen.getByTestId<HTMLInputElement>('ai-adaptation-switch');
const rows = () =>
  screen.getAllByTestId('ai-adaptation-row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

async function openSettings() {
  renderApp('/setting');
  await screen.findByTestId('ai-adaptation-films');
}

describe('Settings: AI adapted to your films', () => {
  it('shows how many films it learned from and each landmark’s shift in mm, largest first', async () => {
    await openSettings();
    expect(section().getByRole('heading', { level: 2 }).textContent).toBe('AI adapted to your films');
    expect(screen.getByTestId('ai-adaptation-films').textContent).toBe('Learned from 12 corrected films');
    expect(toggle().checked).toBe(true);
    expect(toggle().getAttribute('role')).toBe('switch');
    // Localized name beside the short one; anterior < 0 reads posterior, inferior < 0 superior; a 0.0 part is left out.
    expect(rows()).toEqual([
      ['Po Porion', '2.7 mm posterior, 1.8 mm superior', '9'],
      ['Or Orbitale', '1.2 mm inferior', '4'],
    ]);
    expect(screen.getByTestId('ai-adaptation-sn').textContent).toBe('Millimetres use the S-N length of your calibrated films (68.5 mm).');
    expect(calls('GET')).toHaveLength(1);
  });

  it('says the mm assume an average 71 mm S-N while no film is calibrated', async () => {
    profile = { ...learned, films: 1, sn_mm: { value: 71, source: 'nominal' } };
    await openSettings();
    expect(screen.getByTestId('ai-adaptation-films').textContent).toBe('Learned from 1 corrected film');
    expect(screen.getByTestId('ai-adaptation-sn').textContent).toBe(
      'Millimetres assume an average S-N length of 71 mm: none of your films is calibrated yet.',
    );
  });

  it('with nothing learned explains how it learns, shows no table and offers no Reset', async () => {
    profile = NOTHING_LEARNED;
    await openSettings();
    expect(screen.getByTestId('ai-adaptation-films').textContent).toMatch(
      /^Nothing learned yet\. When you correct landmarks the AI placed/,
    );
    expect(screen.queryByTestId('ai-adaptation-table')).toBeNull();
    expect(screen.queryByTestId('ai-adaptation-sn')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('ai-adaptation-reset').disabled).toBe(true);
  });

  it('the switch sends PUT { enabled } and shows the state the server answers', async () => {
    await openSettings();
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().checked).toBe(false));
    expect(calls('PUT').map((c) => c.body)).toEqual([{ enabled: false }]);
    expect(screen.getByTestId('ai-adaptation-state').textContent).toMatch(/^Off: new films get the model’s own points/);
    // Still what it learned: switching off forgets nothing.
    expect(screen.getByTestId('ai-adaptation-films').textContent).toBe('Learned from 12 corrected films');

    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().checked).toBe(true));
    expect(calls('PUT').map((c) => c.body)).toEqual([{ enabled: false }, { enabled: true }]);
    expect(calls('GET')).toHaveLength(1);
  });

  it('shows an error and keeps the state when the switch is refused', async () => {
    await openSettings();
    // A refusal in its envelope: 400 with a code the interceptor leaves to the caller.
    const previous = window.fetch;
    const refuse = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT'
        ? new Response(JSON.stringify({ success: false, code: 'VALIDATION', message: 'no' }), { status: 400 })
        : previous(input, init),
    );
    vi.stubGlobal('fetch', refuse);
    window.fetch = refuse;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fireEvent.click(toggle());
    expect(await screen.findByTestId('ai-adaptation-error')).toBeTruthy();
    expect(toggle().checked).toBe(true);
  });

  it('Reset asks first; Cancel sends nothing, Confirm sends DELETE and the section shows nothing learned', async () => {
    await openSettings();
    fireEvent.click(screen.getByTestId('ai-adaptation-reset'));
    const popup = await screen.findByTestId('confirm-popup');
    expect(within(popup).getByText('Reset what the AI learned?')).toBeTruthy();
    fireEvent.click(within(popup).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-popup')).toBeNull());
    expect(calls('DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('ai-adaptation-reset'));
    fireEvent.click(within(await screen.findByTestId('confirm-popup')).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(calls('DELETE')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('ai-adaptation-films').textContent).toMatch(/^Nothing learned yet\./));
    expect(screen.queryByTestId('ai-adaptation-table')).toBeNull();
    expect(calls('DELETE')[0]?.body).toBeNull();
  });
});

describe('shiftParts', () => {
  it.each([
    [
      { anterior_mm: -2.74, inferior_mm: -1.81 },
      [
        ['posterior', '2.7'],
        ['superior', '1.8'],
      ],
    ],
    [
      { anterior_mm: 0.5, inferior_mm: 3 },
      [
        ['anterior', '0.5'],
        ['inferior', '3.0'],
      ],
    ],
    [{ anterior_mm: 0.04, inferior_mm: -0.6 }, [['superior', '0.6']]],
    [{ anterior_mm: -0.049, inferior_mm: 0.01 }, []],
  ])('%j', (shift, expected) => {
    expect(shiftParts(shift).map((p) => [p.direction, p.mm])).toEqual(expected);
  });
});
