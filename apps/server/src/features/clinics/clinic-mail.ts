import type { ClinicRole } from '@ceppro/contract';
import { composeMail } from '../../mail/compose';
import type { Mailer } from '../../mail/mailer';

export interface ClinicInvitationMail {
  to: string;
  clinicName: string;
  inviterName: string;
  role: ClinicRole;
  /** The accept link (PUBLIC_URL + the web's accept page + the token). */
  url: string;
  expiresAt: Date;
}

export interface ClinicMails {
  invitation(mail: ClinicInvitationMail): Promise<void>;
}

const ROLE_NAMES: Record<ClinicRole, string> = { owner: 'an owner', doctor: 'a doctor', assistant: 'an assistant' };

export function createClinicMails(mailer: Mailer): ClinicMails {
  return {
    async invitation({ to, clinicName, inviterName, role, url, expiresAt }) {
      await mailer.send(
        composeMail(
          to,
          `Ceppro: ${inviterName} invites you to ${clinicName}`,
          [
            'Hello,',
            `${inviterName} invites you to join ${clinicName} on Ceppro as ${ROLE_NAMES[role]}, to work on the clinic's patients together.`,
            'Open the link below and sign in with this email address, or sign up with it if you have no account yet, then accept.',
            `The invitation is valid until ${expiresAt.toISOString().slice(0, 10)} (7 days) and works once. ` +
              'If you did not expect it, ignore this mail.',
          ],
          { label: 'Join the clinic', url },
        ),
      );
    },
  };
}
