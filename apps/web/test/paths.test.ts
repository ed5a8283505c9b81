import { describe, expect, it } from 'vitest';
import { accountSections, parseListPage, paths } from '../src/routes/paths.ts';

describe('parseListPage', () => {
  it.each([
    ['0', 0],
    ['3', 3],
    ['12', 12],
    ['007', 7],
  ])('%s -> page %d', (raw, page) => {
    expect(parseListPage(raw)).toBe(page);
  });

  it.each([undefined, '', ':p', '{p}', 'p', 'abc', '-1', '1.5', '2e3', ' 1', '1a', '9999999999'])(
    '%s -> null (redirect to page 0)',
    (raw) => {
      expect(parseListPage(raw)).toBeNull();
    },
  );
});

describe('path table', () => {
  it('builds concrete URLs', () => {
    expect(paths.list.to(4)).toBe('/list/4');
    expect(paths.listRoot.to()).toBe('/list/0');
    expect(paths.viewer.to('a b')).toBe('/viewer/a%20b');
  });

  it('has unique patterns', () => {
    const patterns = Object.values(paths).map((p) => p.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('routes every account path to the settings screen family', () => {
    expect(accountSections.map((s) => paths[s].pattern)).toEqual([
      '/setting',
      '/drawing-pad',
      '/membership',
      '/clinic',
      '/myinfo',
      '/reset-email',
      '/reset-password',
      '/reset-mobile',
    ]);
  });
});
