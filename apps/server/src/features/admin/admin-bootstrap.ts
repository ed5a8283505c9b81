import { emailSchema, isValidPassword, USER_TYPE, userTypeCdSchema, type UserTypeCd } from '@ceppro/contract';
import { randomInt } from 'node:crypto';
import type { Clock } from '../../clock';
import type { AppDatabase } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { createAuditRepository } from '../audit';
import { createAuthRepository, hashPassword, DEFAULT_USER_CONFIG } from '../auth';
import { createAdminRepository, type AdminUserRow } from './admin.repository';

export interface CreateAdminInput {
  email: string;
  /** Display name of a new account. */
  name?: string | undefined;
  /** Null or absent: a new account gets a generated temporary password (to be changed at first sign-in). */
  password?: string | null | undefined;
  userType?: string | undefined;
}

export interface CreateAdminResult {
  user: AdminUserRow;
  /** 'created' a new active admin account, 'promoted' an existing one, or it was 'already' an admin. */
  outcome: 'created' | 'promoted' | 'already';
  /** Only for a created account without a given password: shown once, must be changed at first sign-in. */
  generatedPassword: string | null;
}

const ALPHABETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%^&+=()'];

/** 16 characters with each class the password rule asks for, from the CSPRNG. */
export function generatePassword(): string {
  const all = ALPHABETS.join('');
  const chars = ALPHABETS.map((a) => a[randomInt(a.length)] ?? '');
  while (chars.length < 16) chars.push(all[randomInt(all.length)] ?? '');
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

/**
 * The operator's way to the first admin (`npm run admin -- create`): a new, active admin account,
 * or the admin role for an existing account. Recorded in the audit trail with no actor (the shell).
 */
export async function createOrPromoteAdmin(
  db: AppDatabase,
  clock: Pick<Clock, 'now'>,
  input: CreateAdminInput,
): Promise<CreateAdminResult> {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AppError('VALIDATION_FAILED', `Not an email address: ${input.email}`);
  const admins = createAdminRepository(db);
  const audit = createAuditRepository(db);
  const now = new Date(clock.now());
  const record = (user: AdminUserRow, action: string, detail: Record<string, unknown>) =>
    audit.insert({
      at: now,
      actorUserId: null,
      ownerUserId: user.id,
      action,
      targetType: 'user',
      targetId: user.uuid,
      ip: null,
      userAgent: 'cli',
      outcome: 'success',
      detail,
    });

  const existing = await admins.findByEmail(email.data);
  if (existing) {
    if (existing.role === 'admin') return { user: existing, outcome: 'already', generatedPassword: null };
    await admins.setRole(existing.id, 'admin', now);
    await record(existing, 'admin.promote', { from: existing.role, to: 'admin', via: 'cli' });
    return { user: { ...existing, role: 'admin' }, outcome: 'promoted', generatedPassword: null };
  }

  if (typeof input.password === 'string' && !isValidPassword(input.password)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The password needs 8 to 24 characters with an uppercase and a lowercase letter, a digit and one of !@#$%^&+=().',
    );
  }
  const userType = userTypeCdSchema.safeParse(input.userType ?? USER_TYPE.company);
  if (!userType.success) {
    throw new AppError('VALIDATION_FAILED', `Not an account type: ${input.userType} (${Object.values(USER_TYPE).join(', ')})`);
  }
  const generated = typeof input.password === 'string' ? null : generatePassword();
  const password = input.password ?? generated ?? '';
  const user = await createAuthRepository(db).createUser(
    {
      email: email.data,
      firstName: input.name?.trim() || 'Administrator',
      passwordHash: await hashPassword(password),
      passwordChangedAt: now,
      passwordTemporary: generated !== null,
      userTypeCd: userType.data as UserTypeCd,
      status: 'active',
      role: 'admin',
      emailVerifiedAt: now,
      adminApprovedAt: now,
      termsAgreedAt: now,
      privacyAgreedAt: now,
    },
    DEFAULT_USER_CONFIG,
  );
  await record(user, 'admin.create', { via: 'cli', generatedPassword: generated !== null });
  return { user, outcome: 'created', generatedPassword: generated };
}

export async function listAdmins(db: AppDatabase): Promise<AdminUserRow[]> {
  return createAdminRepository(db).admins();
}
