import { describe, expect, it } from 'vitest';
import { calendarDateSchema, isCalendarDate } from '../src/index';

/** The one calendar-day check (birth dates, shoot dates, the report CLI's --birth). */
describe('isCalendarDate', () => {
  it.each([
    ['2024-02-29', true], // leap year
    ['2023-02-29', false], // common year
    ['2000-02-29', true], // divisible by 400
    ['1900-02-29', false], // divisible by 100, not by 400
    ['2023-02-28', true],
    ['2024-01-31', true],
    ['2024-04-30', true],
    ['2024-04-31', false], // April has 30 days
    ['2024-06-31', false],
    ['2024-09-31', false],
    ['2024-11-31', false],
    ['2024-12-31', true],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['2024-05-00', false],
    ['1900-01-01', true],
  ])('%s: %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });

  it.each(['', '2024-2-29', '24-02-29', '2024/02/29', '2024-02-29T00:00:00Z', ' 2024-02-29', 'yyyy-mm-dd', '２０２４-02-29'])(
    'refuses the string %j',
    (value) => {
      expect(isCalendarDate(value)).toBe(false);
    },
  );
});

describe('calendarDateSchema', () => {
  it('accepts a real day', () => {
    expect(calendarDateSchema.parse('2024-02-29')).toBe('2024-02-29');
  });

  it('says which rule a bad value broke', () => {
    expect(calendarDateSchema.safeParse('2024/02/29').error?.issues[0]?.message).toBe('must be yyyy-mm-dd');
    expect(calendarDateSchema.safeParse('2023-02-29').error?.issues[0]?.message).toBe('is not a calendar date');
    expect(calendarDateSchema.safeParse(20240229).success).toBe(false);
  });
});
