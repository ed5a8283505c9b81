import { SETTINGS_LIMITS, userPermissionSchema } from '@ceppro/contract';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { versionedDocumentSchema } from '../analysis-records';
import type { UserConfigRepository, UserConfigRow, UserConfigValues, UserSummary } from './user-config.repository';

// The same limits the settings form checks (contract SETTINGS_LIMITS).
const color = z.string().regex(SETTINGS_LIMITS.color, 'must be a #rgb colour').nullable().optional();
const size = z.number().min(0).max(SETTINGS_LIMITS.sizeMax).nullable().optional();
const flag = z.boolean().optional();
const doc = versionedDocumentSchema.nullable().optional();

const configInputSchema = z.strictObject({
  hard_tissue_color: color,
  soft_tissue_color: color,
  hard_tissue_size: size,
  soft_tissue_size: size,
  outline_NY: flag,
  default_ppm: z.number().positive().max(SETTINGS_LIMITS.ppmMax).nullable().optional(),
  cephalo_image_NY: flag,
  landmark_NY: flag,
  landmark_list: doc,
  guideline_NY: flag,
  default_analysis_method_NY: flag,
  auto_zoom_NY: flag,
  auto_measurement_NY: flag,
  plane_NY: flag,
  plane_list: doc,
  drawing_config: doc,
  cep_mode: z.string().max(50).nullable().optional(),
  user_analysis_manage: doc,
});

export type UserConfigInput = z.input<typeof configInputSchema>;

const COLUMNS = {
  hard_tissue_color: 'hardTissueColor',
  soft_tissue_color: 'softTissueColor',
  hard_tissue_size: 'hardTissueSize',
  soft_tissue_size: 'softTissueSize',
  outline_NY: 'outlineNy',
  default_ppm: 'defaultPpm',
  cephalo_image_NY: 'cephaloImageNy',
  landmark_NY: 'landmarkNy',
  landmark_list: 'landmarkList',
  guideline_NY: 'guidelineNy',
  default_analysis_method_NY: 'defaultAnalysisMethodNy',
  auto_zoom_NY: 'autoZoomNy',
  auto_measurement_NY: 'autoMeasurementNy',
  plane_NY: 'planeNy',
  plane_list: 'planeList',
  drawing_config: 'drawingConfig',
  cep_mode: 'cepMode',
  user_analysis_manage: 'userAnalysisManage',
} as const satisfies Record<keyof UserConfigInput, keyof UserConfigValues>;

/** Settings and permission of the caller only: no method takes another user's id. */
export function createUserConfigService(repository: UserConfigRepository) {
  return {
    get: (userId: number) => repository.findLive(userId).then((row) => row ?? null),

    async update(userId: number, input: UserConfigInput): Promise<UserConfigRow> {
      const parsed = configInputSchema.parse(input);
      const values: Record<string, unknown> = {};
      for (const [field, column] of Object.entries(COLUMNS)) {
        const value = parsed[field as keyof UserConfigInput];
        if (value !== undefined) values[column] = value;
      }
      return repository.upsert(userId, values as UserConfigValues);
    },

    async me(userId: number): Promise<UserSummary> {
      const user = await repository.findUser(userId);
      if (!user) throw new AppError('J001');
      return user;
    },

    /** user_permission as a whole document (today: the tutorial flag), validated by the contract schema. */
    async updatePermission(userId: number, input: unknown): Promise<UserSummary> {
      const permission = userPermissionSchema.parse(input);
      const user = await repository.setUserPermission(userId, permission);
      if (!user) throw new AppError('J001');
      return user;
    },
  };
}

export type UserConfigService = ReturnType<typeof createUserConfigService>;
