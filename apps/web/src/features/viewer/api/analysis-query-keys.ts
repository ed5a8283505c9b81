import { userConfigKeys } from '../../../lib/api/user-config-keys.ts';

/** Server-cache keys of the analysis panel's queries (one query client for the app, docs/house-rules.md §9). */
export const analysisKeys = {
  /** The user's default PPM and analysis groups (user config). */
  userConfig: userConfigKeys.analysis,
  /** The ruler of one analysis record. */
  ruler: (recordId: number) => ['viewer', 'analysis', 'ruler', recordId] as const,
};
