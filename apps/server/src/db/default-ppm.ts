import { and, eq, isNull } from 'drizzle-orm';
import type { AppDatabase } from './database';
import { userConfigs } from './schema/index';

/** The account's default PPM (Settings): the calibration of films without a ruler or DICOM pixel spacing. The
 * one query the planning, export, AI adaptation and audit features read it with. */
export async function accountDefaultPpm(db: AppDatabase, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ defaultPpm: userConfigs.defaultPpm })
    .from(userConfigs)
    .where(and(eq(userConfigs.userId, userId), isNull(userConfigs.deletedAt)))
    .limit(1);
  return row?.defaultPpm ?? null;
}
