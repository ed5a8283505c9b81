import { DEFAULT_FILM_ADJUSTMENTS } from '@ceppro/ceph';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FilmControls } from '../../src/features/viewer/components/film-controls.tsx';
import { useViewerStore } from '../../src/features/viewer/store/viewer-store.ts';
import { createI18n } from '../../src/i18n/index.ts';
import type { Language } from '../../src/i18n/languages.ts';

const store = () => useViewerStore.getState();

function renderIn(language: Language) {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <FilmControls />
    </I18nextProvider>,
  );
}

beforeEach(() => store().reset());
afterEach(cleanup);

describe('film adjustments in the viewer store', () => {
  it('clamps and steps what it is given, keeps the rest', () => {
    store().setFilm({ gamma: 9, brightness: 10.6 });
    expect(store().film).toEqual({ ...DEFAULT_FILM_ADJUSTMENTS, gamma: 5, brightness: 20 });
    store().setFilm({ invert: true, sharpen: 33.3 });
    expect(store().film).toMatchObject({ gamma: 5, invert: true, sharpen: 33 });
  });

  it('reset puts back the defaults object itself; a user reset makes a new one (the per-chart save tells them apart)', () => {
    store().setFilm({ invert: true });
    store().reset();
    expect(store().film).toBe(DEFAULT_FILM_ADJUSTMENTS);
    store().setFilm({ invert: true });
    store().setFilm(DEFAULT_FILM_ADJUSTMENTS);
    expect(store().film).toEqual(DEFAULT_FILM_ADJUSTMENTS);
    expect(store().film).not.toBe(DEFAULT_FILM_ADJUSTMENTS);
  });
});

describe('image panel', () => {
  it('labels every control in Korean, folds the filters until asked, and Reset restores the defaults', () => {
    renderIn('ko');
    expect(screen.getByRole('group', { name: '영상 도구' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: '밝기' })).toBeTruthy();
    expect(screen.queryByRole('slider', { name: '감마' })).toBeNull();
    const reset = screen.getByRole('button', { name: '이미지 초기화' });
    expect((reset as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: '반전' }));
    expect(store().film.invert).toBe(true);
    const more = screen.getByRole('button', { name: '도구 더 보기' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    const gamma = screen.getByRole('slider', { name: '감마' });
    fireEvent.change(gamma, { target: { value: '1.5' } });
    fireEvent.change(screen.getByRole('slider', { name: '연조직' }), { target: { value: '40' } });
    expect(store().film).toMatchObject({ invert: true, gamma: 1.5, softTissue: 40 });
    expect(gamma.getAttribute('aria-valuetext')).toBe('1.50');

    fireEvent.click(reset);
    expect(store().film).toEqual(DEFAULT_FILM_ADJUSTMENTS);
    expect((screen.getByRole('checkbox', { name: '반전' }) as HTMLInputElement).checked).toBe(false);
  });

  it('shows the filters at once when a chart opens with one on (English)', () => {
    act(() => store().setFilm({ sharpen: 30 }));
    renderIn('en');
    expect((screen.getByRole('slider', { name: 'Edges' }) as HTMLInputElement).value).toBe('30');
    expect(screen.getByRole('button', { name: 'Fewer tools' }).getAttribute('aria-expanded')).toBe('true');
  });
});
