/**
 * Browser gate rules (docs/spec-points.md §1): desktop Chrome only, a window of at least 1100 x 768, and
 * nothing but an offline message while the browser is offline.
 *
 * Pure functions: the caller passes what the browser reports (user agent, touch points, window
 * size in CSS pixels, online flag).
 */

export const MIN_WINDOW_WIDTH = 1100;
export const MIN_WINDOW_HEIGHT = 768;

/** Chromium-based browsers that are not Google Chrome put one of these tokens next to "Chrome/". */
const NOT_CHROME_TOKENS = /\b(Edg|EdgA|EdgiOS|Edge|OPR|Opera|SamsungBrowser|Whale|YaBrowser|UCBrowser|Vivaldi|Brave)\//;
const MOBILE_TOKENS = /Android|iPhone|iPad|iPod|Mobile|Windows Phone|webOS|BlackBerry/i;

export interface UserAgentInfo {
  userAgent: string;
  /** `navigator.maxTouchPoints`; iPadOS reports a desktop Safari user agent but has touch points. */
  maxTouchPoints?: number;
}

export function isMobileDevice({ userAgent, maxTouchPoints = 0 }: UserAgentInfo): boolean {
  if (MOBILE_TOKENS.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

/** Google Chrome or Chromium, headless included ("HeadlessChrome/"). Chrome on iOS is "CriOS". */
export function isChrome(userAgent: string): boolean {
  if (!/(HeadlessChrome|Chrome|Chromium)\/\d+/.test(userAgent)) return false;
  return !NOT_CHROME_TOKENS.test(userAgent);
}

export type GateVerdict = 'ok' | 'offline' | 'mobile' | 'not-chrome' | 'too-small';

export interface GateInput extends UserAgentInfo {
  online: boolean;
  /** Window inner size in CSS pixels. */
  width: number;
  height: number;
}

/** The first rule that fails decides what the user sees. Offline wins over everything. */
export function gateVerdict(input: GateInput): GateVerdict {
  if (!input.online) return 'offline';
  if (isMobileDevice(input)) return 'mobile';
  if (!isChrome(input.userAgent)) return 'not-chrome';
  if (input.width < MIN_WINDOW_WIDTH || input.height < MIN_WINDOW_HEIGHT) return 'too-small';
  return 'ok';
}
