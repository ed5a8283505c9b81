import type { UserProfile, updatePasswordRequestSchema, updateUserInfoRequestSchema } from '@ceppro/contract';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error';
import type { ClientInfo } from '../../http/require-user';
import {
  passwordChangeDueAt,
  toAuthUser,
  LINK_TTL_S,
  RATE_RULES,
  verifyProof,
  type AuditLog,
  type AuthMails,
  type AuthRepository,
  type UserPatch,
  type UserRow,
  type LinkUrls,
  type RateLimiter,
  type AuthContext,
  type PasswordHasher,
  type SessionService,
  type VerificationService,
} from '../auth';
import { isUniqueViolation } from '../../db/unique-violation';
import { authError } from '../../http/parse-body';

type UpdateInfo = z.output<typeof updateUserInfoRequestSchema>;
type UpdatePassword = z.output<typeof updatePasswordRequestSchema>;

export function toProfile(user: UserRow): UserProfile {
  return {
    ...toAuthUser(user),
    mobile_number: user.mobileNumber,
    company_name: user.companyName,
    tax_number: user.taxNumber,
    tax_email: user.taxEmail,
    phone_number: user.phoneNumber,
    fax_number: user.faxNumber,
    address1: user.address1,
    address2: user.address2,
    zip_code: user.zipCode,
    birth: user.birth,
    gender: user.gender === null ? null : user.gender ? 1 : 0,
    expires_at: user.expiresAt?.toISOString() ?? null,
    password_change_due_at: passwordChangeDueAt(user).toISOString(),
  };
}

export interface AccountService {
  profile(context: AuthContext): Promise<UserProfile>;
  updateInfo(context: AuthContext, input: UpdateInfo, client: ClientInfo): Promise<{ user: UserProfile; email_change_pending: boolean }>;
  changePassword(context: AuthContext, input: UpdatePassword, client: ClientInfo): Promise<void>;
  sendMobileCode(context: AuthContext, mobile: string, client: ClientInfo): Promise<{ sent: true; expires_in: number }>;
  updateMobile(context: AuthContext, mobile: string, code: string, client: ClientInfo): Promise<{ mobile_number: string }>;
  peekEmailChange(token: string): Promise<unknown>;
  confirmEmailChange(token: string, client: ClientInfo): Promise<void>;
}

/** My info (spec: /myinfo, /reset-email, /reset-password, /reset-mobile). */
export function createAccountService(deps: {
  repository: AuthRepository;
  verification: VerificationService;
  sessions: SessionService;
  mails: AuthMails;
  audit: AuditLog;
  limiter: RateLimiter;
  urls: LinkUrls;
  proofSecret: string;
  passwords: PasswordHasher;
}): AccountService {
  const { repository, verification, sessions, mails, audit, limiter, urls, proofSecret, passwords } = deps;

  async function load(context: AuthContext): Promise<UserRow> {
    const user = await repository.findUserById(context.userId);
    if (!user) throw new AppError('J001');
    return user;
  }

  return {
    async profile(context) {
      return toProfile(await load(context));
    },

    async updateInfo(context, input, client) {
      const user = await load(context);
      if (input.email !== undefined && input.email === user.email.toLowerCase())
        throw authError('VALIDATION_FAILED', 'auth.email.sameAsCurrent', 'email');
      if (input.taxNumber !== undefined && verifyProof(proofSecret, 'tax_check', input.taxCheckToken ?? '')?.subject !== input.taxNumber) {
        throw authError('VALIDATION_FAILED', 'auth.tax.verificationRequired', 'taxCheckToken');
      }
      const patch: UserPatch = {};
      if (input.name !== undefined) patch.firstName = input.name;
      if (input.userType !== undefined) patch.userTypeCd = input.userType;
      if (input.companyName !== undefined) patch.companyName = input.companyName;
      if (input.taxNumber !== undefined) Object.assign(patch, { taxNumber: input.taxNumber, taxVerifiedAt: new Date() });
      if (input.taxEmail !== undefined) patch.taxEmail = input.taxEmail;
      if (input.phoneNumber !== undefined) patch.phoneNumber = input.phoneNumber;
      if (input.faxNumber !== undefined) patch.faxNumber = input.faxNumber;
      if (input.address1 !== undefined) patch.address1 = input.address1;
      if (input.address2 !== undefined) patch.address2 = input.address2;
      if (input.zipCode !== undefined) patch.zipCode = input.zipCode;
      if (input.birth !== undefined) patch.birth = input.birth;
      if (input.gender !== undefined) patch.gender = input.gender;
      const updated = Object.keys(patch).length > 0 ? await repository.updateUser(user.id, patch) : user;
      if (Object.keys(patch).length > 0)
        await audit.record({ userId: user.id, action: 'profile_updated', client, detail: { fields: Object.keys(patch) } });

      // A new email takes effect when the link mailed to it is followed. Whether it is taken is only
      // checked then, so this endpoint does not reveal which emails have accounts.
      if (input.email !== undefined) {
        const token = await verification.createLink({
          purpose: 'email_change',
          userId: user.id,
          target: input.email,
          ttlS: LINK_TTL_S,
          replacePrevious: true,
        });
        await mails.emailChange(input.email, user.firstName, urls.emailChange(token));
      }
      return { user: toProfile(updated ?? user), email_change_pending: input.email !== undefined };
    },

    async changePassword(context, input, client) {
      await limiter.hit(RATE_RULES.passwordAccount, String(context.userId));
      const user = await load(context);
      if (!(await passwords.verify(user.passwordHash, input.currentPassword))) {
        throw authError('VALIDATION_FAILED', 'auth.password.currentMismatch', 'currentPassword');
      }
      if (input.password === input.currentPassword) throw authError('VALIDATION_FAILED', 'auth.password.sameAsCurrent', 'password');
      await repository.updateUser(user.id, {
        passwordHash: await passwords.hash(input.password),
        passwordChangedAt: new Date(),
        passwordTemporary: false,
        passwordReminderAt: null,
      });
      // Other devices signed in with the old password are signed out; this one stays.
      await sessions.revokeAllOf(user.id, 'password_changed', context);
      await audit.record({ userId: user.id, action: 'password_changed', client });
    },

    async sendMobileCode(context, mobile, client) {
      const user = await load(context);
      if (user.mobileNumber === mobile) throw authError('VALIDATION_FAILED', 'auth.mobile.sameAsCurrent', 'mobileNumber');
      await limiter.hit(RATE_RULES.otpSendIp, client.ip);
      await limiter.hit(RATE_RULES.otpSendTarget, mobile);
      const { expiresIn } = await verification.sendSmsCode({ purpose: 'mobile_update', mobile, userId: user.id });
      return { sent: true, expires_in: expiresIn };
    },

    async updateMobile(context, mobile, code, client) {
      const user = await load(context);
      if (user.mobileNumber === mobile) throw authError('VALIDATION_FAILED', 'auth.mobile.sameAsCurrent', 'mobileNumber');
      await limiter.hit(RATE_RULES.otpVerifyIp, client.ip);
      const row = await verification.verifySmsCode({ purpose: 'mobile_update', mobile, code });
      if (row.userId !== user.id) throw authError('K022', 'auth.code.invalid', 'code');
      await repository.updateUser(user.id, { mobileNumber: mobile, mobileVerifiedAt: new Date() });
      await audit.record({ userId: user.id, action: 'mobile_changed', client });
      return { mobile_number: mobile };
    },

    peekEmailChange: (token) => verification.peekLink('email_change', token),

    async confirmEmailChange(token, client) {
      const row = await verification.consumeLink('email_change', token);
      if (row.userId === null) throw new AppError('LINK_INVALID');
      if (await repository.emailTaken(row.target, row.userId)) throw authError('M005', 'auth.email.exists', 'email');
      try {
        await repository.updateUser(row.userId, { email: row.target, emailVerifiedAt: new Date() });
      } catch (error) {
        if (isUniqueViolation(error)) throw authError('M005', 'auth.email.exists', 'email');
        throw error;
      }
      await audit.record({ userId: row.userId, action: 'email_changed', client });
    },
  };
}
