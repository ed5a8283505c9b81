import { isTimeZone } from '@ceppro/contract';

/**
 * The browser's IANA time zone, sent with every report request so the report is dated by the clinic's
 * calendar day (a Seoul clinic printing at 08:00 gets today, not the server's UTC yesterday).
 * undefined when the browser reports none the contract accepts: the server then dates in UTC.
 */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return typeof zone === 'string' && isTimeZone(zone) ? zone : undefined;
}
