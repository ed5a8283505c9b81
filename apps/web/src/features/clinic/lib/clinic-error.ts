import { isApiError } from '../../../lib/api/index.ts';

/** The clinic refusals the screens explain in words (texts under `clinic.errors`). */
export const CLINIC_ERROR_CODES = [
  'CLINIC_LAST_OWNER',
  'CLINIC_ALREADY_MEMBER',
  'INVITATION_INVALID',
  'INVITATION_EMAIL_MISMATCH',
  'ROLE_FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'VALIDATION_FAILED',
] as const;
export type ClinicErrorCode = (typeof CLINIC_ERROR_CODES)[number] | 'generic';

/**
 * What to tell the user about a failed clinic call: its code when the screens explain it, `generic`
 * for anything else, or null when the HTTP client already did (an alert for a network failure or 5xx).
 */
export function clinicErrorOf(error: unknown): ClinicErrorCode | null {
  if (isApiError(error) && error.handled) return null;
  const code = isApiError(error) ? error.code : null;
  return (CLINIC_ERROR_CODES as readonly string[]).includes(code ?? '') ? (code as ClinicErrorCode) : 'generic';
}
