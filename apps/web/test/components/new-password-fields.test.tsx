import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { NewPasswordFields } from '../../src/components/form/new-password-fields.tsx';
import { createI18n } from '../../src/i18n/index.ts';

/** The password and its confirmation of sign-up and the password change: one input written once, used twice. */
function Harness({ onValues }: { onValues: (values: { password: string; confirm: string }) => void }) {
  const { register, getValues } = useForm({ defaultValues: { password: '', confirm: '' } });
  return (
    <I18nextProvider i18n={createI18n('en')}>
      <NewPasswordFields
        passwordLabel="New password"
        passwordId="np-new"
        confirmId="np-confirm"
        password={register('password')}
        confirm={register('confirm')}
        confirmError="The passwords differ"
      />
      <button type="button" onClick={() => onValues(getValues())}>
        Read
      </button>
    </I18nextProvider>
  );
}

afterEach(cleanup);

describe('NewPasswordFields', () => {
  it('renders two new-password inputs, labelled, each bound to its own form field', () => {
    let values: { password: string; confirm: string } | null = null;
    render(<Harness onValues={(v) => (values = v)} />);
    const password = screen.getByLabelText(/New password/);
    const confirm = screen.getByTestId('np-confirm');
    expect(password).toBe(screen.getByTestId('np-new'));
    for (const input of [password, confirm]) {
      expect(input.getAttribute('type')).toBe('password');
      expect(input.getAttribute('autocomplete')).toBe('new-password');
      expect(input.getAttribute('maxlength')).toBe('24');
    }
    fireEvent.change(password, { target: { value: 'Secret-one1' } });
    fireEvent.change(confirm, { target: { value: 'Secret-two2' } });
    fireEvent.click(screen.getByText('Read'));
    expect(values).toEqual({ password: 'Secret-one1', confirm: 'Secret-two2' });
    expect(screen.getByText('The passwords differ')).toBeTruthy();
  });
});
