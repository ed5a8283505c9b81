import type { signUpRequestSchema } from '@ceppro/contract';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ObjectStorage } from '../../storage/object-storage';
import type { AuditLog, ClientInfo } from './audit';
import type { AuthMails } from './auth-mail';
import { isUniqueViolation } from '../../db/unique-violation';
import { ClaimTakenError, type AuthRepository } from './auth.repository';
import { LINK_TTL_S, type LinkUrls } from './login.service';
import { checkLicenseFile, type LicenseContentType } from './license-file';
import { authError } from '../../http/parse-body';
import type { PasswordHasher } from './password-hash';
import { RATE_RULES, type RateLimiter } from './rate-limit';
import { sha256Hex, signProof, verifyProof, type ProofPurpose } from './tokens';
import type { VerificationService } from './verification.service';

/**
 * How long the proofs of the earlier form steps stay valid before the form must be submitted. Each
 * carries a random nonce (the proof's `extra`), so two checks of one value give two proofs, each
 * spent by one sign-up.
 */
const PROOF_TTL_S = 30 * 60;
/** A licence upload's token lives this long; an upload not used by a sign-up by then is swept. */
const LICENSE_TTL_S = 3600;

type SignUpInput = z.output<typeof signUpRequestSchema>;

const CLAIM_KEYS: Partial<Record<string, Parameters<typeof authError>[1]>> = {
  mobileToken: 'auth.mobile.verificationRequired',
  taxCheckToken: 'auth.tax.verificationRequired',
  emailCheckToken: 'auth.email.checkRequired',
};

/** Viewer defaults of a new account's settings row (docs/spec-points.md §2, viewer defaults). */
export const DEFAULT_USER_CONFIG = {
  hardTissueColor: '#FFFF00',
  softTissueColor: '#00FFFF',
  hardTissueSize: 3,
  softTissueSize: 3,
} as const;

export interface SignUpService {
  checkEmail(email: string, client: ClientInfo): Promise<{ exists: boolean; email_check_token: string | null }>;
  checkTax(taxNumber: string, client: ClientInfo): Promise<{ valid: true; tax_check_token: string }>;
  sendMobileCode(mobile: string, client: ClientInfo): Promise<{ sent: true; expires_in: number }>;
  verifyMobileCode(mobile: string, code: string, client: ClientInfo): Promise<{ mobile_token: string }>;
  uploadLicense(
    file: { filename: string; bytes: Buffer },
    client: ClientInfo,
  ): Promise<{ license_token: string; content_type: LicenseContentType; size: number }>;
  signUp(input: SignUpInput, client: ClientInfo): Promise<{ email: string; activation_mail_sent: boolean }>;
}

export function createSignUpService(deps: {
  repository: AuthRepository;
  verification: VerificationService;
  storage: ObjectStorage;
  mails: AuthMails;
  audit: AuditLog;
  limiter: RateLimiter;
  urls: LinkUrls;
  proofSecret: string;
  log: FastifyBaseLogger;
  passwords: PasswordHasher;
}): SignUpService {
  const { repository, verification, storage, mails, audit, limiter, urls, proofSecret, log, passwords } = deps;

  /** A proof must be ours, unexpired, and about exactly this value; else the step must be redone. */
  function requireProof(purpose: ProofPurpose, token: string, subject: string, field: string, key: Parameters<typeof authError>[1]): void {
    if (verifyProof(proofSecret, purpose, token)?.subject !== subject) throw authError('VALIDATION_FAILED', key, field);
  }

  return {
    async checkEmail(email, client) {
      await limiter.hit(RATE_RULES.emailCheckIp, client.ip);
      if (await repository.emailTaken(email)) return { exists: true, email_check_token: null };
      return { exists: false, email_check_token: signProof(proofSecret, 'email_check', email, PROOF_TTL_S, randomUUID()) };
    },

    async checkTax(taxNumber, client) {
      // The checksum already passed in the schema; this is the "business number verification" step.
      await limiter.hit(RATE_RULES.taxCheckIp, client.ip);
      return { valid: true, tax_check_token: signProof(proofSecret, 'tax_check', taxNumber, PROOF_TTL_S, randomUUID()) };
    },

    async sendMobileCode(mobile, client) {
      await limiter.hit(RATE_RULES.otpSendIp, client.ip);
      await limiter.hit(RATE_RULES.otpSendTarget, mobile);
      const { expiresIn } = await verification.sendSmsCode({ purpose: 'mobile_signup', mobile, userId: null });
      return { sent: true, expires_in: expiresIn };
    },

    async verifyMobileCode(mobile, code, client) {
      await limiter.hit(RATE_RULES.otpVerifyIp, client.ip);
      await verification.verifySmsCode({ purpose: 'mobile_signup', mobile, code });
      return { mobile_token: signProof(proofSecret, 'mobile_signup', mobile, PROOF_TTL_S, randomUUID()) };
    },

    async uploadLicense({ filename, bytes }, client) {
      const { contentType, ext } = checkLicenseFile(filename, bytes);
      await limiter.hit(RATE_RULES.uploadIp, client.ip);
      // Not yet tied to an account: sign-up records the key; unclaimed uploads can be swept by age.
      const key = `licenses/pending/${randomUUID()}.${ext}`;
      await repository.addLicenseUpload(key, new Date(Date.now() + LICENSE_TTL_S * 1000));
      await storage.putObject(key, bytes, { contentType });
      return { license_token: signProof(proofSecret, 'license', key, LICENSE_TTL_S), content_type: contentType, size: bytes.length };
    },

    async signUp(input, client) {
      requireProof('email_check', input.emailCheckToken, input.email, 'emailCheckToken', 'auth.email.checkRequired');
      requireProof('tax_check', input.taxCheckToken, input.taxNumber, 'taxCheckToken', 'auth.tax.verificationRequired');
      requireProof('mobile_signup', input.mobileToken, input.mobileNumber, 'mobileToken', 'auth.mobile.verificationRequired');
      let licensePath: string | null = null;
      if (input.licenseToken !== undefined) {
        licensePath = verifyProof(proofSecret, 'license', input.licenseToken)?.subject ?? null;
        if (licensePath === null || !(await storage.exists(licensePath)))
          throw authError('VALIDATION_FAILED', 'auth.token.invalid', 'licenseToken');
      }
      // A clinic signs its staff up from one address; a day's cap per address and per business
      // number stops one source from minting accounts without end.
      await limiter.hit(RATE_RULES.signUpIp, client.ip);
      await limiter.hit(RATE_RULES.signUpIpDay, client.ip);
      await limiter.hit(RATE_RULES.signUpTaxDay, input.taxNumber);
      if (await repository.emailTaken(input.email)) throw authError('M005', 'auth.email.exists', 'email');

      const now = new Date();
      let user;
      try {
        user = await repository.createUser(
          {
            email: input.email,
            firstName: input.name,
            passwordHash: await passwords.hash(input.password),
            passwordChangedAt: now,
            userTypeCd: input.userType,
            status: 'pending_email',
            mobileNumber: input.mobileNumber,
            mobileVerifiedAt: now,
            companyName: input.companyName,
            taxNumber: input.taxNumber,
            taxVerifiedAt: now,
            taxEmail: input.taxEmail,
            phoneNumber: input.phoneNumber,
            faxNumber: input.faxNumber,
            address1: input.address1,
            address2: input.address2,
            zipCode: input.zipCode,
            birth: input.birth,
            gender: input.gender,
            licensePath,
            termsAgreedAt: now,
            privacyAgreedAt: now,
            ssoAgreedAt: now,
          },
          DEFAULT_USER_CONFIG,
          {
            // Each proof works for one sign-up; it cannot outlive PROOF_TTL_S from now.
            proofs: (['mobileToken', 'taxCheckToken', 'emailCheckToken'] as const).map((field) => ({
              field,
              tokenHash: sha256Hex(input[field]),
              expiresAt: new Date(now.getTime() + PROOF_TTL_S * 1000),
            })),
            licenseKey: licensePath,
          },
        );
      } catch (error) {
        // A replayed proof reads like a missing one: that step of the form must be done again.
        if (error instanceof ClaimTakenError)
          throw authError('VALIDATION_FAILED', CLAIM_KEYS[error.field] ?? 'auth.token.invalid', error.field);
        // Two sign-ups racing for one email: the unique index decides.
        if (isUniqueViolation(error)) throw authError('M005', 'auth.email.exists', 'email');
        throw error;
      }
      await audit.record({ userId: user.id, action: 'sign_up', client, detail: { userType: user.userTypeCd } });

      const token = await verification.createLink({
        purpose: 'email_activation',
        userId: user.id,
        target: user.email,
        ttlS: LINK_TTL_S,
        replacePrevious: true,
      });
      try {
        await mails.activation(user.email, user.firstName, urls.activation(token), 'sign_up');
        return { email: user.email, activation_mail_sent: true };
      } catch (error) {
        log.error({ err: error, userId: user.id }, 'activation mail failed');
        return { email: user.email, activation_mail_sent: false };
      }
    },
  };
}
