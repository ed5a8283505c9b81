/**
 * Server-cache keys of the user-config reads. Several features read their own slice of the one
 * user config (viewer display layers, analysis groups and default PPM, the Settings form); they all
 * sit under `userConfigKeys.all`, so a write from any of them can invalidate every slice without one
 * feature importing another (docs/house-rules.md §8).
 */
export const userConfigKeys = {
  all: ['user-config'] as const,
  viewerDisplay: ['user-config', 'viewer-display'] as const,
  analysis: ['user-config', 'analysis'] as const,
  settings: ['user-config', 'settings'] as const,
};
