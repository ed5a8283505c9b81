/**
 * The one table of routes. Every route pattern and every link in the app comes from here.
 * `pattern` is what the router matches; `to(...)` builds a concrete URL.
 */
export const paths = {
  home: { pattern: '/', to: () => '/' },
  signUp: { pattern: '/signup', to: () => '/signup' },
  findEmail: { pattern: '/find-email', to: () => '/find-email' },
  findPassword: { pattern: '/find-password', to: () => '/find-password' },
  listRoot: { pattern: '/list', to: () => '/list/0' },
  list: { pattern: '/list/:p', to: (page: number) => `/list/${page}` },
  patient: { pattern: '/view/:id', to: (id: string) => `/view/${encodeURIComponent(id)}` },
  createPatient: { pattern: '/create', to: () => '/create' },
  viewer: { pattern: '/viewer/:id', to: (chartUuid: string) => `/viewer/${encodeURIComponent(chartUuid)}` },
  /** Consultation mode (issue 28): the patient's full-screen view of one chart's plan, opened from the viewer. */
  consultation: { pattern: '/consultation/:id', to: (chartUuid: string) => `/consultation/${encodeURIComponent(chartUuid)}` },
  aboutAi: { pattern: '/about-ai', to: () => '/about-ai' },
  terms: { pattern: '/terms', to: () => '/terms' },
  privacy: { pattern: '/privacy', to: () => '/privacy' },
  admin: { pattern: '/admin', to: () => '/admin' },
  adminAudit: { pattern: '/admin/audit', to: () => '/admin/audit' },
  setting: { pattern: '/setting', to: () => '/setting' },
  drawingPad: { pattern: '/drawing-pad', to: () => '/drawing-pad' },
  membership: { pattern: '/membership', to: () => '/membership' },
  clinic: { pattern: '/clinic', to: () => '/clinic' },
  /** The invitation mail's link (contract `CLINIC_ACCEPT_PAGE`), with `?token=`. */
  clinicJoin: { pattern: '/clinic/join', to: () => '/clinic/join' },
  myInfo: { pattern: '/myinfo', to: () => '/myinfo' },
  resetEmail: { pattern: '/reset-email', to: () => '/reset-email' },
  resetPassword: { pattern: '/reset-password', to: () => '/reset-password' },
  resetMobile: { pattern: '/reset-mobile', to: () => '/reset-mobile' },
  confirmDemo: { pattern: '/test', to: () => '/test' },
  toastDemo: { pattern: '/toast', to: () => '/toast' },
  notFound: { pattern: '/404', to: () => '/404' },
  serverError: { pattern: '/500', to: () => '/500' },
} as const;

export type PathName = keyof typeof paths;

/** The settings/account screen serves all of these; the section is picked by the path. */
export const accountSections = [
  'setting',
  'drawingPad',
  'membership',
  'clinic',
  'myInfo',
  'resetEmail',
  'resetPassword',
  'resetMobile',
] as const satisfies readonly PathName[];

export type AccountSection = (typeof accountSections)[number];

/**
 * Parses the `p` segment of `/list/{p}`. Returns the zero-based page number, or null when the
 * segment is missing, a literal placeholder (`:p`, `{p}`) or anything but plain digits; the
 * caller redirects null to page 0. Leading zeros are accepted ("007" is page 7).
 */
export function parseListPage(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return null;
  return Number(raw);
}
