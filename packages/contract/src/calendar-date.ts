import { z } from 'zod';

/**
 * Calendar days as the product writes them (birth dates, shoot dates, `--birth`): `yyyy-mm-dd`,
 * a day that exists in the proleptic Gregorian calendar. One check for the server, the web forms
 * and the CLIs; callers add their own range (birth: 1900-01-01 to today).
 */
export const CALENDAR_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const isLeapYear = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

/** Days in month `m` (1-12) of year `y`. */
function daysInMonth(y: number, m: number): number {
  return m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
}

/** True for `yyyy-mm-dd` naming a real day: month 01-12, day within that month (29 Feb only in leap years). */
export function isCalendarDate(value: string): boolean {
  if (!CALENDAR_DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** A `yyyy-mm-dd` string naming a real calendar day; the messages are the API's validation details. */
export const calendarDateSchema = z
  .string()
  .regex(CALENDAR_DATE_PATTERN, 'must be yyyy-mm-dd')
  .refine(isCalendarDate, 'is not a calendar date');
