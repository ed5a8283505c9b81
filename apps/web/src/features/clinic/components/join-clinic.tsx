import type { MyClinic } from '@ceppro/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormMessage } from '../../../components/form/field.tsx';
import { useSwitchSpace } from '../../../hooks/use-work-space.ts';
import { paths } from '../../../routes/paths.ts';
import { useClinicAction } from '../api/clinic-actions.ts';
import { useInvitationPreview } from '../api/use-invitation-preview.ts';
import { clinicErrorOf, type ClinicErrorCode } from '../lib/clinic-error.ts';
import { forgetInvitation } from '../lib/pending-invitation.ts';
import './clinic.css';

/**
 * The signed-in half of `/clinic/join?token=`: what the invitation offers (clinic, role, inviter, until
 * when) and Accept. Refusals (used or expired, another account's, already in a clinic) are said in
 * words. Accepting does not switch the space: the page offers the switch.
 */
export function JoinClinic({ token }: { token: string | null }) {
  const { t, i18n } = useTranslation();
  const preview = useInvitationPreview(token);
  const accept = useClinicAction();
  const [failure, setFailure] = useState<ClinicErrorCode | null>(null);
  const [joined, setJoined] = useState<MyClinic | null>(null);
  // Seen signed in: nothing to bring the invitee back to any more.
  useEffect(() => forgetInvitation(), []);

  if (token === null)
    return (
      <FormMessage kind="error" testId="join-error">
        {t('clinic.join.noToken')}
      </FormMessage>
    );
  if (joined?.clinic) return <Joined clinic={joined} />;
  if (preview.isPending) return <p className="field__hint">{t('common.loading')}</p>;
  const refusal = failure ?? (preview.isError ? clinicErrorOf(preview.error) : null);
  const offer = preview.data;

  const onAccept = async () => {
    setFailure(null);
    try {
      setJoined(await accept.mutateAsync({ kind: 'accept', token }));
    } catch (error) {
      setFailure(clinicErrorOf(error));
    }
  };

  return (
    <div className="clinic-join" data-testid="clinic-join">
      {offer && (
        <>
          <p className="clinic-join__clinic" data-testid="join-clinic-name">
            {offer.clinic_name}
          </p>
          <dl className="clinic-profile__facts">
            <div className="clinic-profile__fact">
              <dt>{t('clinic.invitations.role')}</dt>
              <dd data-testid="join-role">{t(`clinic.roles.${offer.role}`)}</dd>
            </div>
            <div className="clinic-profile__fact">
              <dt>{t('clinic.invitations.email')}</dt>
              <dd>{offer.email}</dd>
            </div>
            <div className="clinic-profile__fact">
              <dt>{t('clinic.invitations.expires')}</dt>
              <dd>{new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(offer.expires_at))}</dd>
            </div>
          </dl>
          <p className="clinic__note">{t('clinic.invitations.invitedBy', { name: offer.invited_by })}</p>
          <p className="clinic__note">{t(`clinic.roleHints.${offer.role}`)}</p>
          <p className="clinic__text">{t('clinic.join.text')}</p>
        </>
      )}
      {(refusal ?? (offer?.already_member ? 'CLINIC_ALREADY_MEMBER' : null)) && (
        <FormMessage kind="error" testId="join-error">
          {t(`clinic.errors.${refusal ?? 'CLINIC_ALREADY_MEMBER'}`)}
        </FormMessage>
      )}
      {offer && !offer.already_member && (
        <div className="account-form__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={accept.isPending}
            onClick={() => void onAccept()}
            data-testid="join-accept"
          >
            {accept.isPending ? t('clinic.join.accepting') : t('clinic.join.accept')}
          </button>
        </div>
      )}
      {(refusal !== null || offer?.already_member) && (
        <Link to={paths.list.to(0)} className="button button--secondary" data-testid="join-to-list">
          {t('clinic.join.toList')}
        </Link>
      )}
    </div>
  );
}

function Joined({ clinic: answer }: { clinic: MyClinic }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const switchTo = useSwitchSpace();
  const clinic = answer.clinic;
  if (clinic === null) return null;
  const role = t(`clinic.roles.${clinic.my_role}`);
  return (
    <div className="clinic-join" data-testid="clinic-joined">
      <FormMessage kind="success" testId="join-done">
        {t('clinic.join.joined', { name: clinic.name, role })}
      </FormMessage>
      <p className="clinic__note">{t('clinic.join.switchHint')}</p>
      <div className="account-form__actions">
        <Link to={paths.list.to(0)} className="button button--secondary" data-testid="join-to-list">
          {t('clinic.join.toList')}
        </Link>
        <button
          type="button"
          className="button button--primary"
          disabled={switchTo.isPending}
          onClick={() =>
            void switchTo.mutateAsync(clinic.uuid).then(
              () => navigate(paths.list.to(0)),
              () => undefined,
            )
          }
          data-testid="join-switch"
        >
          {t('clinic.join.switchNow', { name: clinic.name })}
        </button>
      </div>
    </div>
  );
}
