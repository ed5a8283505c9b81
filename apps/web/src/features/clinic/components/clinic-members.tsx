import { CLINIC_ROLES, type Clinic, type ClinicMember, type ClinicRole } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { usePopupStore } from '../../../stores/popup-store.ts';
import type { ClinicAction } from '../api/clinic-actions.ts';
import { ClinicTable } from './clinic-table.tsx';

interface Props {
  clinic: Clinic;
  /** The caller's sign-in email (their row is marked and has no Remove: they leave instead). */
  myEmail: string | null;
  /** Owners change roles and remove members. */
  manage: boolean;
  busy: boolean;
  run: (action: ClinicAction) => void;
}

/**
 * The clinic's live members: name, email, role, joined. The owner changes a role (asked first, with
 * what the role may do) and removes a member (asked first); the server keeps the clinic with an owner.
 */
export function ClinicMembers({ clinic, myEmail, manage, busy, run }: Props) {
  const { t, i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const ask = usePopupStore((s) => s.open);

  const askRole = (member: ClinicMember, role: ClinicRole) =>
    ask({
      title: t('clinic.members.roleTitle', { name: member.name, role: t(`clinic.roles.${role}`) }),
      text: t('clinic.members.roleText', { role: t(`clinic.roles.${role}`), hint: t(`clinic.roleHints.${role}`) }),
      textConfirm: t('clinic.members.roleConfirm'),
      textCancel: t('clinic.members.cancel'),
      fnConfirm: () => run({ kind: 'changeRole', memberUuid: member.user_uuid, role }),
    });
  const askRemove = (member: ClinicMember) =>
    ask({
      title: t('clinic.members.removeTitle', { name: member.name }),
      text: t('clinic.members.removeText', { name: member.name }),
      textConfirm: t('clinic.members.removeConfirm'),
      textCancel: t('clinic.members.cancel'),
      fnConfirm: () => run({ kind: 'remove', memberUuid: member.user_uuid }),
    });

  return (
    <section className="clinic__block" aria-labelledby="clinic-members-title">
      <h2 id="clinic-members-title" className="clinic__heading">
        {t('clinic.members.title')} <span className="clinic__count">{clinic.seats}</span>
      </h2>
      <ClinicTable
        testId="clinic-members"
        columns={[
          { key: 'name', text: t('clinic.members.name') },
          { key: 'email', text: t('clinic.members.email') },
          { key: 'role', text: t('clinic.members.role') },
          { key: 'joined', text: t('clinic.members.joined') },
          ...(manage ? [{ key: 'actions', text: t('clinic.members.actions') }] : []),
        ]}
      >
        {clinic.members.map((member) => {
          const me = myEmail !== null && member.email.toLowerCase() === myEmail.toLowerCase();
          return (
            <tr key={member.user_uuid} data-testid="clinic-member" data-email={member.email}>
              <td>
                <strong>{member.name}</strong>
                {me && <span className="clinic__you"> ({t('clinic.members.you')})</span>}
              </td>
              <td>
                <span className="clinic-table__email">{member.email}</span>
              </td>
              <td>
                {manage ? (
                  <select
                    className="select clinic-table__role"
                    value={member.role}
                    disabled={busy}
                    aria-label={t('clinic.members.changeRole', { name: member.name })}
                    onChange={(e) => askRole(member, e.target.value as ClinicRole)}
                    data-testid="member-role"
                  >
                    {CLINIC_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {t(`clinic.roles.${role}`)}
                      </option>
                    ))}
                  </select>
                ) : (
                  <span className={`clinic-role clinic-role--${member.role}`} data-testid="member-role-text">
                    {t(`clinic.roles.${member.role}`)}
                  </span>
                )}
              </td>
              <td>{day.format(new Date(member.joined_at))}</td>
              {manage && (
                <td>
                  {!me && (
                    <button
                      type="button"
                      className="button button--secondary clinic-table__remove"
                      disabled={busy}
                      onClick={() => askRemove(member)}
                      data-testid="member-remove"
                    >
                      {t('clinic.members.remove')}
                    </button>
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </ClinicTable>
    </section>
  );
}
