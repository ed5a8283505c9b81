import { describe, expect, it } from 'vitest';
import { gateVerdict, isChrome, isMobileDevice } from '../src/lib/browser.ts';

const UA = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  debianChromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  headlessChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  firefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  whale:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Whale/3.25.232.19 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
    'Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
    'CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Safari/537.36',
} as const;

describe('isChrome', () => {
  it.each([
    ['chrome', true],
    ['chromeMac', true],
    ['debianChromium', true],
    ['headlessChrome', true],
    ['edge', false],
    ['firefox', false],
    ['safari', false],
    ['whale', false],
    ['iphoneChrome', false],
  ] as const)('%s -> %s', (name, expected) => {
    expect(isChrome(UA[name])).toBe(expected);
  });
});

describe('isMobileDevice', () => {
  it.each([
    ['chrome', 0, false],
    ['safari', 0, false],
    ['iphone', 5, true],
    ['iphoneChrome', 5, true],
    ['androidChrome', 5, true],
    ['androidTablet', 5, true],
    // iPadOS presents itself as desktop Safari but has a touch screen
    ['safari', 5, true],
    ['chromeMac', 5, true],
  ] as const)('%s with %d touch points -> %s', (name, touch, expected) => {
    expect(isMobileDevice({ userAgent: UA[name], maxTouchPoints: touch })).toBe(expected);
  });
});

describe('gateVerdict', () => {
  const desktop = { userAgent: UA.chrome, maxTouchPoints: 0, online: true, width: 1280, height: 800 };

  it('lets desktop Chrome in a large window through', () => {
    expect(gateVerdict(desktop)).toBe('ok');
  });

  it('accepts exactly 1100 x 768', () => {
    expect(gateVerdict({ ...desktop, width: 1100, height: 768 })).toBe('ok');
  });

  it.each([
    [1099, 800],
    [1280, 767],
    [1000, 700],
  ])('refuses a %d x %d window', (width, height) => {
    expect(gateVerdict({ ...desktop, width, height })).toBe('too-small');
  });

  it.each(['edge', 'firefox', 'safari'] as const)('refuses %s on desktop', (name) => {
    expect(gateVerdict({ ...desktop, userAgent: UA[name] })).toBe('not-chrome');
  });

  it.each(['iphone', 'androidChrome'] as const)('refuses %s as a mobile device', (name) => {
    expect(gateVerdict({ ...desktop, userAgent: UA[name], maxTouchPoints: 5, width: 390, height: 844 })).toBe('mobile');
  });

  it('headless Chromium passes as Chrome', () => {
    expect(gateVerdict({ ...desktop, userAgent: UA.headlessChrome })).toBe('ok');
  });

  it('offline wins over every other rule', () => {
    expect(gateVerdict({ ...desktop, online: false })).toBe('offline');
    expect(gateVerdict({ ...desktop, userAgent: UA.firefox, width: 500, height: 500, online: false })).toBe('offline');
  });
});
