import { describe, expect, it } from 'vitest';
import { backTarget, recordVisit, showsBackButton } from '../src/lib/back-history.ts';

describe('recordVisit', () => {
  it('appends a new path', () => {
    expect(recordVisit(['/list/0'], '/viewer/a')).toEqual(['/list/0', '/viewer/a']);
  });

  it('does not store the same path twice in a row', () => {
    expect(recordVisit(['/list/0'], '/list/0')).toEqual(['/list/0']);
  });

  it('ignores query string, hash and a trailing slash', () => {
    expect(recordVisit([], '/list/2/?x=1#top')).toEqual(['/list/2']);
  });

  it('keeps 20 entries untouched', () => {
    const twenty = Array.from({ length: 19 }, (_, i) => `/view/${i}`);
    expect(recordVisit(twenty, '/view/x')).toHaveLength(20);
  });

  it('drops the oldest 10 when the history grows past 20', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `/view/${i}`);
    const next = recordVisit(twenty, '/view/new');
    expect(next).toHaveLength(11);
    expect(next[0]).toBe('/view/10');
    expect(next[10]).toBe('/view/new');
  });

  it('does not mutate its input', () => {
    const history = ['/list/0'];
    recordVisit(history, '/setting');
    expect(history).toEqual(['/list/0']);
  });
});

describe('backTarget', () => {
  const cases: Array<[string, string[], string, string]> = [
    ['empty history -> list page 0', [], '/setting', '/list/0'],
    ['from settings to the previous list page', ['/list/3', '/setting'], '/setting', '/list/3'],
    ['from settings to the previous viewer', ['/list/3', '/viewer/abc', '/setting'], '/setting', '/viewer/abc'],
    [
      'several trailing account pages are skipped',
      ['/list/1', '/setting', '/myinfo', '/reset-email', '/reset-password', '/myinfo'],
      '/myinfo',
      '/list/1',
    ],
    ['from a viewer back to the list page it came from', ['/list/4', '/viewer/abc'], '/viewer/abc', '/list/4'],
    ['from a viewer whose previous entry is another viewer -> list page 0', ['/list/4', '/viewer/a', '/viewer/b'], '/viewer/b', '/list/0'],
    ['from a viewer after visiting settings -> list page 0', ['/viewer/a', '/setting', '/viewer/a'], '/viewer/a', '/list/0'],
    ['an unrelated previous page -> list page 0', ['/create', '/setting'], '/setting', '/list/0'],
    ['only account pages -> list page 0', ['/setting', '/reset-mobile'], '/reset-mobile', '/list/0'],
    ['current page not yet recorded', ['/list/2'], '/setting', '/list/2'],
    ['from About the AI back to the viewer it was opened from', ['/list/3', '/viewer/abc', '/about-ai'], '/about-ai', '/viewer/abc'],
    [
      'from a viewer after About the AI to the list page before it',
      ['/list/3', '/viewer/a', '/about-ai', '/viewer/a'],
      '/viewer/a',
      '/list/3',
    ],
  ];
  it.each(cases)('%s', (_name, history, current, expected) => {
    expect(backTarget(history, current)).toBe(expected);
  });
});

describe('showsBackButton', () => {
  it.each([
    ['/viewer/abc', true],
    ['/setting', true],
    ['/myinfo', true],
    ['/list/0', false],
    ['/', false],
    ['/membership', false],
  ])('%s -> %s', (path, expected) => {
    expect(showsBackButton(path)).toBe(expected);
  });
});
