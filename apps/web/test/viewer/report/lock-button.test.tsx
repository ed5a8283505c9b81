import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionWatch } from '../../../src/features/session/components/session-watch.tsx';
import { LockButton } from '../../../src/features/viewer/components/lock-button.tsx';
import { createI18n } from '../../../src/i18n/index.ts';
import { useLockStore } from '../../../src/stores/lock-store.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useLockStore.getState().unlock();
});

describe('viewer lock button', () => {
  it('opens the session lock screen, which the account password unlocks', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: true, data: { valid: true } }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <LockButton />
        <SessionWatch signedIn />
      </I18nextProvider>,
    );
    expect(screen.queryByTestId('lock-screen')).toBeNull();
    fireEvent.click(screen.getByTestId('viewer-lock'));
    expect(await screen.findByTestId('lock-screen')).toBeTruthy();
    expect(window.sessionStorage.getItem('ceppro.locked')).toBe('manual');
    expect(screen.getByText('The screen is locked. Enter your password to continue.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('lock-password'), { target: { value: 'Secret1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(screen.queryByTestId('lock-screen')).toBeNull());
    expect(window.sessionStorage.getItem('ceppro.locked')).toBeNull();
  });
});
