import { z } from 'zod';
import { analysisUserConfigSchema } from './analysis';
import { graphOperation } from './operation';
import { viewerDisplayConfigSchema } from './viewer';

/**
 * The Settings section (`/setting`): the user-config fields the viewer reads, loaded and saved as one
 * form. The display flags and `default_ppm` are the same schemas the viewer and the analysis panel
 * read, extended with the fields only this form shows.
 */
export const settingsUserConfigSchema = viewerDisplayConfigSchema.extend({
  default_ppm: analysisUserConfigSchema.shape.default_ppm,
  auto_measurement_NY: z.boolean(),
  /** The analysis groups: Settings chooses the standard analysis (the default group), the viewer edits groups. */
  user_analysis_manage: analysisUserConfigSchema.shape.user_analysis_manage.default(null),
});
export type SettingsUserConfig = z.infer<typeof settingsUserConfigSchema>;

/** What a user without a stored config gets (the database column defaults; spec: layers all on). */
export const SETTINGS_DEFAULTS: SettingsUserConfig = {
  default_ppm: null,
  cephalo_image_NY: true,
  landmark_NY: true,
  guideline_NY: true,
  plane_NY: true,
  plane_list: null,
  landmark_list: null,
  auto_zoom_NY: false,
  auto_measurement_NY: false,
  hard_tissue_color: null,
  soft_tissue_color: null,
  hard_tissue_size: null,
  soft_tissue_size: null,
  user_analysis_manage: null,
};

/** The server's accepted ranges for these fields (user-config.service.ts validates the same). */
export const SETTINGS_LIMITS = {
  /** Pixels per millimetre: positive, at most this. */
  ppmMax: 1000,
  /** Tissue outline size: 0 to this. */
  sizeMax: 100,
  color: /^#[0-9a-fA-F]{3,8}$/,
} as const;

/** The fields this form may write; the server writes only the fields given. */
export type SettingsInput = Partial<SettingsUserConfig>;

const SETTINGS_FIELDS = /* GraphQL */ `
  default_ppm cephalo_image_NY landmark_NY landmark_list guideline_NY plane_NY plane_list auto_zoom_NY auto_measurement_NY
  hard_tissue_color soft_tissue_color hard_tissue_size soft_tissue_size user_analysis_manage
`;

/** The caller's settings; null until the user saves a setting for the first time. */
export const settingsQuery = graphOperation<Record<string, never>, { user_config: SettingsUserConfig | null }>(
  /* GraphQL */ `
    query SettingsUserConfig {
      user_config { ${SETTINGS_FIELDS} }
    }
  `,
  z.object({ user_config: settingsUserConfigSchema.nullable() }),
);

export const updateSettingsMutation = graphOperation<{ input: SettingsInput }, { update_user_config: SettingsUserConfig }>(
  /* GraphQL */ `
    mutation UpdateSettings($input: UserConfigInput!) {
      update_user_config(input: $input) { ${SETTINGS_FIELDS} }
    }
  `,
  z.object({ update_user_config: settingsUserConfigSchema }),
);
