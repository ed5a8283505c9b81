import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Menu } from '../../src/components/menu/index.ts';

function renderMenu(onPick = vi.fn()) {
  render(
    <>
      <Menu label="Language" trigger="Language" triggerClassName="header__control" testId="picker">
        {(close) =>
          ['English', '日本語', '한국어'].map((name) => (
            <button
              key={name}
              type="button"
              role="menuitemradio"
              aria-checked={name === '日本語'}
              onClick={() => {
                onPick(name);
                close();
              }}
            >
              {name}
            </button>
          ))
        }
      </Menu>
      <p>Outside</p>
    </>,
  );
  return screen.getByTestId('picker');
}

describe('Menu', () => {
  afterEach(cleanup);

  it('is a menu button: aria-haspopup, aria-expanded follows the menu', () => {
    const button = renderMenu();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu', { name: 'Language' })).toBeTruthy();
  });

  it('opens with focus on the checked item; the arrow keys, Home and End move and wrap', () => {
    const button = renderMenu();
    fireEvent.click(button);
    const [english, japanese, korean] = screen.getAllByRole('menuitemradio');
    expect(document.activeElement).toBe(japanese);
    fireEvent.keyDown(japanese!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(korean);
    fireEvent.keyDown(korean!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(english);
    fireEvent.keyDown(english!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(korean);
    fireEvent.keyDown(korean!, { key: 'Home' });
    expect(document.activeElement).toBe(english);
    fireEvent.keyDown(english!, { key: 'End' });
    expect(document.activeElement).toBe(korean);
  });

  it('ArrowDown on the button opens it', () => {
    const button = renderMenu();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('Escape closes it and gives focus back to the button', () => {
    const button = renderMenu();
    fireEvent.click(button);
    fireEvent.keyDown(screen.getAllByRole('menuitemradio')[1]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('a press outside closes it; choosing an item runs it and closes it', () => {
    const pick = vi.fn();
    const button = renderMenu(pick);
    fireEvent.click(button);
    fireEvent.mouseDown(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitemradio', { name: '한국어' }));
    expect(pick).toHaveBeenCalledWith('한국어');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
