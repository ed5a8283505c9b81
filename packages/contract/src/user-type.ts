import { z } from 'zod';

/**
 * Account type codes. The spec gives doctor 00000 and hospital 00001; lab and company exist but
 * their codes are not shown, so 00002 and 00003 are our choice.
 */
export const USER_TYPE = {
  doctor: '00000',
  hospital: '00001',
  lab: '00002',
  company: '00003',
} as const;

export const userTypeCdSchema = z.enum([USER_TYPE.doctor, USER_TYPE.hospital, USER_TYPE.lab, USER_TYPE.company]);

export type UserTypeCd = z.infer<typeof userTypeCdSchema>;

/** Stored in users.user_permission; versioned because it is stored JSON. */
export const userPermissionSchema = z.object({
  version: z.literal(1),
  tutorial: z.boolean(),
});

export type UserPermission = z.infer<typeof userPermissionSchema>;

export const DEFAULT_USER_PERMISSION: UserPermission = { version: 1, tutorial: true };
