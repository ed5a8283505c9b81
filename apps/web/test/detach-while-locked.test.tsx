import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DetachWhileLocked } from '../src/app/detach-while-locked.tsx';

/** A screen with state of its own: a counter and a typed text. */
function Screen() {
  const [count, setCount] = useState(0);
  return (
    <>
      <p>Patient Kim Minjun</p>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        Clicked {count}
      </button>
      <input aria-label="Note" defaultValue="" />
    </>
  );
}

describe('the app content while the screen is locked', () => {
  afterEach(cleanup);

  it('leaves the document while locked and comes back with its state', () => {
    const view = render(
      <DetachWhileLocked locked={false} className="app-shell">
        <Screen />
      </DetachWhileLocked>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clicked 0' }));
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'typed before the lock' } });

    view.rerender(
      <DetachWhileLocked locked className="app-shell">
        <Screen />
      </DetachWhileLocked>,
    );
    expect(document.body.textContent).not.toContain('Kim Minjun');
    expect(document.querySelector('.app-shell')).toBeNull();

    view.rerender(
      <DetachWhileLocked locked={false} className="app-shell">
        <Screen />
      </DetachWhileLocked>,
    );
    expect(document.body.textContent).toContain('Kim Minjun');
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeTruthy();
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('typed before the lock');
  });

  it('keeps rendering while detached: what changed meanwhile is there after unlocking', () => {
    const view = render(
      <DetachWhileLocked locked className="app-shell">
        <p>first</p>
      </DetachWhileLocked>,
    );
    expect(document.body.textContent).not.toContain('first');
    act(() =>
      view.rerender(
        <DetachWhileLocked locked className="app-shell">
          <p>second</p>
        </DetachWhileLocked>,
      ),
    );
    view.rerender(
      <DetachWhileLocked locked={false} className="app-shell">
        <p>second</p>
      </DetachWhileLocked>,
    );
    expect(document.body.textContent).toContain('second');
  });

  it('unmounts cleanly while locked', () => {
    const view = render(
      <DetachWhileLocked locked className="app-shell">
        <p>gone</p>
      </DetachWhileLocked>,
    );
    expect(() => view.unmount()).not.toThrow();
    expect(document.body.textContent).not.toContain('gone');
  });
});
