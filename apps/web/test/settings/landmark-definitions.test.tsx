import { DEFAULT_DEFINITION_PROFILE } from '@ceppro/ceph';
import { AI_ADAPTATION_ENDPOINT, type AiAdaptation } from '@ceppro/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeServer } from '../patients/fake-server.ts';
import { renderApp } from '../render-app.tsx';
import { NOTHING_LEARNED, startSettingsServer } from './settings-server.ts';

/** An account that chose machine porion; gonion and menton as the model places them. */
const chosen: AiAdaptation = { ...NOTHING_LEARNED, definitions: { ...DEFAULT_DEFINITION_PROFILE, Po: 'machine' } };

let server: FakeServer;
let profile: AiAdaptation;

beforeEach(() => {
  profile = chosen;
  server = startSettingsServer();
  server.on('SettingsUserConfig', { user_config: null });
  // The server as the contract describes it: PUT { definitions } changes only the landmarks given.
  server.onRest(AI_ADAPTATION_ENDPOINT.path, (body, method) => {
    if (method === 'PUT') {
      const { definitions } = body as { definitions: Partial<AiAdaptation['definitions']> };
      profile = { ...profile, definitions: { ...profile.definitions, ...definitions } };
    }
    return profile;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const puts = () => server.restCalls.filter((c) => c.path === AI_ADAPTATION_ENDPOINT.path && c.method === 'PUT');
const radio = (id: string, choice: string) => screen.getByTestId<HTMLInputElement>(`definition-${id}-${choice}`);
const checked = (id: string) =>
  within(screen.getByTestId(`definition-${id}`))
    .getAllByRole<HTMLInputElement>('radio')
    .filter((r) => r.checked)
    .map((r) => r.value);

async function openSettings() {
  const app = renderApp('/setting');
  // The settings route loads lazily: the first render of a worker can take a while on a busy machine.
  await screen.findByTestId('definition-Po', undefined, { timeout: 5000 });
  return app;
}

describe('Settings: landmark definitions', () => {
  it('shows porion, gonion and menton with each definition and its one-line explanation, the chosen ones checked', async () => {
    await openSettings();
    const section = within(screen.getByTestId('landmark-definitions'));
    expect(section.getByRole('heading', { level: 2 }).textContent).toBe('Landmark definitions');
    expect(screen.getByTestId('definition-Po').querySelector('legend')?.textContent).toBe('Po Porion');
    expect(checked('Po')).toEqual(['machine']);
    expect(checked('Go')).toEqual(['anatomical']);
    expect(checked('Me')).toEqual(['isbi']);
    expect(
      within(screen.getByTestId('definition-Go'))
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['anatomical', 'constructed', 'tangent-intersection']);
    expect(radio('Po', 'machine').closest('label')?.textContent).toBe(
      'Machine porion' +
        'Top of the ear-rod ring of the cephalostat, found on the film near the anatomical porion; ' +
        'the anatomical point stays when no ring is found.',
    );
    expect(radio('Me', 'lowest').closest('label')?.textContent).toMatch(
      /^Lowest point of the symphysisLowest point of the symphysis outline/,
    );
    expect(screen.getByTestId('landmark-definitions-note').textContent).toMatch(/^Applies to films detected from now on/);
  });

  it('saves a choice at once with PUT { definitions } naming only that landmark, and shows what the server answers', async () => {
    await openSettings();
    fireEvent.click(radio('Go', 'constructed'));
    await waitFor(() => expect(checked('Go')).toEqual(['constructed']));
    expect(puts().map((c) => c.body)).toEqual([{ definitions: { Go: 'constructed' } }]);
    expect(checked('Po')).toEqual(['machine']);

    fireEvent.click(radio('Po', 'anatomical'));
    await waitFor(() => expect(checked('Po')).toEqual(['anatomical']));
    expect(puts().map((c) => c.body)).toEqual([{ definitions: { Go: 'constructed' } }, { definitions: { Po: 'anatomical' } }]);
  });

  it('shows an error and keeps the choice when the server refuses it', async () => {
    await openSettings();
    const previous = window.fetch;
    const refuse = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT'
        ? new Response(JSON.stringify({ success: false, code: 'VALIDATION_FAILED', message: 'no' }), { status: 400 })
        : previous(input, init),
    );
    vi.stubGlobal('fetch', refuse);
    window.fetch = refuse;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fireEvent.click(radio('Me', 'lowest'));
    expect(await screen.findByTestId('landmark-definitions-error')).toBeTruthy();
    expect(checked('Me')).toEqual(['isbi']);
  });

  it('reads in the interface language', async () => {
    const { i18n } = await openSettings();
    await act(async () => {
      await i18n.changeLanguage('ja');
    });
    expect(screen.getByRole('heading', { name: 'ランドマークの定義' })).toBeTruthy();
    expect(radio('Po', 'machine').closest('label')?.textContent).toMatch(/^機械的ポリオンセファロスタットのイヤーロッド/);
    expect(screen.getByTestId('definition-Me').querySelector('legend')?.textContent).toBe('Me メントン');
  });
});
