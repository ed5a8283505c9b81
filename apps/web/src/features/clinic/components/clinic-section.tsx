import { roleMay, type Clinic } from '@ceppro/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form/field.tsx';
import { useWorkSpace } from '../../../hooks/use-work-space.ts';
import { readSession } from '../../../stores/session.ts';
import { usePopupStore } from '../../../stores/popup-store.ts';
import { useClinicAction, type ClinicAction } from '../api/clinic-actions.ts';
import { clinicErrorOf, type ClinicErrorCode } from '../lib/clinic-error.ts';
import { ClinicInvitations } from './clinic-invitations.tsx';
import { ClinicMembers } from './clinic-members.tsx';
import { ClinicProfile } from './clinic-profile.tsx';
import { CreateClinicForm, type ClinicSeed } from './create-clinic-form.tsx';
import './clinic.css';

interface Props {
  /** The account's sign-up details for a new clinic (`emptySeed` when they cannot be read); null while they load. */
  seed: ClinicSeed | null;
}

/**
 * `/clinic`: the account's clinic (docs/clinics.md). Without one, the form that creates it; with one, its
 * profile, members, the owner's invitations and invite form, and Leave. Every change answers the
 * clinic as it is afterwards, which is what the section (and the header's switcher) then shows.
 */
export function ClinicSection({ seed }: Props) {
  const { t } = useTranslation();
  const query = useWorkSpace();
  if (query.isPending || (query.data?.clinic === null && seed === null)) return <p className="field__hint">{t('clinic.loading')}</p>;
  if (query.data === undefined)
    return (
      <FormMessage kind="error" testId="clinic-load-error">
        {t('clinic.loadFailed')}{' '}
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          {t('clinic.retry')}
        </button>
      </FormMessage>
    );
  if (query.data.clinic === null) return seed === null ? null : <CreateClinicForm seed={seed} />;
  return <ClinicDetails clinic={query.data.clinic} />;
}

function ClinicDetails({ clinic }: { clinic: Clinic }) {
  const { t } = useTranslation();
  const action = useClinicAction();
  const [failure, setFailure] = useState<ClinicErrorCode | null>(null);
  const manage = roleMay(clinic.my_role, 'members.manage');
  const owners = clinic.members.filter((m) => m.role === 'owner').length;
  const mayLeave = clinic.my_role !== 'owner' || owners > 1;

  const run = async (next: ClinicAction): Promise<boolean> => {
    setFailure(null);
    try {
      await action.mutateAsync(next);
      return true;
    } catch (error) {
      setFailure(clinicErrorOf(error));
      return false;
    }
  };
  const askLeave = () =>
    usePopupStore.getState().open({
      title: t('clinic.leave.confirmTitle', { name: clinic.name }),
      text: t('clinic.leave.text'),
      textConfirm: t('clinic.leave.confirm'),
      textCancel: t('clinic.members.cancel'),
      fnConfirm: () => void run({ kind: 'leave' }),
    });

  return (
    <div className="clinic" data-testid="clinic-details" data-role={clinic.my_role}>
      <ClinicProfile clinic={clinic} />
      {failure && (
        <FormMessage kind="error" testId="clinic-error">
          {t(`clinic.errors.${failure}`)}
        </FormMessage>
      )}
      <ClinicMembers
        clinic={clinic}
        myEmail={readSession()?.email ?? null}
        manage={manage}
        busy={action.isPending}
        run={(next) => void run(next)}
      />
      {manage && <ClinicInvitations clinic={clinic} busy={action.isPending} run={run} />}
      {mayLeave && (
        <section className="clinic__block clinic-leave" aria-labelledby="clinic-leave-title">
          <h2 id="clinic-leave-title" className="clinic__heading">
            {t('clinic.leave.title')}
          </h2>
          <p className="clinic__note">{t('clinic.leave.text')}</p>
          <div className="account-form__actions">
            <button
              type="button"
              className="button button--danger"
              disabled={action.isPending}
              onClick={askLeave}
              data-testid="clinic-leave"
            >
              {t('clinic.leave.button')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
