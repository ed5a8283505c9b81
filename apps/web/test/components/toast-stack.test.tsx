import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToastStack } from '../../src/components/toast-stack.tsx';
import { createI18n } from '../../src/i18n/index.ts';
import { useToastStore } from '../../src/stores/toast-store.ts';

// Test files share one jsdom and one store per worker: start from an empty stack.
beforeEach(() => {
  useToastStore.getState().clearAll();
});

afterEach(() => {
  cleanup();
  useToastStore.getState().clearAll();
});

describe('toast stack', () => {
  it('shows a toast in the language of the moment: switching language re-renders it; text as it came stays', async () => {
    const i18n = createI18n('en');
    const korean = createI18n('ko');
    useToastStore.getState().push({ kind: 'success', title: { key: 'patients.edit.saved' }, text: '' });
    useToastStore.getState().push({
      kind: 'error',
      title: { key: 'membership.downloadFailed' },
      text: 'INV-2026-0042',
    });
    render(
      <I18nextProvider i18n={i18n}>
        <ToastStack autoHide={false} />
      </I18nextProvider>,
    );
    const titles = () => screen.getAllByTestId('toast').map((el) => el.querySelector('.toast__title')?.textContent);
    expect(titles()).toEqual([i18n.t('patients.edit.saved'), i18n.t('membership.downloadFailed')]);
    expect(titles()[0]).toBe('Patient information saved.');

    await act(async () => {
      await i18n.changeLanguage('ko');
    });
    expect(titles()).toEqual([korean.t('patients.edit.saved'), korean.t('membership.downloadFailed')]);
    expect(titles()[0]).not.toBe('Patient information saved.');
    // An invoice number is not translated.
    expect(screen.getByText('INV-2026-0042')).toBeTruthy();
  });
});
