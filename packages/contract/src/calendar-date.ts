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

/** True for a time zone this runtime knows by its IANA name ("Asia/Seoul", "UTC"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name, as a browser reports it (`Intl.DateTimeFormat().resolvedOptions().timeZone`). */
export const timeZoneSchema = z.string().min(1).max(64).refine(isTimeZone, 'is not a known time zone');

/**
 * The calendar day (`yyyy-mm-dd`) that the instant `now` falls on in `timeZone` (IANA name; UTC when
 * absent or unknown): 2026-01-14T23:30Z is 2026-01-15 in Asia/Seoul.
 */
export function localCalendarDate(now: Date, timeZone = 'UTC'): string {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
