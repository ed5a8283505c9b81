import { composeMail as compose } from '../../mail/compose';
import type { MailMessage, Mailer } from '../../mail/mailer';

/** The account mails (mail/compose.ts): links are absolute, built from PUBLIC_URL, and carry a single-use token. */
export interface AuthMails {
  activation(to: string, name: string, url: string, reason: 'sign_up' | 'locked' | 'resend'): Promise<void>;
  ipApproval(to: string, name: string, url: string, ip: string): Promise<void>;
  temporaryPassword(to: string, name: string, password: string): Promise<void>;
  emailChange(to: string, name: string, url: string): Promise<void>;
}

export function createAuthMails(mailer: Mailer): AuthMails {
  const send = async (message: MailMessage) => {
    await mailer.send(message);
  };
  return {
    activation: (to, name, url, reason) =>
      send(
        compose(
          to,
          reason === 'locked' ? 'Ceppro: sign-in locked, activate your account again' : 'Ceppro: confirm your email address',
          [
            `Hello ${name},`,
            reason === 'locked'
              ? 'Sign-in to your Ceppro account failed 10 times, so the account was locked. If that was you, ' +
                'open the link below to agree and confirm, then sign in again. If it was not you, change your ' +
                'password after activating.'
              : 'Thank you for signing up for Ceppro. Open the link below to agree and confirm your email ' +
                'address; you can sign in afterwards.',
            'The link is valid for 24 hours and works once.',
          ],
          { label: 'Agree and confirm', url },
        ),
      ),
    ipApproval: (to, name, url, ip) =>
      send(
        compose(
          to,
          'Ceppro: approve sign-in from a new IP address',
          [
            `Hello ${name},`,
            `Someone signed in to your Ceppro account with the correct password from ` +
              `an IP address you have not used before (${ip}). Sign-in from it stays blocked ` +
              `until you approve it.`,
            'If that was you, press the approval button below, then sign in again. If it was not you, do not ' +
              'approve it and change your password.',
          ],
          { label: 'Approve this IP address', url },
        ),
      ),
    temporaryPassword: (to, name, password) =>
      send(
        compose(to, 'Ceppro: your temporary password', [
          `Hello ${name},`,
          `Your temporary password is: ${password}`,
          'Sign in with it; you will be asked to choose a new password right away. If you did not ask for this, contact us.',
        ]),
      ),
    emailChange: (to, name, url) =>
      send(
        compose(
          to,
          'Ceppro: confirm your new email address',
          [
            `Hello ${name},`,
            'Open the link below to make this address the email of your Ceppro account. Until then the old address stays in use.',
            'The link is valid for 24 hours.',
          ],
          { label: 'Confirm new email', url },
        ),
      ),
  };
}
