import { CLINIC_INVITATION_TTL_DAYS, CLINIC_ROLES, inviteClinicMemberRequestSchema, type Clinic, type ClinicRole } from '@ceppro/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Field, FormMessage } from '../../../components/form/field.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import type { ClinicAction } from '../api/clinic-actions.ts';
import { ClinicTable } from './clinic-table.tsx';

interface Props {
  clinic: Clinic;
  busy: boolean;
  /** Resolves true when the server took the action. */
  run: (action: ClinicAction) => Promise<boolean>;
}

const inviteSchema = z.object({ email: z.string().trim().pipe(inviteClinicMemberRequestSchema.shape.email), role: z.enum(CLINIC_ROLES) });
type InviteValues = z.input<typeof inviteSchema>;

/** The owner's pending invitations (expired ones flagged: invite again to send a new link), Revoke, and the invite form. */
export function ClinicInvitations({ clinic, busy, run }: Props) {
  const { t, i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <section className="clinic__block" aria-labelledby="clinic-invitations-title">
      <h2 id="clinic-invitations-title" className="clinic__heading">
        {t('clinic.invitations.title')}
      </h2>
      {clinic.invitations.length === 0 ? (
        <p className="clinic__empty" data-testid="clinic-no-invitations">
          {t('clinic.invitations.none')}
        </p>
      ) : (
        <ClinicTable
          testId="clinic-invitations"
          columns={[
            { key: 'email', text: t('clinic.invitations.email') },
            { key: 'role', text: t('clinic.invitations.role') },
            { key: 'expires', text: t('clinic.invitations.expires') },
            { key: 'revoke', label: t('clinic.invitations.revoke') },
          ]}
        >
          {clinic.invitations.map((invitation) => (
            <tr key={invitation.id} data-testid="clinic-invitation" data-email={invitation.email}>
              <td>
                <span className="clinic-table__email">{invitation.email}</span>
                <span className="clinic__note">{t('clinic.invitations.invitedBy', { name: invitation.invited_by })}</span>
              </td>
              <td>{t(`clinic.roles.${invitation.role}`)}</td>
              <td>
                {invitation.expired ? (
                  <span className="clinic-badge clinic-badge--expired">{t('clinic.invitations.expired')}</span>
                ) : (
                  day.format(new Date(invitation.expires_at))
                )}
              </td>
              <td>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy}
                  onClick={() => void run({ kind: 'revoke', invitationId: invitation.id })}
                  data-testid="invitation-revoke"
                >
                  {t('clinic.invitations.revoke')}
                </button>
              </td>
            </tr>
          ))}
        </ClinicTable>
      )}
      <InviteForm busy={busy} run={run} />
    </section>
  );
}

function InviteForm({ busy, run }: Pick<Props, 'busy' | 'run'>) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<InviteValues, unknown, z.output<typeof inviteSchema>>({
    resolver: schemaResolver(inviteSchema),
    defaultValues: { email: '', role: 'doctor' },
  });
  const onSubmit = handleSubmit(async ({ email, role }) => {
    setSent(null);
    if (await run({ kind: 'invite', email, role })) {
      setSent(email);
      reset({ email: '', role });
    }
  });
  return (
    <form className="clinic-invite" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="clinic-invite">
      <h3 className="clinic__subheading">{t('clinic.invitations.inviteTitle')}</h3>
      <p className="clinic__note">{t('clinic.invitations.inviteText', { days: CLINIC_INVITATION_TTL_DAYS })}</p>
      <div className="clinic-invite__row">
        <Field
          label={t('clinic.invitations.inviteEmail')}
          htmlFor="invite-email"
          error={formState.errors.email ? t('clinic.create.invalidEmail') : undefined}
        >
          <input id="invite-email" className="input" type="email" autoComplete="off" {...register('email')} data-testid="invite-email" />
        </Field>
        <Field label={t('clinic.invitations.inviteRole')} htmlFor="invite-role">
          <select id="invite-role" className="select" {...register('role')} data-testid="invite-role">
            {CLINIC_ROLES.map((role: ClinicRole) => (
              <option key={role} value={role}>
                {t(`clinic.roles.${role}`)}
              </option>
            ))}
          </select>
        </Field>
        <button
          type="submit"
          className="button button--primary clinic-invite__send"
          disabled={busy || formState.isSubmitting}
          data-testid="invite-send"
        >
          {t('clinic.invitations.send')}
        </button>
      </div>
      {sent && (
        <FormMessage kind="success" testId="invite-sent">
          {t('clinic.invitations.sent', { email: sent })}
        </FormMessage>
      )}
    </form>
  );
}
