import { LANDMARKS, type LandmarkId } from '@ceppro/ceph';
import { LANDMARK_LIST_VERSION, REFERENCE_PLANE_IDS, SETTINGS_LIMITS, type SettingsInput, type SettingsUserConfig } from '@ceppro/contract';
import { z } from 'zod';
import { currentStandardKey, NO_STANDARD, standardChoices, storedManage, withStandard } from './standard-analysis.ts';

/*
 * The Settings form's values (what the inputs hold: text for numbers, '' for "none") and how they
 * become the `update_user_config` input. Pure, so the rules are tested without a browser.
 */

/** Validation messages, as keys under `settings.errors`. */
export const SETTINGS_ERRORS = ['ppmFormat', 'ppmRange', 'sizeRange', 'color'] as const;
export type SettingsError = (typeof SETTINGS_ERRORS)[number];

export function isSettingsError(message: string | undefined): message is SettingsError {
  return (SETTINGS_ERRORS as readonly string[]).includes(message ?? '');
}

/** A positive number with at most two decimals ("10", "10.5", "9.87"). */
const PPM_PATTERN = /^\d+(\.\d{1,2})?$/;
const SIZE_PATTERN = /^\d+(\.\d+)?$/;

const ppm = z
  .string()
  .transform((s) => s.trim())
  .refine((s) => s === '' || PPM_PATTERN.test(s), { message: 'ppmFormat' satisfies SettingsError })
  .transform((s) => (s === '' ? null : Number(s)))
  .refine((n) => n === null || (n > 0 && n <= SETTINGS_LIMITS.ppmMax), { message: 'ppmRange' satisfies SettingsError });

const size = z
  .string()
  .transform((s) => s.trim())
  .refine((s) => s === '' || SIZE_PATTERN.test(s), { message: 'sizeRange' satisfies SettingsError })
  .transform((s) => (s === '' ? null : Number(s)))
  .refine((n) => n === null || n <= SETTINGS_LIMITS.sizeMax, { message: 'sizeRange' satisfies SettingsError });

const color = z
  .string()
  .refine((s) => s === '' || SETTINGS_LIMITS.color.test(s), { message: 'color' satisfies SettingsError })
  .transform((s) => (s === '' ? null : s.toLowerCase()));

/** The checked planes, kept in the viewer's order; stored as the versioned `plane_list` document. */
const planes = z
  .array(z.enum(REFERENCE_PLANE_IDS))
  .transform((ids) => ({ version: 1 as const, planes: REFERENCE_PLANE_IDS.filter((id) => ids.includes(id)) }));

/** Every landmark the viewer knows, in its list order. */
export const LANDMARK_IDS: readonly LandmarkId[] = LANDMARKS.map((l) => l.id);

/** The ticked (shown) landmarks; stored as the versioned `landmark_list` document of the hidden ones. */
const shownLandmarks = z
  .array(z.string())
  .transform((ids) => ({ version: LANDMARK_LIST_VERSION, hidden: LANDMARK_IDS.filter((id) => !ids.includes(id)) }));

export const settingsFormSchema = z.object({
  ppm,
  xray: z.boolean(),
  landmark: z.boolean(),
  tracing: z.boolean(),
  plane: z.boolean(),
  planes,
  shownLandmarks,
  /** Key of the standard analysis (lib/standard-analysis.ts); written as the default analysis group. */
  standardAnalysis: z.string(),
  autoZoom: z.boolean(),
  autoMeasurement: z.boolean(),
  hardColor: color,
  softColor: color,
  hardSize: size,
  softSize: size,
});
export type SettingsFormValues = z.input<typeof settingsFormSchema>;
export type SettingsFormOutput = z.output<typeof settingsFormSchema>;
type FieldName = keyof SettingsFormValues;

/** Form field -> user-config field (the standard analysis is written by `settingsInputOf` itself). */
const FIELDS = {
  ppm: 'default_ppm',
  xray: 'cephalo_image_NY',
  landmark: 'landmark_NY',
  tracing: 'guideline_NY',
  plane: 'plane_NY',
  planes: 'plane_list',
  shownLandmarks: 'landmark_list',
  autoZoom: 'auto_zoom_NY',
  autoMeasurement: 'auto_measurement_NY',
  hardColor: 'hard_tissue_color',
  softColor: 'soft_tissue_color',
  hardSize: 'hard_tissue_size',
  softSize: 'soft_tissue_size',
} as const satisfies Record<Exclude<FieldName, 'standardAnalysis'>, keyof SettingsUserConfig>;

/** react-hook-form marks an array field dirty per item. */
function isChanged(flag: boolean | ReadonlyArray<boolean | undefined> | undefined): boolean {
  return flag === true || (Array.isArray(flag) && flag.includes(true));
}

const numberText = (n: number | null) => (n === null ? '' : String(n));

/** `<input type="color">` only takes #rrggbb: #rgb is widened, an alpha channel is dropped. */
export function colorInputValue(stored: string | null): string {
  if (stored === null || !SETTINGS_LIMITS.color.test(stored)) return '';
  const hex = stored.slice(1).toLowerCase();
  if (hex.length === 3 || hex.length === 4) return `#${[...hex.slice(0, 3)].map((c) => c + c).join('')}`;
  return hex.length >= 6 ? `#${hex.slice(0, 6)}` : '';
}

export function formValuesOf(config: SettingsUserConfig): SettingsFormValues {
  return {
    ppm: numberText(config.default_ppm),
    xray: config.cephalo_image_NY,
    landmark: config.landmark_NY,
    tracing: config.guideline_NY,
    plane: config.plane_NY,
    // No stored list: every plane is drawn, so every box starts ticked.
    planes: config.plane_list ? [...config.plane_list.planes] : [...REFERENCE_PLANE_IDS],
    // No stored list: every landmark shows.
    shownLandmarks: LANDMARK_IDS.filter((id) => !(config.landmark_list?.hidden ?? []).includes(id)),
    standardAnalysis: standardKeyOf(config),
    autoZoom: config.auto_zoom_NY,
    autoMeasurement: config.auto_measurement_NY,
    hardColor: colorInputValue(config.hard_tissue_color),
    softColor: colorInputValue(config.soft_tissue_color),
    hardSize: numberText(config.hard_tissue_size),
    softSize: numberText(config.soft_tissue_size),
  };
}

/** The stored default analysis group as a choice key; none when the stored groups cannot be read. */
export function standardKeyOf(config: SettingsUserConfig): string {
  const manage = storedManage(config.user_analysis_manage);
  return manage === null ? NO_STANDARD : currentStandardKey(manage, standardChoices(manage));
}

/**
 * The `update_user_config` input: only the fields the user changed. The server writes just the
 * fields given, so untouched ones (a colour never chosen stays null) are left as they are. A new
 * standard analysis rewrites only the default group of the stored analysis groups (`stored`), the
 * named groups kept; groups this version cannot read are never written (the form disables the choice).
 */
export function settingsInputOf(
  values: SettingsFormOutput,
  changed: Partial<Record<FieldName, boolean | ReadonlyArray<boolean | undefined>>>,
  stored: SettingsUserConfig | null = null,
): SettingsInput {
  const input: Record<string, unknown> = {};
  for (const [field, key] of Object.entries(FIELDS) as Array<[Exclude<FieldName, 'standardAnalysis'>, keyof SettingsUserConfig]>) {
    if (isChanged(changed[field])) input[key] = values[field];
  }
  const manage = stored === null ? null : storedManage(stored.user_analysis_manage);
  if (isChanged(changed.standardAnalysis) && manage !== null) input.user_analysis_manage = withStandard(manage, values.standardAnalysis);
  return input as SettingsInput;
}
