import { describe, expect, it } from 'vitest';
import { AREA_CODES, formatPhone, splitPhone } from '../src/components/form/phone-input.tsx';
import { licenseFileProblem } from '../src/features/auth/components/sign-up/personal-section.tsx';
import { formatCountdown } from '../src/hooks/use-countdown.ts';

describe('phone numbers', () => {
  it('offers the spec area codes in order', () => {
    // docs/spec-points.md §5 as written there, runs of codes as ranges.
    const spec = '010, 02, 031-033, 041-043, 051-055, 061-064';
    const expanded = spec.split(', ').flatMap((part) => {
      const [from, to = from] = part.split('-') as [string, string?];
      return Array.from({ length: Number(to) - Number(from) + 1 }, (_, i) => String(Number(from) + i).padStart(from.length, '0'));
    });
    expect(AREA_CODES).toEqual(expanded);
  });

  it.each([
    ['010-1234-5678', '010', '1234-5678'],
    ['01012345678', '010', '12345678'],
    ['02-123-4567', '02', '123-4567'],
    ['0311234567', '031', '1234567'],
    ['1234', '', '1234'],
  ])('splits %s', (value, area, rest) => {
    expect(splitPhone(value)).toEqual({ area, rest });
  });

  it.each([
    ['01051146460', '010-5114-6460'],
    ['021234567', '02-123-4567'],
    ['0311234567', '031-123-4567'],
    ['12', '12'],
    [null, ''],
  ])('formats %s as %s', (value, expected) => {
    expect(formatPhone(value)).toBe(expected);
  });
});

describe('licence file', () => {
  const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
  it.each(['a.png', 'b.JPG', 'c.jpeg', 'd.pdf'])('accepts %s', (name) => {
    expect(licenseFileProblem(file(name))).toBeNull();
  });
  it.each(['a.gif', 'b.txt', 'c', 'd.png.exe'])('refuses %s', (name) => {
    expect(licenseFileProblem(file(name))).toBe('auth.license.type');
  });
  it('refuses a file over 10 MB', () => {
    expect(licenseFileProblem(file('big.pdf', 10 * 1024 * 1024 + 1))).toBe('auth.license.tooLarge');
  });
});

describe('countdown', () => {
  it.each([
    [180, '03:00'],
    [179, '02:59'],
    [5, '00:05'],
    [0, '00:00'],
  ])('%d s -> %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});
