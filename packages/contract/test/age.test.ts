import { describe, expect, it } from 'vitest';
import { ageInYears } from '../src/index';

/** Age in whole years (docs/spec-points.md §9): the list's Birthdate column, the printed and the PDF report. */
describe('ageInYears (whole years)', () => {
  it.each([
    ['1990-05-10', '2024-05-09', 33],
    ['1990-05-10', '2024-05-10', 34],
    ['1990-05-10', '2024-12-31', 34],
    ['2000-01-01', '2000-01-01', 0],
    ['2000-12-31', '2001-12-30', 0],
    ['2000-02-29', '2023-02-28', 22], // leap-day birthday in a common year: not yet
    ['2000-02-29', '2023-03-01', 23],
    ['2000-02-29', '2024-02-29', 24],
    ['1900-01-01', '2025-06-15', 125],
  ])('born %s, on %s: %i', (birth, today, age) => {
    expect(ageInYears(birth, today)).toBe(age);
  });

  it.each([
    ['2025-01-02', '2025-01-01'],
    ['1990-02-30', '2024-01-01'],
    ['19900510', '2024-01-01'],
    ['', '2024-01-01'],
  ])('born %s, on %s: null', (birth, today) => {
    expect(ageInYears(birth, today)).toBeNull();
  });
  it.each([
    ['1990-05-06', '2026-05-05', 35],
    ['1990-05-06', '2026-05-06', 36],
    ['2000-02-29', '2001-02-28', 0],
  ])('born %s, on %s: %i (report cases)', (birth, today, age) => {
    expect(ageInYears(birth, today)).toBe(age);
  });
});
