import type { Clinic } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';

/** The clinic's name and details as created, the caller's role in it and the member count. */
export function ClinicProfile({ clinic }: { clinic: Clinic }) {
  const { t, i18n } = useTranslation();
  const none = t('clinic.profile.none');
  const address = [clinic.zip_code, clinic.address1, clinic.address2].filter((p) => p !== null && p !== '').join(' ');
  const facts: Array<[string, string]> = [
    [t('clinic.profile.taxNumber'), clinic.tax_number ?? none],
    [t('clinic.profile.taxEmail'), clinic.tax_email ?? none],
    [t('clinic.profile.phone'), clinic.phone_number ?? none],
    [t('clinic.profile.address'), address || none],
    [t('clinic.profile.created'), new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(clinic.created_at))],
  ];
  return (
    <section className="clinic__block clinic-profile" aria-labelledby="clinic-name">
      <div className="clinic-profile__head">
        <h2 id="clinic-name" className="clinic-profile__name" data-testid="clinic-profile-name">
          {clinic.name}
        </h2>
        <span className={`clinic-role clinic-role--${clinic.my_role}`} data-testid="clinic-my-role">
          {t('clinic.profile.myRole')}: {t(`clinic.roles.${clinic.my_role}`)}
        </span>
      </div>
      <p className="clinic__note">{t(`clinic.roleHints.${clinic.my_role}`)}</p>
      <dl className="clinic-profile__facts">
        {facts.map(([label, value]) => (
          <div key={label} className="clinic-profile__fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
